package io.fedstream.place;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

class ReplicaSchedulerPlaceTest {

    private final ReplicaScheduler scheduler = new ReplicaScheduler();

    /** Two pods of 2 cpu and 4Gi: 4 cpu, 8Gi in all. */
    private static final List<ComponentDemand> JOB = List.of(
            new ComponentDemand("worker", 2, Resources.fromQuantities(Map.of("cpu", "2", "memory", "4Gi"))));

    /** A Ready cluster of 16 cpu and 64Gi with the given cpu free. */
    private static ClusterCapacity cluster(String name, String freeCpu, Map<String, String> labels, ClusterTaint... taints) {
        long free = Resources.fromQuantities(Map.of("cpu", freeCpu)).get("cpu");
        return new ClusterCapacity(name, labels, List.of(taints),
                Resources.fromQuantities(Map.of("cpu", "16", "memory", "64Gi")),
                Resources.of(Map.of("cpu", 16_000L - free)),
                Resources.NONE, true, null);
    }

    private static ClusterCapacity cluster(String name, String freeCpu) {
        return cluster(name, freeCpu, Map.of());
    }

    private static PropagationPolicy policy(List<ClusterAffinity> groups, boolean named, Toleration... tolerations) {
        return new PropagationPolicy(PropagationPolicy.Scope.NAMESPACED, "team-a", "p", 0,
                List.of(new ResourceSelector("batch/v1", "Job", null, null, null)),
                new PropagationPolicy.Placement(groups, named, List.of(tolerations),
                        PropagationPolicy.ReplicaScheduling.Duplicated, List.of(), null), null, false);
    }

    private static PropagationPolicy affinity(ClusterAffinity affinity, Toleration... tolerations) {
        return policy(List.of(affinity), false, tolerations);
    }

    private static ClusterAffinity names(String... names) {
        return new ClusterAffinity(null, List.of(names), List.of(), null, null);
    }

    private static ClusterAffinity group(String name, String... clusters) {
        return new ClusterAffinity(name, List.of(clusters), List.of(), null, null);
    }

    private ScheduleResult place(PropagationPolicy policy, Set<String> avoid, ClusterCapacity... clusters) {
        return scheduler.place(new ReplicaScheduler.Request(JOB, policy, List.of(clusters), avoid, null));
    }

    private static List<String> candidates(ScheduleResult result) {
        assertThat(result).isInstanceOf(ScheduleResult.Ranked.class);
        return ((ScheduleResult.Ranked) result).candidates().stream().map(ScheduleResult.Candidate::cluster).toList();
    }

    @Test
    void withoutAPolicyEveryReadyClusterIsACandidateMostHeadroomFirstThenByName() {
        ClusterCapacity notReady = new ClusterCapacity("d", Map.of(), List.of(), Resources.fromQuantities(Map.of("cpu", "16", "memory", "64Gi")),
                Resources.NONE, Resources.NONE, false, null);

        ScheduleResult result = place(null, Set.of(), cluster("c", "8"), cluster("b", "12"), cluster("a", "8"), notReady);

        assertThat(candidates(result)).containsExactly("b", "a", "c");
        assertThat(result.rejections()).extracting(Rejection::cluster, Rejection::reason)
                .containsExactly(tuple("d", Rejection.Reason.NOT_READY));
        assertThat(((ScheduleResult.Ranked) result).groupName()).isNull();
    }

    @Test
    void clusterNamesAndExcludeRestrictTheCandidates() {
        ClusterAffinity affinity = new ClusterAffinity(null, List.of("a", "b", "c"), List.of("b"), null, null);

        ScheduleResult result = place(affinity(affinity), Set.of(), cluster("a", "8"), cluster("b", "16"), cluster("x", "16"));

        assertThat(candidates(result)).containsExactly("a");
        assertThat(result.rejections()).extracting(Rejection::cluster, Rejection::reason, Rejection::detail).containsExactly(
                tuple("b", Rejection.Reason.NOT_IN_AFFINITY, "is excluded by the affinity"),
                tuple("x", Rejection.Reason.NOT_IN_AFFINITY, "is not in the affinity's clusterNames [a, b, c]"));
    }

    @Test
    void labelSelectorsAndMatchExpressionsRestrictTheCandidates() {
        LabelSelector euNotEdge = new LabelSelector(Map.of("region", "eu"), List.of(
                new LabelSelector.Requirement("tier", LabelSelector.Operator.NotIn, Set.of("edge"))));
        ClusterAffinity affinity = new ClusterAffinity(null, List.of(), List.of(), euNotEdge, null);

        ScheduleResult result = place(affinity(affinity), Set.of(),
                cluster("eu-core", "8", Map.of("region", "eu")),
                cluster("eu-edge", "16", Map.of("region", "eu", "tier", "edge")),
                cluster("us", "16", Map.of("region", "us")));

        assertThat(candidates(result)).containsExactly("eu-core");
        assertThat(result.rejections()).extracting(Rejection::cluster, Rejection::reason).containsExactly(
                tuple("eu-edge", Rejection.Reason.NOT_IN_AFFINITY),
                tuple("us", Rejection.Reason.NOT_IN_AFFINITY));
    }

    @Test
    void noScheduleAndNoExecuteTaintsNeedATolerationPreferNoScheduleOnlyLowersPreference() {
        ClusterTaint gpu = new ClusterTaint("gpu", "true", ClusterTaint.Effect.NoSchedule);
        ClusterTaint failing = new ClusterTaint("cluster.karmada.io/not-ready", null, ClusterTaint.Effect.NoExecute);
        ClusterTaint busy = new ClusterTaint("busy", null, ClusterTaint.Effect.PreferNoSchedule);
        ClusterCapacity a = cluster("a", "16", Map.of(), busy);
        ClusterCapacity b = cluster("b", "8", Map.of());
        ClusterCapacity g = cluster("g", "16", Map.of(), gpu);
        ClusterCapacity f = cluster("f", "16", Map.of(), failing);

        ScheduleResult untolerated = place(null, Set.of(), a, b, g, f);
        assertThat(candidates(untolerated)).containsExactly("b", "a");
        assertThat(untolerated.rejections()).extracting(Rejection::cluster, Rejection::reason, Rejection::detail).containsExactly(
                tuple("g", Rejection.Reason.UNTOLERATED_TAINT, "has taint gpu=true:NoSchedule and the policy does not tolerate it"),
                tuple("f", Rejection.Reason.UNTOLERATED_TAINT,
                        "has taint cluster.karmada.io/not-ready:NoExecute and the policy does not tolerate it"));

        PropagationPolicy tolerant = affinity(ClusterAffinity.ANY,
                new Toleration("gpu", Toleration.Operator.Equal, "true", ClusterTaint.Effect.NoSchedule, null),
                new Toleration("busy", Toleration.Operator.Exists, null, null, null));
        assertThat(candidates(place(tolerant, Set.of(), a, b, g, f))).containsExactly("a", "g", "b");

        PropagationPolicy wrongValue = affinity(ClusterAffinity.ANY,
                new Toleration("gpu", Toleration.Operator.Equal, "false", ClusterTaint.Effect.NoSchedule, null));
        assertThat(candidates(place(wrongValue, Set.of(), g, b))).containsExactly("b");

        PropagationPolicy tolerateAll = affinity(ClusterAffinity.ANY, new Toleration(null, Toleration.Operator.Exists, null, null, null));
        assertThat(candidates(place(tolerateAll, Set.of(), f, g))).containsExactly("f", "g");
    }

    @Test
    void avoidedClustersAreLeftOut() {
        ScheduleResult result = place(null, Set.of("a"), cluster("a", "16"), cluster("b", "8"));

        assertThat(candidates(result)).containsExactly("b");
        assertThat(result.rejections()).extracting(Rejection::cluster, Rejection::reason)
                .containsExactly(tuple("a", Rejection.Reason.AVOIDED));
    }

    @Test
    void theFirstAffinityGroupWithAFittingClusterIsUsed() {
        PropagationPolicy groups = policy(List.of(group("primary", "p1", "p2"), group("backup", "b1")), true);

        ScheduleResult primary = place(groups, Set.of(), cluster("p1", "8"), cluster("p2", "12"), cluster("b1", "16"));
        assertThat(candidates(primary)).containsExactly("p2", "p1");
        assertThat(((ScheduleResult.Ranked) primary).groupIndex()).isZero();
        assertThat(((ScheduleResult.Ranked) primary).groupName()).isEqualTo("primary");

        ScheduleResult full = place(groups, Set.of(), cluster("p1", "3"), cluster("p2", "1"), cluster("b1", "16"));
        assertThat(candidates(full)).containsExactly("b1");
        assertThat(((ScheduleResult.Ranked) full).groupName()).isEqualTo("backup");
        assertThat(full.rejections()).extracting(Rejection::group, Rejection::cluster, Rejection::reason).containsExactly(
                tuple("primary", "p1", Rejection.Reason.INSUFFICIENT_RESOURCES),
                tuple("primary", "p2", Rejection.Reason.INSUFFICIENT_RESOURCES),
                tuple("primary", "b1", Rejection.Reason.NOT_IN_AFFINITY),
                tuple("backup", "p1", Rejection.Reason.NOT_IN_AFFINITY),
                tuple("backup", "p2", Rejection.Reason.NOT_IN_AFFINITY));
    }

    @Test
    void failoverMovesToTheNextGroupAndEndsAfterTheLast() {
        PropagationPolicy groups = policy(List.of(group("primary", "p1"), group("backup", "b1", "p1")), true);
        ReplicaScheduler.Request request = new ReplicaScheduler.Request(JOB, groups, List.of(cluster("p1", "16"), cluster("b1", "8")), Set.of("p1"), null);

        ScheduleResult next = scheduler.placeFromGroup(request, 1);
        assertThat(candidates(next)).containsExactly("b1");
        assertThat(((ScheduleResult.Ranked) next).groupIndex()).isEqualTo(1);
        assertThat(next.rejections()).extracting(Rejection::group, Rejection::cluster, Rejection::reason)
                .containsExactly(tuple("backup", "p1", Rejection.Reason.AVOIDED));

        ScheduleResult none = scheduler.placeFromGroup(request, 2);
        assertThat(none).isEqualTo(new ScheduleResult.Unschedulable("no affinity group after group 1 (2 groups)", List.of()));
        assertThat(scheduler.placeFromGroup(new ReplicaScheduler.Request(JOB, null, List.of(cluster("p1", "16")), Set.of(), null), 1))
                .isEqualTo(new ScheduleResult.Unschedulable("the policy has no affinity groups to fall back to", List.of()));
    }

    @Test
    void noFitSaysForEveryClusterWhyNot() {
        PropagationPolicy only = affinity(names("a", "b", "c", "d"));
        ClusterCapacity tainted = cluster("c", "16", Map.of(), new ClusterTaint("x", null, ClusterTaint.Effect.NoSchedule));
        ClusterCapacity down = new ClusterCapacity("d", Map.of(), List.of(), Resources.NONE, Resources.NONE, Resources.NONE, false, null);

        ScheduleResult result = place(only, Set.of("b"), cluster("a", "3500m"), cluster("b", "16"), tainted, down, cluster("e", "16"));

        assertThat(result).isInstanceOf(ScheduleResult.Unschedulable.class);
        assertThat(((ScheduleResult.Unschedulable) result).summary()).isEqualTo("no cluster fits (0/5 clusters are available:"
                + " 1 cluster(s) did not match the placement cluster affinity constraint, 1 cluster(s) had insufficient cpu,"
                + " 1 cluster(s) had untolerated taint {x:NoSchedule}, 1 cluster(s) were just left or are unhealthy,"
                + " 1 cluster(s) were not Ready)");
        assertThat(result.rejections()).extracting(Rejection::message).containsExactly(
                "a: INSUFFICIENT_RESOURCES: cpu short by 500m (needs 4, free 3500m)",
                "b: AVOIDED: is to be avoided (just left or unhealthy)",
                "c: UNTOLERATED_TAINT: has taint x:NoSchedule and the policy does not tolerate it",
                "d: NOT_READY: is not Ready",
                "e: NOT_IN_AFFINITY: is not in the affinity's clusterNames [a, b, c, d]");
    }

    @Test
    void theSummaryCountsEachCauseOnceAClusterLargestCountFirstAndNotTheAmounts() {
        PropagationPolicy any = affinity(names("a", "b", "c"));

        ScheduleResult small = place(any, Set.of(), cluster("a", "3500m"), cluster("b", "1"), cluster("c", "16", Map.of(),
                new ClusterTaint("x", null, ClusterTaint.Effect.NoExecute)));
        ScheduleResult smaller = place(any, Set.of(), cluster("a", "1"), cluster("b", "2"), cluster("c", "16", Map.of(),
                new ClusterTaint("x", null, ClusterTaint.Effect.NoExecute)));

        assertThat(((ScheduleResult.Unschedulable) small).summary()).isEqualTo("no cluster fits (0/3 clusters are available:"
                + " 2 cluster(s) had insufficient cpu, 1 cluster(s) had untolerated taint {x:NoExecute})");
        assertThat(((ScheduleResult.Unschedulable) smaller).summary()).isEqualTo(((ScheduleResult.Unschedulable) small).summary());
    }

    @Test
    void noFitInGroupsTagsEachRejectionWithItsGroup() {
        PropagationPolicy groups = policy(List.of(group("primary", "p1"), group("backup", "b1")), true);

        ScheduleResult result = place(groups, Set.of(), cluster("p1", "1"), cluster("b1", "1"));

        assertThat(result).isInstanceOf(ScheduleResult.Unschedulable.class);
        assertThat(((ScheduleResult.Unschedulable) result).summary()).isEqualTo("no cluster fits in any affinity group from group 0"
                + " (0/2 clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint,"
                + " 1 cluster(s) had insufficient cpu)");
        assertThat(result.rejections()).extracting(Rejection::message).containsExactly(
                "[primary] p1: INSUFFICIENT_RESOURCES: cpu short by 3 (needs 4, free 1)",
                "[primary] b1: NOT_IN_AFFINITY: is not in the affinity's clusterNames [p1]",
                "[backup] p1: NOT_IN_AFFINITY: is not in the affinity's clusterNames [b1]",
                "[backup] b1: INSUFFICIENT_RESOURCES: cpu short by 3 (needs 4, free 1)");
        assertThat(place(null, Set.of())).isEqualTo(new ScheduleResult.Unschedulable("no cluster is known", List.of()));
    }

    @Test
    void reservedCapacityCountsAgainstTheCluster() {
        ClusterCapacity a = cluster("a", "6");

        assertThat(candidates(place(null, Set.of(), a))).containsExactly("a");
        ScheduleResult afterReservation = place(null, Set.of(), a.reserve(Resources.fromQuantities(Map.of("cpu", "3"))));
        assertThat(afterReservation.rejections()).extracting(Rejection::detail)
                .containsExactly("cpu short by 1 (needs 4, free 3)");
    }
}
