package io.fedstream.bind;

import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ResourceBinding;
import java.util.Optional;

/** Reads a binding's per-cluster override results, for the stages that charge and move a copy on one cluster. */
public final class BindingOverrides {

    private BindingOverrides() {}

    /** What the override policies make of the workload on the cluster; empty when no rule applies there or they cannot apply. */
    public static Optional<ClusterOverride> applied(ResourceBinding binding, String cluster) {
        for (ClusterOverride override : binding.getClusterOverrides()) {
            if (override.getCluster().equals(cluster) && override.getProblem() == null) {
                return Optional.of(override);
            }
        }
        return Optional.empty();
    }
}
