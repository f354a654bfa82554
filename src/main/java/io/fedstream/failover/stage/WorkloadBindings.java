package io.fedstream.failover.stage;

import io.fedstream.avro.ResourceBinding;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The latest binding of each workload of the task, as {@code fedstream.bindings} carries it, and the index of the
 * clusters each is placed on ({@link PlaceFailoverStores#BINDINGS}, {@link PlaceFailoverStores#CLUSTER_WORKLOADS}).
 */
final class WorkloadBindings {

    private final KeyValueStore<String, ResourceBinding> latest;
    private final KeyValueStore<String, String> byCluster;

    WorkloadBindings(KeyValueStore<String, ResourceBinding> latest, KeyValueStore<String, String> byCluster) {
        this.latest = latest;
        this.byCluster = byCluster;
    }

    /** The workload's latest binding, null when there is none (never seen, or deleted). */
    ResourceBinding of(String workloadKey) {
        return latest.get(workloadKey);
    }

    /**
     * Keeps {@code binding} as the workload's latest (null: the workload was deleted) and lists it under the clusters it
     * is placed on now; returns the binding it replaces.
     */
    ResourceBinding update(String workloadKey, ResourceBinding binding) {
        ResourceBinding previous = latest.get(workloadKey);
        Set<String> before = placedClusters(previous);
        Set<String> after = placedClusters(binding);
        before.stream().filter(c -> !after.contains(c)).forEach(c -> byCluster.delete(ClusterWorkloadKeys.of(c, workloadKey)));
        after.stream().filter(c -> !before.contains(c)).forEach(c -> byCluster.put(ClusterWorkloadKeys.of(c, workloadKey), ""));
        if (binding == null) {
            latest.delete(workloadKey);
        } else {
            latest.put(workloadKey, binding);
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
