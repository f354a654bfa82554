package io.fedstream.place;

import java.util.List;

/**
 * Which placements the place and fail-over steps schedule over several clusters with {@link ReplicaScheduler}
 * (Divided, and Duplicated: Karmada runs a Duplicated workload on every selected cluster, bounded by its spread
 * constraints) and which it places on one cluster with {@link Placer} (Karmada's "one active cluster",
 * {@code [{spreadByField: cluster, maxGroups: 1}]}).
 */
public final class SchedulingSupport {

    private SchedulingSupport() {}

    /** True when the placement is scheduled over several clusters: all but Duplicated with one cluster constraint of maxGroups 1. */
    public static boolean needsSeveralClusters(PropagationPolicy.Placement placement) {
        return placement.replicaScheduling() == PropagationPolicy.ReplicaScheduling.Divided
                || !selectsOneCluster(placement.spreadConstraints());
    }

    /** True when the constraints select exactly one cluster: one cluster constraint with maxGroups 1. */
    static boolean selectsOneCluster(List<SpreadConstraint> spread) {
        return spread.size() == 1 && spread.get(0).by() == SpreadConstraint.SpreadBy.cluster && spread.get(0).maxGroups() == 1;
    }
}
