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
     * {@code decidedBy} (scheduler, failover or user), under the policy {@code policyKey} (null: none named). The
     * targets are listed each with its pods when divided, by name alone when duplicated.
     */
    public static Placement of(ResourceBinding binding, io.fedstream.admit.Placement.Scheduling scheduling,
                               List<ScheduleResult.Target> targets, String decidedBy, String policyKey) {
        boolean divided = scheduling == io.fedstream.admit.Placement.Scheduling.DIVIDED;
        List<ClusterTarget> clusters = targets.stream().map(target -> divided
                ? BindingShares.divided(binding, target.cluster(), target.components())
                : ClusterTarget.newBuilder().setName(target.cluster()).setReplicas(null).build()).toList();
        return Placement.newBuilder()
                .setClusters(clusters)
                .setScheduling(divided ? ReplicaScheduling.DIVIDED : ReplicaScheduling.DUPLICATED)
                .setDecidedBy(decidedBy)
                .setPolicy(policyKey)
                .build();
    }
}
