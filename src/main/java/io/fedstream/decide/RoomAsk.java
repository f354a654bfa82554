package io.fedstream.decide;

import io.fedstream.place.ComponentDemand;
import java.util.List;

/**
 * A step of the pass asks the room the task holds ({@link LeasedRoom}) for a workload's pods on one cluster.
 *
 * @param requestId names the ask as the workload's stored decision names it (its pending request, a share, a growth), so
 *                  that an answer to a decision given up meanwhile is told from the current one's
 * @param purpose who continues once the ask is answered
 * @param components each component with its pods on the cluster and what one pod requests there (as the cluster's
 *                   override policies make it)
 */
record RoomAsk(String requestId, Purpose purpose, String workloadKey, String cluster, List<ComponentDemand> components) {

    RoomAsk {
        components = List.copyOf(components);
    }

    /** The step an answer goes back to. */
    enum Purpose {
        /** {@link Placing}: an admitted workload placed on one cluster. */
        PLACE,
        /** {@link PlacingShares}: one share of a placement over several clusters. */
        PLACE_SHARE,
        /** {@link Rescaling}: a cluster's growth when a Divided workload's replicas change. */
        RESCALE,
        /** {@link PolicyFollowing}: a cluster's growth when the policy governing a placed workload changed. */
        POLICY_RESCHEDULE,
        /** {@link Redividing}: a cluster's growth when a failed share's re-schedule divides anew. */
        REDIVIDE,
        /** {@link FailingOver}: a failover's target, for the whole workload or one share of it. */
        MIGRATE
    }
}
