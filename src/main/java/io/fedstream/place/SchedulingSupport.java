package io.fedstream.place;

import io.fedstream.interpret.Cursor;

import java.util.List;

/**
 * What of Karmada's replica scheduling the place-and-fail-over stage carries out today. The stage reserves
 * capacity on, and binds, one cluster per workload; {@link ReplicaScheduler} computes Karmada's multi-cluster
 * schedules but is not wired into it yet. A policy asking for more is refused with this reason instead of being
 * placed on one cluster as if it had not asked.
 */
final class SchedulingSupport {

    static final String ONE_CLUSTER = "fedstream's placement stage reserves capacity on, and binds, one cluster per workload"
            + " (multi-cluster reservation is not wired yet, issue 13 item 4)";

    private SchedulingSupport() {}

    /**
     * Refuses Divided replicas and every spread constraint but {@code {spreadByField: cluster, maxGroups: 1}}, the one
     * that selects a single cluster, as the stage does.
     */
    static void refuseUnwired(Cursor spreadAt, List<SpreadConstraint> spread, Cursor schedulingAt,
                              ReplicaSchedulingFields.Strategy strategy) {
        if (strategy.type() == PropagationPolicy.ReplicaScheduling.Divided) {
            schedulingAt.error("Divided replicas are understood but not carried out yet: " + ONE_CLUSTER
                    + "; use Duplicated with spreadConstraints [{spreadByField: cluster, maxGroups: 1}]");
        }
        if (!spread.isEmpty() && !selectsOneCluster(spread)) {
            spreadAt.error("are understood but only [{spreadByField: cluster, maxGroups: 1}] is carried out yet: " + ONE_CLUSTER);
        }
    }

    /** True when the constraints select exactly one cluster: one cluster constraint with maxGroups 1. */
    static boolean selectsOneCluster(List<SpreadConstraint> spread) {
        return spread.size() == 1 && spread.get(0).by() == SpreadConstraint.SpreadBy.cluster && spread.get(0).maxGroups() == 1;
    }
}
