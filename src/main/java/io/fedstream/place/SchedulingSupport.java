package io.fedstream.place;

import java.util.List;

/**
 * Which placements the place-and-fail-over stage schedules over several clusters with {@link ReplicaScheduler}
 * (Divided, and Duplicated with spread constraints) and which it places on one cluster with {@link Placer}
 * (plain Duplicated, and Karmada's "one active cluster" {@code [{spreadByField: cluster, maxGroups: 1}]}).
 */
public final class SchedulingSupport {

    private SchedulingSupport() {}

    /** True when the placement is scheduled over several clusters: Divided replicas, or spread constraints asking for more than one cluster. */
    public static boolean needsSeveralClusters(PropagationPolicy.Placement placement) {
        return placement.replicaScheduling() == PropagationPolicy.ReplicaScheduling.Divided
                || !placement.spreadConstraints().isEmpty() && !selectsOneCluster(placement.spreadConstraints());
    }

    /** True when the constraints select exactly one cluster: one cluster constraint with maxGroups 1. */
    static boolean selectsOneCluster(List<SpreadConstraint> spread) {
        return spread.size() == 1 && spread.get(0).by() == SpreadConstraint.SpreadBy.cluster && spread.get(0).maxGroups() == 1;
    }
}
