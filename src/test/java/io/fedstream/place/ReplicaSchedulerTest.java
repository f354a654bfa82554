package io.fedstream.place;

import io.fedstream.admit.Placement;
import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

/** Karmada's replica scheduling, case by case; where a case comes from a Karmada test table, its name says which. */
class ReplicaSchedulerTest {

    private final ReplicaScheduler scheduler = new ReplicaScheduler();

    /** One component of pods of 1 cpu and 1Gi. */
    private static List<ComponentDemand> web(long replicas) {
        return List.of(new ComponentDemand("main", replicas, Resources.fromQuantities(Map.of("cpu", "1", "memory", "1Gi"))));
    }

    /** A Ready cluster with room for {@code free} pods of 1 cpu (and plenty of memory). */
    private static ClusterCapacity cluster(String name, long free) {
        return new ClusterCapacity(name, Map.of(), List.of(), Resources.fromQuantities(Map.of("cpu", "1000", "memory", "4Ti")),
                Resources.of(Map.of("cpu", (1000 - free) * 1000)), Resources.NONE, true, null);
    }

    private static ClusterCapacity cluster(String name, long free, String region, Map<String, String> labels) {
        ClusterCapacity plain = cluster(name, free);
        return new ClusterCapacity(name, labels, List.of(), plain.allocatable(), plain.allocated(), plain.reserved(), true, null,
                new ClusterTopology(null, region, List.of()), null);
    }

    private static PropagationPolicy policy(PropagationPolicy.Placement placement) {
        return new PropagationPolicy(PropagationPolicy.Scope.NAMESPACED, "team-a", "p", 0,
                List.of(new ResourceSelector("apps/v1", "Deployment", null, null, null)), placement, null, false);
    }

    private static PropagationPolicy duplicated(SpreadConstraint... spread) {
        return policy(new PropagationPolicy.Placement(List.of(), false, List.of(), PropagationPolicy.ReplicaScheduling.Duplicated,
                List.of(spread), null));
    }

    private static PropagationPolicy divided(ReplicaDivision division, SpreadConstraint... spread) {
        return policy(new PropagationPolicy.Placement(List.of(), false, List.of(), PropagationPolicy.ReplicaScheduling.Divided,
                List.of(spread), division));
    }

    private static SpreadConstraint clusters(int min, int max) {
        return new SpreadConstraint(SpreadConstraint.SpreadBy.cluster, null, min, max);
    }

    private static ReplicaDivision.StaticWeight weight(String cluster, long weight) {
        ClusterAffinity target = new ClusterAffinity(null, List.of(cluster), List.of(), null, null);
        return new ReplicaDivision.StaticWeight(target, weight);
    }

    private static final ReplicaDivision DYNAMIC = new ReplicaDivision(ReplicaDivision.Preference.Weighted, List.of(), true);
    private static final ReplicaDivision AGGREGATED = new ReplicaDivision(ReplicaDivision.Preference.Aggregated, List.of(), false);

    private ScheduleResult schedule(List<ComponentDemand> components, PropagationPolicy policy, ClusterCapacity... clusters) {
        return scheduler.schedule(new ReplicaScheduler.Request(components, policy, List.of(clusters), Set.of(), null));
    }

    private static ScheduleResult.Scheduled scheduled(ScheduleResult result) {
        assertThat(result).isInstanceOf(ScheduleResult.Scheduled.class);
        return (ScheduleResult.Scheduled) result;
    }

    /** Cluster name to its pods, in target order. */
    private static Map<String, Long> replicas(ScheduleResult result) {
        Map<String, Long> out = new LinkedHashMap<>();
        scheduled(result).targets().forEach(t -> out.put(t.cluster(), t.replicas()));
        return out;
    }

    @Test
    void duplicatedRunsEveryReplicaOnEveryEligibleClusterMostHeadroomFirstAndNotesTheOnesWithoutRoomAsKarmadaPlacesThem() {
        ScheduleResult result = schedule(web(3), duplicated(), cluster("m1", 10), cluster("m2", 2), cluster("m3", 50));

        assertThat(scheduled(result).clusters()).containsExactly("m3", "m1", "m2");
        assertThat(replicas(result)).containsExactly(Map.entry("m3", 3L), Map.entry("m1", 3L), Map.entry("m2", 3L));
        assertThat(scheduled(result).scheduling()).isEqualTo(Placement.Scheduling.DUPLICATED);
        assertThat(result.rejections()).isEmpty();
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::message)
                .containsExactly("cluster m2's share {main=3} exceeds its reported room: cpu short by 1 (needs 3, free 2)");
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::held).as("the pods m2's room holds")
                .containsExactly(Map.of("main", 2L));
    }

    @Test
    void maxGroupsOneIsOneActiveClusterAsInKarmadasStatefulFailoverExamples() {
        ScheduleResult result = schedule(web(3), duplicated(clusters(1, 1)), cluster("m1", 10), cluster("m2", 20));

        assertThat(scheduled(result).clusters()).containsExactly("m2");
        assertThat(scheduled(result).scheduling()).isEqualTo(Placement.Scheduling.DUPLICATED);
    }

    @Test
    void fewerFeasibleClustersThanMinGroupsIsAProblemNotAPartialPlacement() {
        ClusterCapacity down = new ClusterCapacity("m3", Map.of(), List.of(), cluster("m3", 100).allocatable(), Resources.NONE,
                Resources.NONE, false, null);
        ScheduleResult result = schedule(web(3), duplicated(clusters(3, 3)), cluster("m1", 10), cluster("m2", 20), down);

        assertThat(result).isInstanceOf(ScheduleResult.Unschedulable.class);
        assertThat(((ScheduleResult.Unschedulable) result).problems())
                .containsExactly("2 feasible cluster(s), fewer than the cluster spread constraint's minGroups 3");
        assertThat(((ScheduleResult.Unschedulable) result).reason())
                .isEqualTo("no set of clusters can take the workload (the spread constraints cannot be met)");
    }

    @Test
    void staticWeightsOverClustersOutsideTheFleetSayEveryClusterFailedTheAffinityAsKarmadasFitErrorDoes() {
        // Karmada's samples/nginx policy, on a fleet whose clusters are named otherwise.
        ClusterAffinity members = new ClusterAffinity(null, List.of("member1", "member2"), List.of(), null, null);
        ReplicaDivision halves = new ReplicaDivision(ReplicaDivision.Preference.Weighted,
                List.of(weight("member1", 1), weight("member2", 1)), false);
        PropagationPolicy nginx = policy(new PropagationPolicy.Placement(List.of(members), false, List.of(),
                PropagationPolicy.ReplicaScheduling.Divided, List.of(), halves));

        ScheduleResult result = schedule(web(2), nginx, cluster("east", 10), cluster("west", 10), cluster("north", 10));

        assertThat(result).isInstanceOfSatisfying(ScheduleResult.Unschedulable.class, u -> {
            assertThat(u.problems()).containsExactly("no eligible cluster");
            assertThat(u.reason()).isEqualTo("no set of clusters can take the workload (0/3 clusters are available: 3 cluster(s) did"
                    + " not match the placement cluster affinity constraint)");
        });
    }

    @Test
    void aDuplicatedWorkloadThatFitsNowhereStillRunsOnTheSelectedClustersWithANoteEach() {
        ScheduleResult result = schedule(web(5), duplicated(clusters(2, 2)), cluster("m1", 4), cluster("m2", 1));

        assertThat(replicas(result)).containsExactly(Map.entry("m1", 5L), Map.entry("m2", 5L));
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::cluster).containsExactly("m1", "m2");
    }

    @Test
    void staticWeightsThreeTwoOneDivideEighteenNineSixThreeWhateverTheRoomAsKarmadasAssignByStaticWeightStrategy() {
        ReplicaDivision weights = new ReplicaDivision(ReplicaDivision.Preference.Weighted,
                List.of(weight("m1", 3), weight("m2", 2), weight("m3", 1)), false);

        ScheduleResult result = schedule(web(18), divided(weights), cluster("m1", 4), cluster("m2", 100), cluster("m3", 2));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 9L), Map.entry("m2", 6L), Map.entry("m3", 3L));
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::message).containsExactlyInAnyOrder(
                "cluster m1's share {main=9} exceeds its reported room: cpu short by 5 (needs 9, free 4)",
                "cluster m3's share {main=3} exceeds its reported room: cpu short by 1 (needs 3, free 2)");
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::held)
                .containsExactlyInAnyOrder(Map.of("main", 4L), Map.of("main", 2L));
        assertThat(result.rejections()).isEmpty();
    }

    @Test
    void aClusterAffinitiesGroupWithAnEligibleClusterKeepsADuplicatedWorkloadWhateverItsRoom() {
        PropagationPolicy policy = policy(new PropagationPolicy.Placement(
                List.of(new ClusterAffinity("primary", List.of("m1"), List.of(), null, null),
                        new ClusterAffinity("backup", List.of("m2"), List.of(), null, null)),
                true, List.of(), PropagationPolicy.ReplicaScheduling.Duplicated, List.of(), null));

        ScheduleResult result = schedule(web(10), policy, cluster("m1", 4), cluster("m2", 50));

        assertThat(scheduled(result).groupIndex()).isZero();
        assertThat(replicas(result)).containsExactly(Map.entry("m1", 10L));
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::cluster).containsExactly("m1");
    }

    @Test
    void aRegionConstraintTakesTheBestClusterOfEachChosenRegionThenTheNextBestUpToMaxGroups() {
        SpreadConstraint regions = new SpreadConstraint(SpreadConstraint.SpreadBy.region, null, 2, 2);
        ScheduleResult result = schedule(web(2), duplicated(regions, clusters(3, 3)),
                cluster("eu-1", 40, "eu", Map.of()), cluster("eu-2", 30, "eu", Map.of()),
                cluster("us-1", 20, "us", Map.of()), cluster("ap-1", 10, "ap", Map.of()), cluster("nowhere", 90));

        // Groups eu (2 clusters), us (1), ap (1): eu with one more region holds the 3 clusters. us and ap weigh the same
        // (one feasible cluster each, and fedstream has no cluster scores to tell them apart), so Karmada's search,
        // which visits groups by size, then weight, then name, meets [ap, eu] first and keeps it. "nowhere" has no region.
        assertThat(scheduled(result).clusters()).containsExactly("eu-1", "eu-2", "ap-1");
    }

    @Test
    void fewerRegionsThanMinGroupsIsAProblem() {
        SpreadConstraint regions = new SpreadConstraint(SpreadConstraint.SpreadBy.region, null, 2, 0);
        ScheduleResult result = schedule(web(2), duplicated(regions, clusters(1, 0)),
                cluster("eu-1", 40, "eu", Map.of()), cluster("eu-2", 30, "eu", Map.of()), cluster("nowhere", 90));

        assertThat(((ScheduleResult.Unschedulable) result).problems())
                .containsExactly("1 feasible region(s), fewer than the spread constraint's minGroups 2");
    }

    @Test
    void aLabelConstraintGroupsByTheLabelsValue() {
        SpreadConstraint racks = new SpreadConstraint(SpreadConstraint.SpreadBy.label, "rack", 2, 2);
        ScheduleResult result = schedule(web(1), duplicated(racks, clusters(2, 2)),
                cluster("a1", 50, null, Map.of("rack", "a")), cluster("a2", 40, null, Map.of("rack", "a")),
                cluster("b1", 10, null, Map.of("rack", "b")));

        assertThat(scheduled(result).clusters()).containsExactly("a1", "b1");
    }

    @Test
    void staticWeightsSplitTwelveReplicasSixFourTwo() {
        // core/assignment_test.go: "replica 12, weight 3:2:1".
        ReplicaDivision weights = new ReplicaDivision(ReplicaDivision.Preference.Weighted,
                List.of(weight("m1", 3), weight("m2", 2), weight("m3", 1)), false);

        ScheduleResult result = schedule(web(12), divided(weights), cluster("m1", 100), cluster("m2", 100), cluster("m3", 100));

        assertThat(replicas(result)).containsExactly(Map.entry("m1", 6L), Map.entry("m2", 4L), Map.entry("m3", 2L));
        assertThat(scheduled(result).scheduling()).isEqualTo(Placement.Scheduling.DIVIDED);
    }

    @Test
    void aClusterNoStaticWeightMatchesGetsNothingAndWithoutAnyMatchEveryClusterWeighsOne() {
        // core/assignment_test.go: "selected cluster without weight should be ignored", "replica 12, default weight".
        ReplicaDivision onlyM1 = new ReplicaDivision(ReplicaDivision.Preference.Weighted, List.of(weight("m1", 1)), false);
        ReplicaDivision noMatch = new ReplicaDivision(ReplicaDivision.Preference.Weighted, List.of(weight("elsewhere", 5)), false);

        assertThat(replicas(schedule(web(2), divided(onlyM1), cluster("m1", 100), cluster("m2", 100))))
                .containsExactly(Map.entry("m1", 2L));
        assertThat(replicas(schedule(web(12), divided(noMatch), cluster("m1", 100), cluster("m2", 100), cluster("m3", 100))))
                .containsOnly(Map.entry("m1", 4L), Map.entry("m2", 4L), Map.entry("m3", 4L));
    }

    @Test
    void dynamicWeightFollowsAvailableReplicas() {
        // core/division_algorithm_test.go: "replica 12, dynamic weight 20:12:6".
        ScheduleResult result = schedule(web(12), divided(DYNAMIC), cluster("m1", 20), cluster("m2", 12), cluster("m3", 6));

        assertThat(replicas(result)).containsExactly(Map.entry("m1", 7L), Map.entry("m2", 4L), Map.entry("m3", 1L));
    }

    @Test
    void dynamicWeightNeedsEnoughAvailableReplicas() {
        ScheduleResult result = schedule(web(12), divided(DYNAMIC), cluster("m1", 5), cluster("m2", 4));

        assertThat(((ScheduleResult.Unschedulable) result).problems())
                .containsExactly("the clusters' available replicas (9) are not enough for 12 (m1=5, m2=4)");
    }

    @Test
    void aggregatedUsesAsFewClustersAsPossible() {
        // core/division_algorithm_test.go: "replica 12, aggregated 12:6:6" and "replica 12, aggregated 6:6:6".
        assertThat(replicas(schedule(web(12), divided(AGGREGATED), cluster("m1", 6), cluster("m2", 12), cluster("m3", 6))))
                .containsExactly(Map.entry("m2", 12L));
        assertThat(replicas(schedule(web(12), divided(AGGREGATED), cluster("m1", 6), cluster("m2", 6), cluster("m3", 6))))
                .containsExactly(Map.entry("m1", 6L), Map.entry("m2", 6L));
    }

    @Test
    void clusterSelectionSwapsInTheClusterWithMoreAvailableReplicasWhenTheBestDoNotHoldTheWorkload() {
        // spreadconstraint/select_clusters_by_cluster.go's example: 2 clusters for 80 replicas; available 40, 30, 60
        // (here m2 ranks before m3 as it has fewer untolerated PreferNoSchedule taints, as a higher score would).
        ClusterTaint soft = new ClusterTaint("spot", "", ClusterTaint.Effect.PreferNoSchedule);
        ClusterCapacity m3 = cluster("m3", 60);
        m3 = new ClusterCapacity("m3", Map.of(), List.of(soft, soft), m3.allocatable(), m3.allocated(), m3.reserved(), true, null);
        ClusterCapacity m2 = cluster("m2", 30);
        m2 = new ClusterCapacity("m2", Map.of(), List.of(soft), m2.allocatable(), m2.allocated(), m2.reserved(), true, null);

        ScheduleResult result = schedule(web(80), divided(DYNAMIC, clusters(1, 2)), cluster("m1", 40), m2, m3);

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 32L), Map.entry("m3", 48L));
    }

    @Test
    void aMultiComponentWorkloadDividesEachComponentByTheSameWeights() {
        List<ComponentDemand> flink = List.of(
                new ComponentDemand("jobmanager", 1, Resources.fromQuantities(Map.of("cpu", "1", "memory", "1Gi"))),
                new ComponentDemand("taskmanager", 4, Resources.fromQuantities(Map.of("cpu", "2", "memory", "1Gi"))));

        // One replica (a jobmanager and a taskmanager pod) takes 3 cpu: m1 holds 4 of them, m2 holds 2.
        ScheduleResult result = schedule(flink, divided(DYNAMIC), cluster("m1", 12), cluster("m2", 6));

        assertThat(scheduled(result).targets()).containsExactly(
                new ScheduleResult.Target("m1", Map.of("jobmanager", 1L, "taskmanager", 3L)),
                new ScheduleResult.Target("m2", Map.of("taskmanager", 1L)));
    }

    @Test
    void aStaticShareThatDoesNotFitIsPlacedWithANoteNamingTheClusterAndResource() {
        ReplicaDivision halves = new ReplicaDivision(ReplicaDivision.Preference.Weighted, List.of(weight("m1", 1), weight("m2", 1)), false);

        ScheduleResult result = schedule(web(10), divided(halves), cluster("m1", 100), cluster("m2", 3));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 5L), Map.entry("m2", 5L));
        assertThat(scheduled(result).roomNotes()).extracting(ScheduleResult.RoomNote::message)
                .containsExactly("cluster m2's share {main=5} exceeds its reported room: cpu short by 2 (needs 5, free 3)");
        assertThat(result.rejections()).isEmpty();
    }

    @Test
    void theNextAffinityGroupIsTriedWhenTheFirstCannotHoldTheDivision() {
        PropagationPolicy policy = policy(new PropagationPolicy.Placement(
                List.of(new ClusterAffinity("primary", List.of("m1"), List.of(), null, null),
                        new ClusterAffinity("backup", List.of("m2", "m3"), List.of(), null, null)),
                true, List.of(), PropagationPolicy.ReplicaScheduling.Divided, List.of(), DYNAMIC));

        ScheduleResult result = schedule(web(10), policy, cluster("m1", 4), cluster("m2", 5), cluster("m3", 5));

        assertThat(scheduled(result).groupIndex()).isEqualTo(1);
        assertThat(replicas(result)).containsOnly(Map.entry("m2", 5L), Map.entry("m3", 5L));
        assertThat(scheduler.scheduleFromGroup(new ReplicaScheduler.Request(web(10), policy,
                List.of(cluster("m1", 4), cluster("m2", 1), cluster("m3", 1)), Set.of(), null), 0))
                .isInstanceOfSatisfying(ScheduleResult.Unschedulable.class, u -> assertThat(u.problems()).containsExactly(
                        "group primary: the clusters' available replicas (4) are not enough for 10 (m1=4)",
                        "group backup: the clusters' available replicas (2) are not enough for 10 (m2=1, m3=1)"));
    }

    @Test
    void avoidedNotReadyAndUntoleratedClustersAreNeverTargets() {
        ClusterCapacity tainted = new ClusterCapacity("m3", Map.of(), List.of(new ClusterTaint("gpu", "", ClusterTaint.Effect.NoSchedule)),
                cluster("m3", 100).allocatable(), cluster("m3", 100).allocated(), Resources.NONE, true, null);
        ClusterCapacity down = new ClusterCapacity("m4", Map.of(), List.of(), cluster("m4", 100).allocatable(), Resources.NONE,
                Resources.NONE, false, null);

        ScheduleResult result = scheduler.schedule(new ReplicaScheduler.Request(web(4), divided(ReplicaDivision.EVEN),
                List.of(cluster("m1", 100), cluster("m2", 100), tainted, down), Set.of("m2"), null));

        assertThat(replicas(result)).containsExactly(Map.entry("m1", 4L));
        assertThat(result.rejections()).extracting(Rejection::cluster, Rejection::reason).containsExactly(
                tuple("m2", Rejection.Reason.AVOIDED), tuple("m3", Rejection.Reason.UNTOLERATED_TAINT), tuple("m4", Rejection.Reason.NOT_READY));
    }

    @Test
    void aClusterThatDoesNotServeTheKindIsSkippedUnlessItAlreadyRunsItAsKarmadasApiEnablementFilter() {
        ClusterCapacity plain = cluster("m2", 100);
        ClusterCapacity withoutCrd = new ClusterCapacity("m2", Map.of(), List.of(), plain.allocatable(), plain.allocated(), Resources.NONE,
                true, null, null, Set.of("apps/v1/Deployment"));
        ClusterCapacity withCrd = new ClusterCapacity("m1", Map.of(), List.of(), plain.allocatable(), plain.allocated(), Resources.NONE,
                true, null, null, Set.of("apps/v1/Deployment", "flink.apache.org/v1beta1/FlinkDeployment"));
        ReplicaScheduler.Request request = new ReplicaScheduler.Request(web(2), duplicated(), List.of(withCrd, withoutCrd, cluster("m3", 100)), Set.of(),
                "flink.apache.org/v1beta1/FlinkDeployment");

        ScheduleResult result = scheduler.schedule(request);

        assertThat(scheduled(result).clusters()).as("m3 has not said what it serves: not filtered").containsExactlyInAnyOrder("m1", "m3");
        assertThat(result.rejections()).extracting(Rejection::cluster, Rejection::reason, Rejection::causes)
                .containsExactly(tuple("m2", Rejection.Reason.API_NOT_SERVED, List.of("cluster(s) did not have the API resource")));
        assertThat(scheduler.reschedule(request, 0, List.of(new ScheduleResult.Target("m2", Map.of("main", 2L)))))
                .satisfies(kept -> assertThat(scheduled(kept).clusters()).contains("m2"));
        assertThat(new ReplicaScheduler().place(request)).isInstanceOfSatisfying(ScheduleResult.Ranked.class,
                placed -> assertThat(placed.rejections()).extracting(Rejection::reason).containsExactly(Rejection.Reason.API_NOT_SERVED));
    }

    private ScheduleResult reschedule(List<ComponentDemand> components, PropagationPolicy policy, Set<String> avoid,
                                      Map<String, Long> previous, ClusterCapacity... clusters) {
        List<ScheduleResult.Target> targets = previous.entrySet().stream()
                .map(e -> new ScheduleResult.Target(e.getKey(), Map.of("main", e.getValue()))).toList();
        return scheduler.reschedule(new ReplicaScheduler.Request(components, policy, List.of(clusters), avoid, null), 0, targets);
    }

    private static Map<String, Long> ordered(Object... clusterAndReplicas) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < clusterAndReplicas.length; i += 2) {
            out.put((String) clusterAndReplicas[i], ((Number) clusterAndReplicas[i + 1]).longValue());
        }
        return out;
    }

    @Test
    void oneActiveClusterMovesOnlyWhenItsClusterFailsAndStaysPutOtherwise() {
        PropagationPolicy oneCluster = duplicated(clusters(1, 1));

        // m1 runs all 3 replicas and has no free room left for another copy; m2 has more room. Locality keeps it on m1.
        assertThat(scheduled(reschedule(web(3), oneCluster, Set.of(), ordered("m1", 3), cluster("m1", 0), cluster("m2", 20))).clusters())
                .containsExactly("m1");
        assertThat(scheduled(reschedule(web(3), oneCluster, Set.of("m1"), ordered("m1", 3), cluster("m1", 0), cluster("m2", 20),
                cluster("m3", 10))).clusters()).containsExactly("m2");
    }

    @Test
    void duplicatedDropsTheFailedCopyAndAddsAClusterOnlyWhenTheSpreadBoundCallsForOne() {
        ClusterCapacity[] fleet = {cluster("m1", 0), cluster("m2", 0), cluster("m3", 0), cluster("m4", 50)};

        // No bound: every feasible cluster runs a copy (m4 already did; among the clusters running it, most headroom first).
        assertThat(scheduled(reschedule(web(3), duplicated(), Set.of("m2"), ordered("m1", 3, "m2", 3, "m3", 3, "m4", 3), fleet)).clusters())
                .containsExactly("m4", "m1", "m3");
        // maxGroups 2 on m1 and m2: m2 fails, the bound calls for a second cluster, m4 is the one with room.
        assertThat(scheduled(reschedule(web(3), duplicated(clusters(2, 2)), Set.of("m2"), ordered("m1", 3, "m2", 3), fleet)).clusters())
                .containsExactly("m1", "m4");
    }

    @Test
    void dynamicWeightKeepsTheRemainingSharesAndDividesOnlyTheFailedClustersShare() {
        // Karmada's steady mode (assignment.go dynamicScaleUp): 6/4/2 ran on m1, m2, m3; m3 fails; its 2 replicas are
        // divided by the free room of m1 (10), m2 (30) and the new m4 (100): 0, 0 and 1, and the remainder to m4.
        ScheduleResult result = reschedule(web(12), divided(DYNAMIC), Set.of("m3"), ordered("m1", 6, "m2", 4, "m3", 2),
                cluster("m1", 10), cluster("m2", 30), cluster("m3", 50), cluster("m4", 100));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 6L), Map.entry("m2", 4L), Map.entry("m4", 2L));
    }

    @Test
    void aggregatedFillsTheClustersThatRunItFirst() {
        // 8 on m1, 4 on m2; m2 fails. m1 runs it and holds 2 more; m3 holds 10: both are used, by free room 2:10.
        ScheduleResult result = reschedule(web(12), divided(AGGREGATED), Set.of("m2"), ordered("m1", 8, "m2", 4),
                cluster("m1", 2), cluster("m2", 50), cluster("m3", 10), cluster("m4", 5));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 8L), Map.entry("m3", 4L));
    }

    @Test
    void staticWeightsDivideAfreshOverTheClustersLeftAndOnlyTheExtraPodsNeedRoom() {
        ReplicaDivision weights = new ReplicaDivision(ReplicaDivision.Preference.Weighted,
                List.of(weight("m1", 3), weight("m2", 2), weight("m3", 1)), false);

        // 6/4/2; m3 fails: 12 over 3:2 is 7/4 and the remainder to m1. m1 runs 6 and has room for the 2 more only.
        ScheduleResult result = reschedule(web(12), divided(weights), Set.of("m3"), ordered("m1", 6, "m2", 4, "m3", 2),
                cluster("m1", 2), cluster("m2", 0), cluster("m3", 50));

        assertThat(replicas(result)).containsExactly(Map.entry("m1", 8L), Map.entry("m2", 4L));
    }

    @Test
    void theMissingReplicasMustFitTheFreeRoomLeft() {
        ScheduleResult result = reschedule(web(12), divided(DYNAMIC), Set.of("m3"), ordered("m1", 6, "m2", 4, "m3", 2),
                cluster("m1", 1), cluster("m2", 0), cluster("m3", 50));

        assertThat(((ScheduleResult.Unschedulable) result).problems())
                .containsExactly("the clusters' free room holds 1 more replicas, not the 2 missing (m1=1, m2=0)");
        assertThat(((ScheduleResult.Unschedulable) result).reason()).as("no amount: the binding is rewritten only when a cause changes")
                .isEqualTo("no set of clusters can take the workload (the clusters' free room is not enough for the missing replicas)");
    }

    @Test
    void fewerReplicasThanRunScaleDownInProportionToWhatEachClusterRuns() {
        // Karmada's dynamicScaleDown: 6/4/2 ran; 7 asked: 3.5, 2.3 and 1.2 floored to 3/2/1, the remainder to m1 (most run).
        // No cluster needs room to shrink, and none is added although m4 has the most.
        ScheduleResult result = reschedule(web(7), divided(DYNAMIC), Set.of(), ordered("m1", 6, "m2", 4, "m3", 2),
                cluster("m1", 0), cluster("m2", 0), cluster("m3", 0), cluster("m4", 100));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 4L), Map.entry("m2", 2L), Map.entry("m3", 1L));
    }

    @Test
    void aScaleDownThatLeavesAClusterNoPodsDropsIt() {
        // 6/3/1 over 5: 3, 1.5 and 0.5 floored to 3/1/0, the remainder to m1: m3 runs nothing any more.
        ScheduleResult result = reschedule(web(5), divided(DYNAMIC), Set.of(), ordered("m1", 6, "m2", 3, "m3", 1),
                cluster("m1", 10), cluster("m2", 10), cluster("m3", 10));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 4L), Map.entry("m2", 1L));
    }

    @Test
    void aggregatedScaleDownKeepsTheFewestClustersThatRanEnough() {
        // Aggregated: the clusters by what they ran, most first, cut where they reach the replicas asked.
        assertThat(replicas(reschedule(web(5), divided(AGGREGATED), Set.of(), ordered("m1", 6, "m2", 3, "m3", 1),
                cluster("m1", 10), cluster("m2", 10), cluster("m3", 10)))).containsOnly(Map.entry("m1", 5L));
        // 8: m1 and m2 ran 9; 8 over 6:3 is 5.3 and 2.7 floored to 5/2, the remainder to m1.
        assertThat(replicas(reschedule(web(8), divided(AGGREGATED), Set.of(), ordered("m1", 6, "m2", 3, "m3", 1),
                cluster("m1", 10), cluster("m2", 10), cluster("m3", 10)))).containsOnly(Map.entry("m1", 6L), Map.entry("m2", 2L));
    }

    @Test
    void aTieInWhatTheClustersRunGoesToThePreferredCluster() {
        // 2 and 2 ran, 3 asked: the remainder goes to the cluster ranked first (more available replicas: m2); Karmada draws lots.
        ScheduleResult result = reschedule(web(3), divided(DYNAMIC), Set.of(), ordered("m1", 2, "m2", 2),
                cluster("m1", 5), cluster("m2", 50));

        assertThat(replicas(result)).containsOnly(Map.entry("m2", 2L), Map.entry("m1", 1L));
    }

    @Test
    void moreReplicasThanRunKeepEveryShareAndDivideOnlyTheNewOnesByFreeRoom() {
        // A plain scale-up from 6 (4/2) to 9, nothing failed (dynamicScaleUp): 3 more over free room 10:20 is 1/2.
        ScheduleResult result = reschedule(web(9), divided(DYNAMIC), Set.of(), ordered("m1", 4, "m2", 2),
                cluster("m1", 10), cluster("m2", 20));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 5L), Map.entry("m2", 4L));
    }

    @Test
    void eachComponentScalesByItsOwnPreviousShares() {
        // main shrinks from 4/2 to 3 (2/1); side grows from 1/1 to 4: its 2 new pods go by free room 10:10.
        List<ComponentDemand> components = List.of(
                new ComponentDemand("main", 3, Resources.fromQuantities(Map.of("cpu", "1"))),
                new ComponentDemand("side", 4, Resources.fromQuantities(Map.of("cpu", "1"))));
        List<ScheduleResult.Target> previous = List.of(
                new ScheduleResult.Target("m1", Map.of("main", 4L, "side", 1L)),
                new ScheduleResult.Target("m2", Map.of("main", 2L, "side", 1L)));

        ScheduleResult result = scheduler.reschedule(new ReplicaScheduler.Request(components, divided(DYNAMIC),
                List.of(cluster("m1", 10), cluster("m2", 10)), Set.of(), null), 0, previous);

        assertThat(scheduled(result).targets()).extracting(ScheduleResult.Target::cluster, ScheduleResult.Target::components).containsOnly(
                tuple("m1", Map.of("main", 2L, "side", 2L)), tuple("m2", Map.of("main", 1L, "side", 2L)));
    }

    @Test
    void zeroReplicasStillGoToEverySelectedClusterWithNoPods() {
        ScheduleResult result = reschedule(web(0), divided(DYNAMIC), Set.of(), ordered("m1", 4, "m2", 2),
                cluster("m1", 10), cluster("m2", 20));

        assertThat(replicas(result)).containsOnly(Map.entry("m1", 0L), Map.entry("m2", 0L));
    }
}
