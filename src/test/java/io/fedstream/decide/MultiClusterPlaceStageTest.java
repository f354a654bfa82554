package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.Placement;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.demo.DemoClusters;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Stage 4 with Karmada's replica scheduling: a workload is scheduled over several clusters, each reserving its share. */
class MultiClusterPlaceStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"},"staticAssignments":[
               {"clusterName":"dc-1","hard":{"cpu":"20"}},{"clusterName":"dc-2","hard":{"cpu":"20"}},{"clusterName":"dc-3","hard":{"cpu":"20"}}]}}""";

    /** The placement of Karmada's samples/nginx policy: 1:1 static weights over member1 and member2. */
    private static final String NGINX_PLACEMENT = """
            clusterAffinity: {clusterNames: [member1, member2]}
            replicaScheduling:
              replicaSchedulingType: Divided
              replicaDivisionPreference: Weighted
              weightPreference:
                staticWeightList:
                  - {targetCluster: {clusterNames: [member1]}, weight: 1}
                  - {targetCluster: {clusterNames: [member2]}, weight: 1}
            """;

    private Placement placementOf(String key) {
        return fleet.binding(key).getPlacement();
    }

    private static ClusterTarget target(String cluster, Integer replicas) {
        return new ClusterTarget(cluster, replicas == null ? null : replicas.longValue(), List.of());
    }

    @Test
    void karmadasNginxSampleOnTheDemosClustersIsDividedOneToOneAsKarmadasQuickStartShows() {
        fleet = new FleetDriver(stateDir);
        DemoClusters.NAMES.forEach(name -> fleet.cluster(name, "512", "4Ti"));
        fleet.advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing(NGINX_PLACEMENT)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(5));

        assertThat(placementOf(WEB).getClusters()).containsExactlyInAnyOrder(target("member1", 1), target("member2", 1));
        assertThat(placementOf(WEB).getPolicy()).isEqualTo("PropagationPolicy/team-a/web");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(fleet.audit.get(fleet.audit.size() - 1).getDetails()).contains("\"policy\":\"PropagationPolicy/team-a/web\"");
    }

    @Test
    void karmadasNginxSampleOnAFleetOfOtherNamesSaysInTheBindingThatNoClusterMatchedTheAffinity() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, webPolicyPlacing(NGINX_PLACEMENT)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(5));

        assertThat(placementOf(WEB)).isNull();
        assertThat(fleet.binding(WEB).getUnplacedReason()).isEqualTo("no set of clusters can take the workload (0/3 clusters are"
                + " available: 3 cluster(s) did not match the placement cluster affinity constraint)");
        assertThat(fleet.decisions(WEB)).containsExactly("ADMITTED", "UNPLACEABLE");
        assertThat(fleet.audit.get(fleet.audit.size() - 1).getReason()).isEqualTo("no set of clusters can take the workload: no eligible cluster");
    }

    @Test
    void aServiceAndAConfigMapBesideTheNginxSampleGoToEveryClusterOfItsDividedPolicyAndChargeNothing() {
        fleet = new FleetDriver(stateDir);
        DemoClusters.NAMES.forEach(name -> fleet.cluster(name, "512", "4Ti"));
        fleet.advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, webPolicyPlacing(NGINX_PLACEMENT).replace(
                "resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]",
                "resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}, {apiVersion: v1, kind: Service, name: web},"
                        + " {apiVersion: v1, kind: ConfigMap, name: web}]"))
                .advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1")
                .workload("core/Service/team-a/web", """
                        {"apiVersion":"v1","kind":"Service","metadata":{"name":"web","namespace":"team-a"},
                         "spec":{"selector":{"app":"web"},"ports":[{"port":80,"targetPort":8080}]}}""")
                .workload("core/ConfigMap/team-a/web", """
                        {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web","namespace":"team-a"},"data":{"index.html":"hello"}}""")
                .advance(Duration.ofSeconds(5));

        assertThat(placementOf(WEB).getClusters()).containsExactlyInAnyOrder(target("member1", 1), target("member2", 1));
        for (String key : List.of("core/Service/team-a/web", "core/ConfigMap/team-a/web")) {
            assertThat(fleet.binding(key).getAdmission().getState()).as(key).hasToString("ADMITTED");
            assertThat(fleet.binding(key).getAdmission().getCharged()).as(key).isEmpty();
            assertThat(placementOf(key).getClusters()).as("%s: no replicas to divide, so a copy on every selected cluster", key)
                    .containsExactlyInAnyOrder(target("member1", 0), target("member2", 0));
            assertThat(placementOf(key).getPolicy()).isEqualTo(POLICY_KEY);
        }
        assertThat(fleet.usedOn("team-a/q", "member1")).as("the Deployment's pod alone").containsExactly(Map.entry("cpu", "1"));
    }

    @Test
    void karmadasGuestbookSampleWithItsKindDeclaredRunsOnMember1WithItsOverride() {
        String guestbook = "webapp.my.domain/Guestbook/default/guestbook-sample";
        fleet = new FleetDriver(stateDir);
        DemoClusters.NAMES.forEach(name -> fleet.cluster(name, "512", "4Ti"));
        fleet.advance(Duration.ofSeconds(1));
        // samples/guestbook's PropagationPolicy and OverridePolicy, and the customization the README gives for its kind.
        fleet.policy("InterpreterCustomization//guestbook", """
                        apiVersion: fedstream.io/v1alpha1
                        kind: InterpreterCustomization
                        metadata: {name: guestbook}
                        spec:
                          target: {apiVersion: webapp.my.domain/v1, kind: Guestbook}
                          components: []
                        """)
                .policy("PropagationPolicy/default/example-policy", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: PropagationPolicy
                        metadata: {name: example-policy}
                        spec:
                          resourceSelectors: [{apiVersion: webapp.my.domain/v1, kind: Guestbook}]
                          placement: {clusterAffinity: {clusterNames: [member1]}}
                        """)
                .policy("OverridePolicy/default/guestbook-sample", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: OverridePolicy
                        metadata: {name: guestbook-sample}
                        spec:
                          resourceSelectors: [{apiVersion: webapp.my.domain/v1, kind: Guestbook}]
                          overrideRules:
                          - targetCluster: {clusterNames: [member1]}
                            overriders:
                              plaintext:
                              - {path: /spec/size, operator: replace, value: 4}
                              - {path: /metadata/annotations, operator: add, value: {"OverridePolicy": "test"}}
                        """)
                .advance(Duration.ofSeconds(1));

        fleet.workload(guestbook, """
                {"apiVersion":"webapp.my.domain/v1","kind":"Guestbook","metadata":{"name":"guestbook-sample"},
                 "spec":{"size":2,"configMapName":"test","alias":"Name"}}""").advance(Duration.ofSeconds(5));

        assertThat(placementOf(guestbook).getClusters()).containsExactly(target("member1", null));
        assertThat(fleet.binding(guestbook).getClusterOverrides()).singleElement().satisfies(override -> {
            assertThat(override.getCluster()).isEqualTo("member1");
            assertThat(override.getApplied()).containsExactly("OverridePolicy default/guestbook-sample spec.overrideRules[0]");
            assertThat(override.getManifest()).contains("\"size\":4").contains("\"annotations\":{\"OverridePolicy\":\"test\"}");
        });
    }

    @Test
    void staticWeightsTwoToOneDivideTheReplicasAndTheQuotaChargesEachClusterItsShare() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, WEB_TWO_TO_ONE_BY_STATIC_WEIGHTS).advance(Duration.ofSeconds(1));
        fleet.roomChanges();

        fleet.deployment("team-a", "web", 3, "1");

        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster() + " "
                        + r.components().get(0).replicas())
                .as("one request per target cluster, for its share").containsExactly("RESERVE dc-1 2", "RESERVE dc-2 1");
        Placement placement = placementOf(WEB);
        assertThat(placement.getClusters()).containsExactly(target("dc-1", 2), target("dc-2", 1));
        assertThat(placement.getScheduling()).isEqualTo(ReplicaScheduling.DIVIDED);
        assertThat(placement.getDecidedBy()).isEqualTo("scheduler");
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "3");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "1"));
        assertThat(fleet.decisions(WEB)).containsExactly("ADMITTED", "PLACED");
        assertThat(fleet.audit.get(fleet.audit.size() - 1)).satisfies(placed -> {
            assertThat(placed.getTargetCluster()).isEqualTo("dc-1,dc-2");
            assertThat(placed.getReason()).isEqualTo("reserved room on dc-1 (2 pods), dc-2 (1 pods)");
        });
    }

    @Test
    void dynamicWeightDividesByTheClustersAvailableReplicas() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").cluster("dc-2", "4", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                replicaScheduling:
                  replicaSchedulingType: Divided
                  weightPreference: {dynamicWeight: AvailableReplicas}
                """)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 6, "1");

        assertThat(placementOf(WEB).getClusters()).as("8 and 4 available: 6 x 8/12 and 6 x 4/12")
                .containsExactly(target("dc-1", 4), target("dc-2", 2));
    }

    @Test
    void aggregatedUsesTheFewestClustersThatHoldTheReplicas() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").cluster("dc-2", "4", "64Gi").cluster("dc-3", "4", "64Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Aggregated}
                """).replace(", name: web}", "}")).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 6, "1");
        assertThat(placementOf(WEB).getClusters()).as("dc-1 alone holds 6").containsExactly(target("dc-1", 6));

        fleet.deployment("team-a", "big", 10, "1");
        assertThat(placementOf("apps/Deployment/team-a/big").getClusters()).as("dc-1 has 2 left, so the two others")
                .containsExactly(target("dc-2", 4), target("dc-3", 4), target("dc-1", 2));
    }

    @Test
    void plainDuplicatedRunsACopyOnEveryFeasibleClusterAndAFailedClustersCopyLeavesThePlacement() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, webPolicyPlacing("""
                clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}
                """)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        Placement placement = placementOf(WEB);
        assertThat(placement.getClusters()).as("Karmada's Duplicated: every selected cluster that fits")
                .containsExactlyInAnyOrder(target("dc-1", null), target("dc-2", null), target("dc-3", null));
        assertThat(placement.getScheduling()).isEqualTo(ReplicaScheduling.DUPLICATED);
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).as("three full copies").containsEntry("cpu", "6");
        assertThat(fleet.usedOn("team-a/q", "dc-3")).containsExactly(Map.entry("cpu", "2"));

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(placementOf(WEB).getClusters()).as("no spread bound calls for another cluster: the copy leaves")
                .containsExactlyInAnyOrder(target("dc-2", null), target("dc-3", null));
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("SHARE_REMOVED");
    }

    @Test
    void duplicatedWithMaxGroupsTwoRunsACopyOnTheTwoRoomiestClusters() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, webPolicyPlacing("""
                spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        Placement placement = placementOf(WEB);
        assertThat(placement.getClusters()).containsExactly(target("dc-1", null), target("dc-2", null));
        assertThat(placement.getScheduling()).isEqualTo(ReplicaScheduling.DUPLICATED);
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).as("two full copies").containsEntry("cpu", "4");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "2"));
    }

    @Test
    void aRefusedDuplicatedCopyIsPlacedWithNoRoomHeldAsKarmadaPlacesItAndTheBindingSaysSo() {
        fleet = FleetDriver.threeClusters(stateDir);
        // What a placing task of another partition holds on dc-1: this task's view of the fleet cannot know it.
        fleet.heldElsewhere("dc-1", Map.of("cpu", "63"));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """)).advance(Duration.ofSeconds(1));
        fleet.roomChanges();

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(placementOf(WEB).getClusters()).as("room is no filter for Duplicated (assignByDuplicatedStrategy)")
                .containsExactly(target("dc-1", null), target("dc-2", null));
        assertThat(placementOf(WEB).getRoomNotes()).extracting(io.fedstream.avro.RoomNote::getCluster, io.fedstream.avro.RoomNote::getMessage)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dc-1",
                        "cluster dc-1's pods {main=2} are placed with no room held: dc-1: cpu short by 1 (needs 2, free 1)"));
        assertThat(fleet.decisions(WEB)).containsSubsequence("RESERVATION_REFUSED", "PLACED").doesNotContain("UNPLACEABLE");
        assertThat(fleet.roomChanges().stream().map(r -> r.kind() + " " + r.cluster()).toList())
                .as("dc-1's book is not over-filled").containsExactly("RESERVE dc-2");
    }

    @Test
    void aRefusedShareOfADivisionByAvailableReplicasGivesBackTheGrantedOnesAndIsScheduledAgainWithoutTheRefusingCluster() {
        fleet = FleetDriver.threeClusters(stateDir);
        // What a placing task of another partition holds on dc-1: this task's view of the fleet cannot know it.
        fleet.heldElsewhere("dc-1", Map.of("cpu", "63"));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                replicaScheduling:
                  replicaSchedulingType: Divided
                  replicaDivisionPreference: Weighted
                  weightPreference: {dynamicWeight: AvailableReplicas}
                """)).advance(Duration.ofSeconds(1));
        fleet.roomChanges();

        fleet.deployment("team-a", "web", 4, "1");

        assertThat(placementOf(WEB).getClusters()).as("4 by available replicas 32:16").containsExactly(target("dc-2", 3), target("dc-3", 1));
        assertThat(placementOf(WEB).getRoomNotes()).isEmpty();
        assertThat(fleet.decisions(WEB)).containsSubsequence("RESERVATION_REFUSED", "PLACED");
        assertThat(fleet.audit.stream().filter(a -> "RESERVATION_REFUSED".equals(a.getDecision())).findFirst().orElseThrow().getReason())
                .isEqualTo("dc-1: cpu short by 2 (needs 3, free 1)");
        List<String> requests = fleet.roomChanges().stream().map(r -> r.kind() + " " + r.cluster()).toList();
        assertThat(requests).as("dc-1 refused: dc-2's room was given back, the second schedule holds dc-2's and dc-3's")
                .containsExactly("RESERVE dc-2", "RESERVE dc-3");
        assertThat(fleet.workload(WEB).getHoldings()).extracting(io.fedstream.avro.RoomHeld::getCluster).containsExactly("dc-2", "dc-3");
    }

    @Test
    void aScheduleRefusedOnEveryAttemptIsUnplaceableAndAuditedOnce() {
        fleet = FleetDriver.threeClusters(stateDir);
        // Each cluster keeps 1 cpu free for this task's workloads: every share of 2 pods is refused.
        Map.of("dc-1", "63", "dc-2", "31", "dc-3", "15").forEach((cluster, cpu) -> fleet.heldElsewhere(cluster, Map.of("cpu", cpu)));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                replicaScheduling:
                  replicaSchedulingType: Divided
                  replicaDivisionPreference: Weighted
                  weightPreference: {dynamicWeight: AvailableReplicas}
                """)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 6, "1");

        assertThat(placementOf(WEB)).isNull();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("UNPLACEABLE");
        assertThat(fleet.audit.stream().filter(a -> "UNPLACEABLE".equals(a.getDecision())).findFirst().orElseThrow().getReason())
                .isEqualTo("every schedule was refused a reservation (refused by dc-1, dc-2, dc-3)");
    }

    @Test
    void staticSharesRefusedEverywhereArePlacedAsKarmadaDividesThemEachWithNoRoomHeld() {
        fleet = FleetDriver.threeClusters(stateDir);
        Map.of("dc-1", "63", "dc-2", "31", "dc-3", "15").forEach((cluster, cpu) -> fleet.heldElsewhere(cluster, Map.of("cpu", cpu)));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                replicaScheduling: {replicaSchedulingType: Divided}
                """)).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 6, "1");

        assertThat(placementOf(WEB).getClusters()).as("equal static weights (assignByStaticWeightStrategy), whatever the room")
                .containsExactly(target("dc-1", 2), target("dc-2", 2), target("dc-3", 2));
        assertThat(placementOf(WEB).getRoomNotes()).extracting(io.fedstream.avro.RoomNote::getCluster).containsExactly("dc-1", "dc-2", "dc-3");
        assertThat(fleet.decisions(WEB)).doesNotContain("UNPLACEABLE").containsOnlyOnce("PLACED");
    }

    @Test
    void theClusterIndexListsEveryClusterAndAFailedClustersShareMovesWhereTheSpreadBoundCallsForAnotherCluster() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, webPolicyPlacing("""
                spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.onCluster("dc-1")).containsExactly(WEB);
        assertThat(fleet.onCluster("dc-2")).containsExactly(WEB);
        assertThat(fleet.onCluster("dc-3")).isEmpty();
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster() + " "
                + r.components().get(0).replicas()).containsExactly("RESERVE dc-3 2");
        MigrationCommand command = fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE).findFirst().orElseThrow();
        assertThat(fleet.commandsFor(WEB)).as("one command for the workload and incident; dc-2 runs on untouched").containsExactly(command);
        assertThat(command.getSourceCluster()).isEqualTo("dc-1");
        assertThat(command.getTargetCluster()).isEqualTo("dc-3");

        fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);

        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-3", null), target("dc-2", null));
        assertThat(placementOf(WEB).getDecidedBy()).isEqualTo("failover");
        assertThat(fleet.usedOn("team-a/q", "dc-3")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "0"));
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.onCluster("dc-3")).containsExactly(WEB);

        fleet.status(WEB, "dc-3", null, null);

        assertThat(fleet.commandsFor(WEB)).as("the moved copy is healthy: the old one goes").filteredOn(c -> c.getAction() == MigrationAction.PURGE).singleElement()
                .satisfies(purge -> assertThat(purge.getSourceCluster()).isEqualTo("dc-1"));
    }

    @Test
    void aFailedClustersShareLeavesThePlacementWhenTheClustersLeftSatisfyTheScheduleAndIsPurgedOnceTheyAreHealthy() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing("""
                spreadConstraints: [{spreadByField: cluster, minGroups: 1, maxGroups: 2}]
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-1", null), target("dc-2", null));

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(placementOf(WEB).getClusters()).as("dc-2 alone satisfies minGroups 1").containsExactly(target("dc-2", null));
        assertThat(placementOf(WEB).getDecidedBy()).isEqualTo("failover");
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("SHARE_REMOVED");
        assertThat(fleet.audit.stream().filter(a -> "SHARE_REMOVED".equals(a.getDecision())).findFirst().orElseThrow().getReason())
                .isEqualTo("the share on dc-1 leaves the placement: dc-2 satisfy the schedule; " + "its copy is purged once the workload is healthy where it runs now, or gracePeriodSeconds 600 after");

        fleet.status(WEB, "dc-2", null, null);

        assertThat(fleet.commandsFor(WEB)).singleElement().satisfies(purge -> {
            assertThat(purge.getAction()).isEqualTo(MigrationAction.PURGE);
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
        });
        fleet.cluster("dc-1", "16", "64Gi").advance(Duration.ofSeconds(5));
        assertThat(placementOf(WEB).getClusters()).as("a recovered cluster is not added back").containsExactly(target("dc-2", null));
        assertThat(fleet.commandsFor(WEB)).hasSize(1);
    }
}
