package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.Charge;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.avro.ResourceBinding;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
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
        move(Map.of(), Contribution.of(admitted));
    }

    /** Replaces the contribution of {@code before} (null: none) by that of {@code after} (null: none). */
    void replace(ResourceBinding before, ResourceBinding after) {
        replace(before, after, null);
    }

    /** As {@link #replace(ResourceBinding, ResourceBinding)}, given {@code after}'s charge (null: not known). */
    void replace(ResourceBinding before, ResourceBinding after, Charge afterCharge) {
        Added last = before == null ? null : addedInProcessing.get(before.getWorkloadKey());
        Map<String, Aggregate> removed = last != null && last.binding() == before ? last.contribution() : Contribution.of(before);
        Map<String, Aggregate> added = Contribution.of(after, afterCharge);
        if (after != null) {
            addedInProcessing.put(after.getWorkloadKey(), new Added(after, added));
        }
        move(removed, added);
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
