package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.Charge;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.avro.Component;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Keeps the aggregates store incrementally: when a workload's admitted version changes, only the keys it touches move.
 * The store is derived from the workloads' records, so it is not logged: a task rebuilds it when it starts. It is there
 * for the query API alone, so the keys that moved are written when asked ({@link #write()}: before each commit), not at
 * the end of every processing: encoding and writing them each time was 3.5% of the workload stream thread
 * (docs/benchmarks.md, 2026-12-07 21:29).
 */
final class AggregatesUpdater {

    private static final long POD_UNITS = 1000;
    private static final String PODS = "pods";

    private final KeyValueStore<String, byte[]> store;
    /**
     * What the store holds, decoded: the store is there for the query API, and reading each key back from it and
     * decoding it for every admitted workload cost more than the sums themselves. One entry per namespace, component
     * and cluster share, not per workload.
     */
    private final Map<String, Aggregate> current = new HashMap<>();
    /** The keys moved since the last {@link #write()}: a workload admitted and placed in one processing moves them twice. */
    private final Set<String> unwritten = new HashSet<>();
    /**
     * The contribution added last for each workload in the processing under way, with the binding it is of: a
     * workload admitted and placed in one processing takes out at its placement what its admission added, and computing
     * it again (its charge included) was a third of the aggregates' time.
     */
    private final Map<String, Added> addedInProcessing = new HashMap<>();

    private record Added(ResourceBinding binding, Map<String, Aggregate> contribution) {}

    /** An updater of {@code store}, which must be empty: the task's start rebuilds it ({@link AdmitStores#empty}). */
    AggregatesUpdater(KeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** Counts a stored workload's admitted version (null: none), as the task's start walks them. */
    void count(ResourceBinding admitted) {
        move(Map.of(), contribution(admitted, null));
    }

    /** Replaces the contribution of {@code before} (null: none) by that of {@code after} (null: none). */
    void replace(ResourceBinding before, ResourceBinding after) {
        replace(before, after, null);
    }

    /** As {@link #replace(ResourceBinding, ResourceBinding)}, given {@code after}'s charge (null: not known). */
    void replace(ResourceBinding before, ResourceBinding after, Charge afterCharge) {
        Added last = before == null ? null : addedInProcessing.get(before.getWorkloadKey());
        Map<String, Aggregate> removed = last != null && last.binding() == before ? last.contribution()
                : contribution(before, null);
        Map<String, Aggregate> added = contribution(after, afterCharge);
        if (after != null) {
            addedInProcessing.put(after.getWorkloadKey(), new Added(after, added));
        }
        move(removed, added);
    }

    /**
     * What one admitted binding (null: none) adds to each aggregate, by aggregate key: its namespace total and each
     * component's total (times the number of full copies it runs), and its charge on each placed cluster; {@code known}
     * is its charge ({@link BindingDemand#charge}; null: not known).
     */
    private static Map<String, Aggregate> contribution(ResourceBinding binding, Charge known) {
        Map<String, Aggregate> out = new TreeMap<>();
        if (binding == null || binding.getNamespace().isEmpty()) {
            // A cluster-scoped object (a Namespace, a ClusterRole) runs no pods and belongs to no namespace's
            // aggregates.
            return out;
        }
        long copies = BindingDemand.copies(binding);
        String namespace = binding.getNamespace();
        long pods = 0;
        Resources total = Resources.NONE;
        for (Component component : binding.getComponents()) {
            long replicas = Math.multiplyExact(component.getReplicas(), copies);
            Resources resources = Resources.fromQuantities(component.getTotal()).times(copies);
            pods = Math.addExact(pods, replicas);
            total = total.plus(resources);
            out.merge(AggregateKeys.component(namespace, binding.getKind(), component.getName()),
                    Aggregate.of(replicas, resources),
                    (a, b) -> new Aggregate(1, a.replicas() + b.replicas(), a.resources().plus(b.resources())));
        }
        out.put(AggregateKeys.namespace(namespace), Aggregate.of(pods, total));
        Charge charge = known != null ? known : BindingDemand.charge(binding);
        charge.clusters().forEach((cluster, amounts) -> {
            Resources.Builder resources = new Resources.Builder(4);
            amounts.forEach((resource, amount) -> {
                if (!resource.equals(PODS)) {
                    resources.add(resource, amount);
                }
            });
            out.put(AggregateKeys.cluster(cluster, namespace),
                    Aggregate.of(amounts.get(PODS) / POD_UNITS, resources.build()));
        });
        return out;
    }

    private void move(Map<String, Aggregate> removed, Map<String, Aggregate> added) {
        TreeSet<String> keys = new TreeSet<>(removed.keySet());
        keys.addAll(added.keySet());
        for (String key : keys) {
            Aggregate old = removed.getOrDefault(key, Aggregate.NONE);
            Aggregate now = added.getOrDefault(key, Aggregate.NONE);
            if (old.equals(now)) {
                continue;
            }
            Aggregate next = current.getOrDefault(key, Aggregate.NONE).minus(old).plus(now);
            if (next.isEmpty()) {
                current.remove(key);
            } else {
                current.put(key, next);
            }
            unwritten.add(key);
        }
    }

    /** The processing under way ends. */
    void endProcessing() {
        addedInProcessing.clear();
    }

    /** Writes the aggregates changed since the last call to the store, where queries read them. */
    void write() {
        for (String key : unwritten) {
            Aggregate aggregate = current.get(key);
            if (aggregate == null) {
                store.delete(key);
            } else {
                store.put(key, LedgerCodecs.AGGREGATE.encode(aggregate));
            }
        }
        unwritten.clear();
    }
}
