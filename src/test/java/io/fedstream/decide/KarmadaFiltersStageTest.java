package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.RoomNote;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The namespace pass filters clusters as Karmada v1.15's scheduler does (issue 41, rules 4 and 6): room is no filter for
 * Duplicated or statically weighted replicas (every selected cluster gets its copy or share, and the binding says where
 * a share exceeds the room its cluster reported), and a cluster that does not serve the workload's kind is skipped.
 */
class KarmadaFiltersStageTest extends FleetStageTest {

    /** Static weights 3:2:1 over dc-1, dc-2 and dc-3. */
    private static final String STATIC_3_2_1 = webPolicyPlacing("""
            replicaScheduling:
              replicaSchedulingType: Divided
              replicaDivisionPreference: Weighted
              weightPreference:
                staticWeightList:
                  - {targetCluster: {clusterNames: [dc-1]}, weight: 3}
                  - {targetCluster: {clusterNames: [dc-2]}, weight: 2}
                  - {targetCluster: {clusterNames: [dc-3]}, weight: 1}
            """);

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";

    /** dc-1 (64 cpu), dc-2 (32) and dc-3 (2 cpu: room for two pods of one cpu). */
    private void fleetWithASmallCluster() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "2", "256Gi")
                .advance(Duration.ofSeconds(1));
    }

    private Placement placement() {
        return fleet.binding(WEB).getPlacement();
    }

    private static ClusterTarget target(String cluster, Long replicas) {
        return new ClusterTarget(cluster, replicas, List.of());
    }

    private AuditEvent lastPlaced() {
        return fleet.audit.stream().filter(e -> e.getDecision().equals("PLACED")).reduce((a, b) -> b).orElseThrow();
    }

    @Test
    void aDuplicatedWorkloadGoesToEverySelectedClusterAndTheBindingSaysWhichCannotHoldItsCopy() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}\nreplicaScheduling: {replicaSchedulingType: Duplicated}"))
                .advance(Duration.ofSeconds(1));
        fleet.roomChanges();

        fleet.deployment("team-a", "web", 3, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).as("Karmada's assignByDuplicatedStrategy: every selected cluster")
                .containsExactlyInAnyOrder(target("dc-1", null), target("dc-2", null), target("dc-3", null));
        assertThat(placement().getRoomNotes()).containsExactly(new RoomNote("dc-3",
                "cluster dc-3's share {main=3} exceeds its reported room: cpu short by 1 (needs 3, free 2)"));
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(lastPlaced().getReason()).contains("cluster dc-3's share {main=3} exceeds its reported room");
        assertThat(fleet.roomChanges()).extracting(r -> r.cluster() + " " + r.components().get(0).replicas())
                .as("dc-3's book holds the two pods it has room for, never more").containsExactlyInAnyOrder("dc-1 3", "dc-2 3", "dc-3 2");
    }

    @Test
    void staticWeightsThreeTwoOneForEighteenReplicasPlaceNineSixThreeWhereTheSmallShareExceedsItsRoom() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, STATIC_3_2_1).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 18, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).as("Karmada's assignByStaticWeightStrategy: 9/6/3, pods that do not fit stay Pending")
                .containsExactly(target("dc-1", 9L), target("dc-2", 6L), target("dc-3", 3L));
        assertThat(placement().getRoomNotes()).extracting(RoomNote::getCluster).containsExactly("dc-3");
        assertThat(fleet.decisions(WEB)).containsExactly("ADMITTED", "PLACED");
    }

    @Test
    void staticSharesRescaledGrowWhereTheRoomIsShortAsKarmadaDividesThemAfresh() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, STATIC_3_2_1).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 18, "1").advance(Duration.ofSeconds(2));

        fleet.deployment("team-a", "web", 24, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).as("24 by 3:2:1, dc-3's growth placed although its room cannot hold it")
                .containsExactly(target("dc-1", 12L), target("dc-2", 8L), target("dc-3", 4L));
        assertThat(placement().getRoomNotes()).extracting(RoomNote::getCluster).containsExactly("dc-3");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(fleet.decisions(WEB)).contains("REPLICAS_RESCALED").doesNotContain("RESCALE_UNSCHEDULABLE");
    }

    private static final String STATIC_WEIGHTS_3_2_1 = """
            replicaScheduling:
              replicaSchedulingType: Divided
              replicaDivisionPreference: Weighted
              weightPreference:
                staticWeightList:
                  - {targetCluster: {clusterNames: [dc-1]}, weight: 3}
                  - {targetCluster: {clusterNames: [dc-2]}, weight: 2}
                  - {targetCluster: {clusterNames: [dc-3]}, weight: 1}
            """;

    @Test
    void aPolicyRescheduleOfStaticWeightsGrowsAShareBeyondItsRoomAsKarmadaDividesAfresh() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing(STATIC_WEIGHTS_3_2_1)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 18, "1").advance(Duration.ofSeconds(2));
        fleet.roomChanges();

        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-2, dc-3]}\n" + STATIC_WEIGHTS_3_2_1)).advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).as("18 by 2:1 over dc-2 and dc-3, dc-3's growth placed although its room cannot hold it")
                .containsExactly(target("dc-2", 12L), target("dc-3", 6L));
        assertThat(placement().getRoomNotes()).containsExactly(new RoomNote("dc-3",
                "cluster dc-3's share {main=6} exceeds its reported room: cpu short by 3 (needs 3, free 0)"));
        assertThat(fleet.decisions(WEB)).contains("POLICY_RESCHEDULED").doesNotContain("POLICY_UNSCHEDULABLE");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster()
                        + (r.components().isEmpty() ? "" : " " + r.components().get(0).replicas()))
                .as("dc-2 reserves its growth; dc-3's room holds none of its growth, so nothing is asked there")
                .containsExactlyInAnyOrder("RESERVE dc-2 6", "RELEASE dc-1");
    }

    @Test
    void aFailoverReDivisionOfStaticWeightsGrowsAShareBeyondItsRoomAsKarmadaDividesAfresh() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing(STATIC_WEIGHTS_3_2_1)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 18, "1").advance(Duration.ofSeconds(2));
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(placement().getClusters()).as("18 by 2:1 over the clusters left, dc-3's growth placed although its room cannot hold it")
                .containsExactly(target("dc-2", 12L), target("dc-3", 6L));
        assertThat(placement().getRoomNotes()).containsExactly(new RoomNote("dc-3",
                "cluster dc-3's share {main=6} exceeds its reported room: cpu short by 3 (needs 3, free 0)"));
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("SHARES_REDIVIDED").doesNotContain("MIGRATION_NO_TARGET");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster()
                        + (r.components().isEmpty() ? "" : " " + r.components().get(0).replicas()))
                .containsExactlyInAnyOrder("RESERVE dc-2 6", "RELEASE dc-1");
    }

    @Test
    void aPolicyRescheduleThatAddsAClusterKeepsTheNoteOfACopyThatStaysBeyondItsRoom() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-1, dc-3]}\nreplicaScheduling: {replicaSchedulingType: Duplicated}"))
                .advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 3, "1").advance(Duration.ofSeconds(2));
        RoomNote dc3 = new RoomNote("dc-3", "cluster dc-3's share {main=3} exceeds its reported room: cpu short by 1 (needs 3, free 2)");
        assertThat(placement().getRoomNotes()).containsExactly(dc3);

        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}\nreplicaScheduling: {replicaSchedulingType: Duplicated}"))
                .advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).extracting(ClusterTarget::getName).containsExactlyInAnyOrder("dc-1", "dc-2", "dc-3");
        assertThat(placement().getRoomNotes()).as("dc-2's new copy fits; dc-3's copy, unchanged, is still beyond its room").containsExactly(dc3);
        assertThat(fleet.decisions(WEB)).contains("POLICY_RESCHEDULED");
    }

    /** A Duplicated workload, and one active cluster (Duplicated too), whatever the room of the group's cluster. */
    @ParameterizedTest
    @ValueSource(strings = {"replicaScheduling: {replicaSchedulingType: Duplicated}", "spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]"})
    void aClusterAffinitiesGroupWhoseOnlyClusterLacksRoomKeepsTheWorkloadAsKarmadaStaysInIt(String scheduling) {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                clusterAffinities:
                  - {affinityName: primary, clusterNames: [dc-3]}
                  - {affinityName: backup, clusterNames: [dc-1]}
                """ + scheduling)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 3, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).containsExactly(target("dc-3", null));
        assertThat(placement().getRoomNotes()).extracting(RoomNote::getCluster).containsExactly("dc-3");
        assertThat(lastPlaced().getDetails()).contains("\"affinityGroup\":0");
    }

    @Test
    void oneActiveClusterGoesToTheRoomiestClusterWhenNoneHoldsItAsKarmadaIgnoresTheRoomForDuplicated() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}\nspreadConstraints: [{spreadByField: cluster, maxGroups: 1}]"))
                .advance(Duration.ofSeconds(1));
        fleet.roomChanges();

        fleet.deployment("team-a", "web", 80, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).as("Karmada's selectBestClustersByCluster: the best cluster, most available replicas first")
                .containsExactly(target("dc-1", null));
        assertThat(placement().getRoomNotes()).containsExactly(new RoomNote("dc-1",
                "cluster dc-1's share {main=80} exceeds its reported room: cpu short by 16 (needs 80, free 64)"));
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(fleet.decisions(WEB)).containsExactly("ADMITTED", "PLACED");
        assertThat(fleet.roomChanges()).extracting(r -> r.cluster() + " " + r.components().get(0).replicas())
                .as("dc-1's book holds the 64 pods it has room for").containsExactly("dc-1 64");
    }

    @Test
    void oneActiveClusterStillPrefersAClusterWithRoom() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-2, dc-3]}\nspreadConstraints: [{spreadByField: cluster, maxGroups: 1}]"))
                .advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 20, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).containsExactly(target("dc-2", null));
        assertThat(placement().getRoomNotes()).isEmpty();
    }

    @Test
    void aDivisionByAvailableReplicasStillLeavesOutAClusterWithoutRoom() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                clusterAffinity: {clusterNames: [dc-2, dc-3]}
                replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Aggregated}
                """)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 20, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).containsExactly(target("dc-2", 20L));
        assertThat(placement().getRoomNotes()).isEmpty();
    }

    @Test
    void aClusterThatDoesNotServeTheKindIsSkippedByEveryPlacement() {
        fleetWithASmallCluster();
        fleet.servedKinds("dc-1", "v1/ConfigMap", "v1/Service").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}\nreplicaScheduling: {replicaSchedulingType: Duplicated}"))
                .advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 1, "1").deployment("team-a", "one", 1, "1").advance(Duration.ofSeconds(2));

        assertThat(placement().getClusters()).extracting(ClusterTarget::getName).containsExactlyInAnyOrder("dc-2", "dc-3");
        assertThat(fleet.binding("apps/Deployment/team-a/one").getPlacement().getClusters())
                .as("one active cluster (the driver's default policy): the roomiest that serves Deployments")
                .extracting(ClusterTarget::getName).containsExactly("dc-2");
    }

    @Test
    void aClusterThatStopsServingTheKindKeepsWhatItRunsAtARescale() {
        fleetWithASmallCluster();
        fleet.policy(POLICY_KEY, webPolicyPlacing("clusterAffinity: {clusterNames: [dc-1, dc-2]}\nreplicaScheduling: {replicaSchedulingType: Duplicated}"))
                .advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 1, "1").advance(Duration.ofSeconds(2));
        fleet.servedKinds("dc-1", "v1/ConfigMap").advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(2));

        assertThat(fleet.binding(WEB).getComponents().get(0).getReplicas()).isEqualTo(2);
        assertThat(placement().getClusters()).extracting(ClusterTarget::getName).containsExactlyInAnyOrder("dc-1", "dc-2");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
    }
}
