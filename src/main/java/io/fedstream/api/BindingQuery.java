package io.fedstream.api;

import io.fedstream.decide.Workloads;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingNames;
import io.fedstream.config.WorkloadKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * Bindings with their admission state, from the namespace pass's {@link Workloads#STORE} (each workload's record holds
 * its binding), keyed namespace first and partitioned by namespace: each question goes to the instance active for the
 * namespace's partition, and a namespace is one range of its store.
 */
final class BindingQuery {

    private final FanOut fanOut;

    BindingQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** Every binding named {@code name} in {@code namespace}: none, one, or several when workloads share the name. */
    List<ResourceBinding> byName(String namespace, String name) {
        return fanOut.atKey(Workloads.STORE, namespace, partition -> byName(namespace, name, Set.of(partition)),
                "/internal/resourcebindings/" + PeerClient.segment(namespace) + "/" + PeerClient.segment(name),
                BindingObject::itemsFromJson);
    }

    /** Every binding of a namespace. */
    List<ResourceBinding> inNamespace(String namespace) {
        return fanOut.atKey(Workloads.STORE, namespace, partition -> inNamespace(namespace, Set.of(partition)),
                "/internal/resourcebindings?namespace=" + PeerClient.segment(namespace), BindingObject::itemsFromJson);
    }

    /** Every binding of every namespace, from every instance. */
    List<ResourceBinding> all() {
        return fanOut.everywhere(Workloads.STORE, this::all, "/internal/resourcebindings", BindingObject::itemsFromJson);
    }

    /** The binding of one workload key {@code group/kind/namespace/name}. */
    Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        String namespace = WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse("");
        return fanOut.findAtKey(Workloads.STORE, namespace, partition -> byWorkloadKey(workloadKey, partition),
                "/internal/workloads/" + PeerClient.segments(workloadKey), BindingObject::fromJson);
    }

    /** This instance's bindings named {@code name} in {@code namespace}, from the given partitions. */
    List<ResourceBinding> byName(String namespace, String name, Set<Integer> partitions) {
        return inNamespace(namespace, partitions).stream()
                .filter(binding -> BindingNames.of(binding).map(n -> n.name().equals(name)).orElse(false))
                .toList();
    }

    /** This instance's bindings of a namespace, from the given partitions. */
    List<ResourceBinding> inNamespace(String namespace, Set<Integer> partitions) {
        List<ResourceBinding> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            fanOut.read(Workloads.STORE, partition, () -> {
                try (KeyValueIterator<String, WorkloadRecord> entries = Workloads.inNamespace(fanOut.store(Workloads.STORE, partition), namespace)) {
                    entries.forEachRemaining(entry -> add(found, entry.value));
                }
                return found;
            });
        }
        return found;
    }

    /** This instance's bindings of every namespace, from the given partitions. */
    List<ResourceBinding> all(Set<Integer> partitions) {
        List<ResourceBinding> found = new ArrayList<>();
        fanOut.<WorkloadRecord>values(Workloads.STORE, partitions).forEach(record -> add(found, record));
        return found;
    }

    /** This instance's binding of a workload key, from the given partition. */
    Optional<ResourceBinding> byWorkloadKey(String workloadKey, int partition) {
        return fanOut.read(Workloads.STORE, partition, () -> Optional.ofNullable(
                fanOut.<WorkloadRecord>store(Workloads.STORE, partition).get(Workloads.storeKey(workloadKey))).map(WorkloadRecord::getBinding));
    }

    /** A record holds a binding unless the workload is known only by what else it keeps (none yet, or deleted). */
    private static void add(List<ResourceBinding> found, WorkloadRecord record) {
        if (record.getBinding() != null) {
            found.add(record.getBinding());
        }
    }
}
