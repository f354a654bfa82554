package io.fedstream.api;

import io.fedstream.decide.AdmitStores;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingNames;
import io.fedstream.config.WorkloadKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Bindings with their admission state, from the admit stage's {@link AdmitStores#BINDINGS} and its names index
 * {@link AdmitStores#BINDING_NAMES}, both partitioned by namespace: each question goes to the instance active for the
 * namespace's partition.
 */
final class BindingQuery {

    private static final StringSerializer KEYS = new StringSerializer();

    private final FanOut fanOut;

    BindingQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** Every binding named {@code name} in {@code namespace}: none, one, or several when workloads share the name. */
    List<ResourceBinding> byName(String namespace, String name) {
        return fanOut.atKey(AdmitStores.BINDINGS, namespace, partition -> byName(namespace, name, Set.of(partition)),
                "/internal/resourcebindings/" + PeerClient.segment(namespace) + "/" + PeerClient.segment(name),
                BindingObject::itemsFromJson);
    }

    /** Every binding of a namespace. */
    List<ResourceBinding> inNamespace(String namespace) {
        return fanOut.atKey(AdmitStores.BINDINGS, namespace, partition -> inNamespace(namespace, Set.of(partition)),
                "/internal/resourcebindings?namespace=" + PeerClient.segment(namespace), BindingObject::itemsFromJson);
    }

    /** Every binding of every namespace, from every instance. */
    List<ResourceBinding> all() {
        return fanOut.everywhere(AdmitStores.BINDINGS, this::all, "/internal/resourcebindings", BindingObject::itemsFromJson);
    }

    /** The binding of one workload key {@code group/kind/namespace/name}. */
    Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        String namespace = WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse("");
        return fanOut.findAtKey(AdmitStores.BINDINGS, namespace, partition -> byWorkloadKey(workloadKey, partition),
                "/internal/workloads/" + PeerClient.segments(workloadKey), BindingObject::fromJson);
    }

    /** This instance's bindings named {@code name} in {@code namespace}, from the given partitions. */
    List<ResourceBinding> byName(String namespace, String name, Set<Integer> partitions) {
        return scan(BindingNames.prefix(namespace, name), partitions);
    }

    /** This instance's bindings of a namespace, from the given partitions. */
    List<ResourceBinding> inNamespace(String namespace, Set<Integer> partitions) {
        return scan(BindingNames.namespacePrefix(namespace), partitions);
    }

    /** This instance's bindings of every namespace, from the given partitions. */
    List<ResourceBinding> all(Set<Integer> partitions) {
        return fanOut.values(AdmitStores.BINDINGS, partitions);
    }

    /** This instance's binding of a workload key, from the given partition. */
    Optional<ResourceBinding> byWorkloadKey(String workloadKey, int partition) {
        return fanOut.read(AdmitStores.BINDINGS, partition,
                () -> Optional.ofNullable(fanOut.<ResourceBinding>store(AdmitStores.BINDINGS, partition).get(workloadKey)));
    }

    /** Index entries of each partition resolved against the bindings table of the same partition (the same task). */
    private List<ResourceBinding> scan(String prefix, Set<Integer> partitions) {
        List<ResourceBinding> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            fanOut.read(AdmitStores.BINDING_NAMES, partition, () -> {
                ReadOnlyKeyValueStore<String, ResourceBinding> bindings = fanOut.store(AdmitStores.BINDINGS, partition);
                ReadOnlyKeyValueStore<String, String> names = fanOut.store(AdmitStores.BINDING_NAMES, partition);
                try (KeyValueIterator<String, String> entries = names.prefixScan(prefix, KEYS)) {
                    entries.forEachRemaining(entry -> {
                        ResourceBinding binding = bindings.get(entry.value);
                        if (binding != null) {
                            found.add(binding);
                        }
                    });
                }
                return found;
            });
        }
        return found;
    }
}
