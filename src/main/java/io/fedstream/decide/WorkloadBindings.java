package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The latest binding of each workload of the task (its {@link Workloads} record's) and, in memory, the workloads each
 * cluster runs, so that a cluster's incident visits only its own: rebuilt from the records when the task starts,
 * kept current as bindings change. An index kept in memory costs no changelog record per placement.
 */
final class WorkloadBindings {

    private final Workloads workloads;
    /**
     * Hash sets, sorted only when a cluster's list is asked for (a cluster's failure): every placement changes them, and
     * keeping thousands of long keys sorted on each change cost more than sorting them at the rare read.
     */
    private final Map<String, Set<String>> byCluster = new HashMap<>();

    WorkloadBindings(Workloads workloads) {
        this.workloads = workloads;
    }

    /** Lists a stored workload under the clusters its binding names (the rebuild when the task starts). */
    void stored(String workloadKey, ResourceBinding binding) {
        placedClusters(binding).forEach(cluster -> list(cluster, workloadKey));
    }

    /** The workload's latest binding, null when there is none (never seen, or deleted). */
    ResourceBinding of(String workloadKey) {
        return workloads.of(workloadKey).getBinding();
    }

    /** The workload's binding changed from {@code previous} to {@code binding} (null: deleted): it is listed where it runs now. */
    void changed(String workloadKey, ResourceBinding previous, ResourceBinding binding) {
        Set<String> before = placedClusters(previous);
        Set<String> after = placedClusters(binding);
        before.stream().filter(c -> !after.contains(c)).forEach(c -> unlist(c, workloadKey));
        after.stream().filter(c -> !before.contains(c)).forEach(c -> list(c, workloadKey));
    }

    /** The keys of the workloads the index lists under the cluster, in key order. */
    List<String> on(String cluster) {
        return byCluster.getOrDefault(cluster, Set.of()).stream().sorted().toList();
    }

    /** Takes one workload out of the cluster's list (its entry cannot be handled), leaving its binding as it is. */
    void unlist(String cluster, String workloadKey) {
        Set<String> keys = byCluster.get(cluster);
        if (keys != null && keys.remove(workloadKey) && keys.isEmpty()) {
            byCluster.remove(cluster);
        }
    }

    private void list(String cluster, String workloadKey) {
        byCluster.computeIfAbsent(cluster, c -> new HashSet<>()).add(workloadKey);
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
