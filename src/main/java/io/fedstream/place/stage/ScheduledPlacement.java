package io.fedstream.place.stage;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;

/**
 * A schedule as the binding carries it: the Avro {@link Placement} with {@code clusters[{name, replicas}]} (replicas
 * only when they are divided) and the scheduling, from the placement admission charges
 * ({@link io.fedstream.place.ScheduleResult.Scheduled#placement()}).
 */
public final class ScheduledPlacement {

    private ScheduledPlacement() {}

    /** The binding's placement for {@code placement}, decided by {@code decidedBy} (scheduler, failover or user). */
    public static Placement of(io.fedstream.admit.Placement placement, String decidedBy) {
        return Placement.newBuilder()
                .setClusters(placement.clusters().stream().map(target -> new ClusterTarget(target.cluster(), target.replicas())).toList())
                .setScheduling(placement.scheduling() == io.fedstream.admit.Placement.Scheduling.DIVIDED
                        ? ReplicaScheduling.DIVIDED : ReplicaScheduling.DUPLICATED)
                .setDecidedBy(decidedBy)
                .build();
    }
}
