package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.config.Topic;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The latest binding of each workload of the task, in the bytes {@code fedstream.bindings} carried it in, and the index
 * of the clusters each is placed on ({@link PlaceFailoverStores#BINDINGS}, {@link PlaceFailoverStores#CLUSTER_WORKLOADS}).
 */
final class WorkloadBindings {

    private final KeyValueStore<String, byte[]> latest;
    private final KeyValueStore<String, String> byCluster;
    private final String topic;
    private final Deserializer<ResourceBinding> values;

    WorkloadBindings(KeyValueStore<String, byte[]> latest, KeyValueStore<String, String> byCluster, Topic<String, ResourceBinding> bindings) {
        this.latest = latest;
        this.byCluster = byCluster;
        this.topic = bindings.name();
        this.values = bindings.valueSerde().deserializer();
    }

    /** The workload's latest binding, null when there is none (never seen, or deleted). */
    ResourceBinding of(String workloadKey) {
        return values.deserialize(topic, latest.get(workloadKey));
    }

    /**
     * Keeps {@code binding} as the workload's latest, stored as {@code bytes}, the record's value it was decoded from
     * (both null: the workload was deleted), and lists it under the clusters it is placed on now; returns the binding it
     * replaces.
     */
    ResourceBinding update(String workloadKey, ResourceBinding binding, byte[] bytes) {
        if ((binding == null) != (bytes == null)) {
            throw new IllegalArgumentException("binding of " + workloadKey + " and its bytes must both be given or both be null (deleted), got "
                    + (binding == null ? "no binding and " + bytes.length + " bytes" : "a binding and no bytes"));
        }
        ResourceBinding previous = of(workloadKey);
        Set<String> before = placedClusters(previous);
        Set<String> after = placedClusters(binding);
        before.stream().filter(c -> !after.contains(c)).forEach(c -> byCluster.delete(ClusterWorkloadKeys.of(c, workloadKey)));
        after.stream().filter(c -> !before.contains(c)).forEach(c -> byCluster.put(ClusterWorkloadKeys.of(c, workloadKey), ""));
        if (binding == null) {
            latest.delete(workloadKey);
        } else {
            latest.put(workloadKey, bytes);
        }
        return previous;
    }

    /** The keys of the workloads the index lists under the cluster. */
    List<String> on(String cluster) {
        return ClusterWorkloadKeys.under(byCluster, cluster);
    }

    /** Takes one workload out of the cluster's list (its entry cannot be handled), leaving its binding as it is. */
    void unlist(String cluster, String workloadKey) {
        byCluster.delete(ClusterWorkloadKeys.of(cluster, workloadKey));
    }

    /** The clusters a binding's placement names, in order, once each; none for a null binding. */
    static Set<String> placedClusters(ResourceBinding binding) {
        Set<String> out = new LinkedHashSet<>();
        if (binding != null && binding.getPlacement() != null) {
            binding.getPlacement().getClusters().forEach(target -> out.add(target.getName()));
        }
        return out;
    }
}
