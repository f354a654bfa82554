package io.fedstream.decide;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingShares;
import io.fedstream.place.ScheduleResult;
import java.util.List;

/**
 * A schedule as the binding carries it: the Avro {@link Placement} with {@code clusters[{name, replicas, components}]}
 * (replicas only when they are divided, and each component's pods too when the workload has several components,
 * {@link BindingShares#divided}) and the scheduling.
 */
public final class ScheduledPlacement {

    private ScheduledPlacement() {}

    /**
     * The binding's placement for {@code targets} of {@code binding}, scheduled as {@code scheduling}, decided by
     * {@code decidedBy} (scheduler, failover or user).
     */
    public static Placement of(ResourceBinding binding, io.fedstream.admit.Placement.Scheduling scheduling, List<ScheduleResult.Target> targets,
                               String decidedBy) {
        return of(binding, scheduling, targets, decidedBy, null);
    }

    /** As {@link #of(ResourceBinding, io.fedstream.admit.Placement.Scheduling, List, String)}, under the policy {@code policyKey}. */
    public static Placement of(ResourceBinding binding, io.fedstream.admit.Placement.Scheduling scheduling, List<ScheduleResult.Target> targets,
                               String decidedBy, String policyKey) {
        boolean divided = scheduling == io.fedstream.admit.Placement.Scheduling.DIVIDED;
        return Placement.newBuilder()
                .setClusters(clusters(binding, scheduling, targets))
                .setScheduling(divided ? ReplicaScheduling.DIVIDED : ReplicaScheduling.DUPLICATED)
                .setDecidedBy(decidedBy)
                .setPolicy(policyKey)
                .build();
    }

    /** The targets as the binding lists them: each with its pods when divided, by name alone when duplicated. */
    public static List<ClusterTarget> clusters(ResourceBinding binding, io.fedstream.admit.Placement.Scheduling scheduling,
                                               List<ScheduleResult.Target> targets) {
        if (scheduling == io.fedstream.admit.Placement.Scheduling.DIVIDED) {
            return targets.stream().map(target -> BindingShares.divided(binding, target.cluster(), target.components())).toList();
        }
        return targets.stream().map(target -> ClusterTarget.newBuilder().setName(target.cluster()).setReplicas(null).build()).toList();
    }
}
