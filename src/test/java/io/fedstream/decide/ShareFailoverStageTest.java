package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.RoomNote;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.lease.LeaseSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A failed share of a multi-cluster placement re-scheduled as Karmada's steady mode does, on the whole topology: static
 * weights and missing replicas over several clusters re-divide the placement (growth reserved, the failed share removed
 * and purged), a share migration refused or failed goes to the next candidate, and one copy's application failure moves
 * that copy.
 */
class ShareFailoverStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"}}}""";

    /** Divided by the static weights dc-1:dc-2:dc-3 = 2:1:1. */
    private static final String STATIC_WEIGHTS_2_1_1 = policy("""
            placement:
              replicaScheduling:
                replicaSchedulingType: Divided
                weightPreference:
                  staticWeightList:
                    - {targetCluster: {clusterNames: [dc-1]}, weight: 2}
                    - {targetCluster: {clusterNames: [dc-2]}, weight: 1}
                    - {targetCluster: {clusterNames: [dc-3]}, weight: 1}
            """);

    private static String policy(String spec) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
                """ + spec.indent(2);
    }

    private Placement placementOf(String key) {
        return fleet.binding(key).getPlacement();
    }

    private static ClusterTarget target(String cluster, Integer replicas) {
        return new ClusterTarget(cluster, replicas == null ? null : replicas.longValue(), List.of());
    }

    private AuditEvent audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).findFirst().orElseThrow();
    }

    private MigrationCommand migrate(int attempt) {
        return fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE && c.getAttempt() == attempt)
                .findFirst().orElseThrow();
    }

    @Test
    void staticWeightsDivideAfreshOverTheClustersLeftReservingTheGrowthAndTheFailedShareIsPurgedOnceTheOthersAreHealthy() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, STATIC_WEIGHTS_2_1_1).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 4, "1");
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-1", 2), target("dc-2", 1), target("dc-3", 1));
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(placementOf(WEB).getClusters()).as("4 over the weights 1:1 of the clusters left")
                .containsExactlyInAnyOrder(target("dc-2", 2), target("dc-3", 2));
        assertThat(placementOf(WEB).getDecidedBy()).isEqualTo("failover");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster()
                        + (r.components().isEmpty() ? "" : " " + r.components().get(0).replicas()))
                .as("each running cluster reserves only its growth; the failed share's room goes back")
                .containsExactlyInAnyOrder("RESERVE dc-2 1", "RESERVE dc-3 1", "RELEASE dc-1");
        assertThat(fleet.commandsFor(WEB)).as("a scale-up of running copies: no MigrationCommand").isEmpty();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("SHARES_REDIVIDED").doesNotContain("MIGRATION_HELD");
        assertThat(audited("SHARES_REDIVIDED").getReason()).isEqualTo("the share on dc-1 (2 pods) leaves the placement and the re-schedule"
                + " divides anew: dc-2 1 -> 2 pods (1 reserved), dc-3 1 -> 2 pods (1 reserved); "
                + "its copy is purged once the workload is healthy where it runs now, or gracePeriodSeconds 600 after");
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "4");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.usedOn("team-a/q", "dc-3")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("nothing charged there any more").isEmpty();
        assertThat(fleet.onCluster("dc-1")).isEmpty();

        fleet.status(WEB, "dc-2", null, null);

        assertThat(fleet.commandsFor(WEB)).as("the copies that run report healthy: Karmada's moment").singleElement().satisfies(purge -> {
            assertThat(purge.getAction()).isEqualTo(MigrationAction.PURGE);
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
        });
        fleet.cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(5));
        assertThat(fleet.commandsFor(WEB)).hasSize(1);
        assertThat(placementOf(WEB).getClusters()).as("a recovered cluster is not added back")
                .containsExactlyInAnyOrder(target("dc-2", 2), target("dc-3", 2));
    }

    @Test
    void missingReplicasOfADynamicWeightThatLandOnSeveralClustersAreAddedToTheirSharesWithReservations() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy(POLICY_KEY, policy("""
                placement:
                  replicaScheduling:
                    replicaSchedulingType: Divided
                    weightPreference: {dynamicWeight: AvailableReplicas}
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 14, "1");
        assertThat(placementOf(WEB).getClusters()).as("available 64:32:16")
                .containsExactly(target("dc-1", 8), target("dc-2", 4), target("dc-3", 2));
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        Placement placement = placementOf(WEB);
        assertThat(placement.getClusters()).as("dc-1's 8 missing replicas divided by the free room of dc-2 and dc-3; their own shares kept")
                .containsExactly(target("dc-2", 10), target("dc-3", 4));
        assertThat(placement.getDecidedBy()).isEqualTo("failover");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster()
                        + (r.components().isEmpty() ? "" : " " + r.components().get(0).replicas()))
                .containsExactlyInAnyOrder("RESERVE dc-2 6", "RESERVE dc-3 2", "RELEASE dc-1");
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("SHARES_REDIVIDED").doesNotContain("MIGRATION_HELD");

        fleet.status(WEB, "dc-3", null, null);
        assertThat(fleet.commandsFor(WEB)).extracting(c -> c.getAction() + " " + c.getSourceCluster()).containsExactly("PURGE dc-1");
    }

    @Test
    void aRefusedGrowthOfStaticWeightsIsPlacedWithNoRoomHeldAsKarmadaDividesAfreshWhateverTheRoom() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy(POLICY_KEY, STATIC_WEIGHTS_2_1_1).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 4, "1");
        // Long after: the headroom the task's lease kept beside the first placement is no longer usable, and goes back.
        fleet.advance(LeaseSettings.DEFAULT_TTL.dividedBy(2).plusSeconds(1));
        // What another partition holds on dc-3: this task's view cannot know it, so dc-3 refuses its growth.
        fleet.heldElsewhere("dc-3", Map.of("cpu", "16"));
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(placementOf(WEB).getClusters()).as("4 over the weights 1:1 of the clusters left, dc-3's refused growth placed all the same")
                .containsExactlyInAnyOrder(target("dc-2", 2), target("dc-3", 2));
        assertThat(placementOf(WEB).getRoomNotes()).singleElement().satisfies(note -> {
            assertThat(note.getCluster()).isEqualTo("dc-3");
            assertThat(note.getMessage()).startsWith("cluster dc-3's pods {main=1} are placed with no room held: ");
        });
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("RESERVATION_REFUSED").containsOnlyOnce("SHARES_REDIVIDED")
                .doesNotContain("MIGRATION_NO_TARGET");
        assertThat(audited("SHARES_REDIVIDED").getReason()).startsWith("the share on dc-1 (2 pods) leaves the placement and the re-schedule"
                + " divides anew: dc-2 1 -> 2 pods (1 reserved), dc-3 1 -> 2 pods (beyond its reported room); ");
        assertThat(podsHeld(WEB)).as("dc-2's growth is held; dc-3 holds only what it ran; dc-1's share goes back")
                .containsExactly(Map.entry("dc-2", 2L), Map.entry("dc-3", 1L));
    }

    /** The pods the workload holds room for on each cluster (its record's holdings), by cluster name. */
    private Map<String, Long> podsHeld(String key) {
        Map<String, Long> pods = new java.util.TreeMap<>();
        fleet.workload(key).getHoldings().forEach(held -> held.getPods().values().forEach(n -> pods.merge(held.getCluster(), n, Long::sum)));
        return pods;
    }

    @Test
    void aShareMigrationRefusedOnItsFirstCandidateMovesToTheNextAndWithNoRoomLeftMovesBeyondIt() {
        fleet = fourClusters();
        fleet.policy(POLICY_KEY, policy("""
                placement:
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-1", null), target("dc-2", null));
        fleet.heldElsewhere("dc-3", Map.of("cpu", "15"));
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster() + " "
                + r.components().get(0).replicas()).as("the share's room, held on the candidate that had it")
                .containsExactly("RESERVE dc-4 2");
        assertThat(audited("RESERVATION_REFUSED").getReason()).as("dc-3, the first candidate, was asked first")
                .isEqualTo("dc-3: cpu short by 1 (needs 2, free 1)");
        assertThat(fleet.decisions(WEB)).containsSubsequence("RESERVATION_REFUSED", "MIGRATION_ISSUED").doesNotContain("MIGRATION_NO_TARGET");
        MigrationCommand command = migrate(1);
        assertThat(command.getSourceCluster()).isEqualTo("dc-1");
        assertThat(command.getTargetCluster()).isEqualTo("dc-4");
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-4", null), target("dc-2", null));

        // When dc-2 fails next, no survivor has room for the share (dc-1 comes back full of pods of its own): as Karmada's
        // re-schedule selects a cluster whatever its room, the share moves to the re-schedule's choice with no room held.
        fleet.cluster("dc-1", Map.of("cpu", "64", "memory", "256Gi"), Map.of("cpu", "63"), Map.of()).advance(Duration.ofSeconds(5));
        fleet.silence("dc-2").advance(Duration.ofSeconds(30));
        assertThat(fleet.decisions(WEB)).doesNotContain("MIGRATION_NO_TARGET").containsOnlyOnce("RESERVATION_REFUSED");
        MigrationCommand beyondRoom = fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE)
                .filter(c -> c.getSourceCluster().equals("dc-2")).findFirst().orElseThrow();
        assertThat(beyondRoom.getTargetCluster()).isEqualTo("dc-1");
        assertThat(beyondRoom.getTargetRoomNote()).isEqualTo("cluster dc-1's share {main=2} exceeds its reported room: cpu short by 1 (needs 2, free 1)");
        fleet.report(beyondRoom, MigrationPhase.COMPLETED, null);
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-4", null), target("dc-1", null));
        assertThat(placementOf(WEB).getRoomNotes()).extracting(RoomNote::getCluster).containsExactly("dc-1");
    }

    @Test
    void aShareMigrationThatFailsIsRetriedAfterTheBackOffOnTheNextCandidate() {
        fleet = fourClusters();
        fleet.policy(POLICY_KEY, policy("""
                placement:
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));
        MigrationCommand first = migrate(1);
        assertThat(first.getTargetCluster()).isEqualTo("dc-3");
        assertThat(first.getRemainingCandidates()).containsExactly("dc-4");

        fleet.report(first, MigrationPhase.FAILED, "image pull failed").advance(Duration.ofSeconds(6));

        MigrationCommand second = migrate(2);
        assertThat(second.getSourceCluster()).isEqualTo("dc-1");
        assertThat(second.getTargetCluster()).isEqualTo("dc-4");
        assertThat(second.getRemainingCandidates()).isEmpty();
        assertThat(fleet.decisions(WEB)).doesNotContain("MIGRATION_HELD");

        fleet.report(second, MigrationPhase.COMPLETED, null);
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-4", null), target("dc-2", null));
        assertThat(placementOf(WEB).getDecidedBy()).isEqualTo("failover");
    }

    @Test
    void oneCopysApplicationFailureMovesThatCopyWithTheRelayAndPurgesIt() {
        fleet = fourClusters();
        fleet.policy(POLICY_KEY, policy("""
                placement:
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                failover:
                  application:
                    decisionConditions: {tolerationSeconds: 5}
                    purgeMode: Directly
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-1", null), target("dc-2", null));

        for (int s = 0; s < 7; s++) {
            fleet.status(WorkloadStatusEvent.newBuilder().setCluster("dc-1").setPhase("FAILED").setObservedAt(fleet.now()).build(), WEB)
                    .advance(Duration.ofSeconds(1));
        }

        assertThat(fleet.decisions(WEB)).contains("APPLICATION_FAILOVER", "MIGRATION_ISSUED").doesNotContain("MIGRATION_HELD");
        assertThat(fleet.commandsFor(WEB)).extracting(c -> c.getAction() + " " + c.getSourceCluster() + "->" + c.getTargetCluster())
                .as("that copy moves; purgeMode Directly purges it with the command").containsExactly("MIGRATE dc-1->dc-3", "PURGE dc-1->null");
        MigrationCommand command = migrate(1);
        assertThat(command.getIncidentId()).endsWith("-application");
        assertThat(command.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        assertThat(fleet.stateChanges("dc-1")).as("the cluster itself stays healthy").containsExactly("READY");

        fleet.report(command, MigrationPhase.COMPLETED, null).advance(Duration.ofSeconds(2));
        assertThat(placementOf(WEB).getClusters()).containsExactly(target("dc-3", null), target("dc-2", null));
        assertThat(fleet.state().applicationFailures().get(WEB + "\u0000dc-1")).as("the failure is over").isNull();
    }

    @Test
    void oneCopysApplicationFailureWhereTheClustersLeftSatisfyTheScheduleRemovesThatCopyAndPurgesItAtOnce() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy(POLICY_KEY, policy("""
                placement:
                  clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}
                failover:
                  application:
                    decisionConditions: {tolerationSeconds: 5}
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(placementOf(WEB).getClusters()).hasSize(3);

        for (int s = 0; s < 7; s++) {
            fleet.status(WorkloadStatusEvent.newBuilder().setCluster("dc-2").setPhase("FAILED").setObservedAt(fleet.now()).build(), WEB)
                    .advance(Duration.ofSeconds(1));
        }

        assertThat(placementOf(WEB).getClusters()).extracting(ClusterTarget::getName).containsExactlyInAnyOrder("dc-1", "dc-3");
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("SHARE_REMOVED").doesNotContain("MIGRATION_HELD");
        assertThat(audited("SHARE_REMOVED").getReason()).endsWith("its copy on dc-2 is purged now");
        assertThat(fleet.commandsFor(WEB)).singleElement().satisfies(purge -> {
            assertThat(purge.getAction()).isEqualTo(MigrationAction.PURGE);
            assertThat(purge.getSourceCluster()).isEqualTo("dc-2");
            assertThat(purge.getGracePeriodSeconds()).as("Gracefully, with nothing to wait for").isZero();
        });
        fleet.advance(Duration.ofSeconds(2));
        assertThat(fleet.state().applicationFailures().get(WEB + "\u0000dc-2")).as("the failure is over").isNull();
    }

    /** dc-1 (64 cpu), dc-2 (32), dc-3 (16) and dc-4 (8): a copy moves to dc-3 first, then dc-4. */
    private FleetDriver fourClusters() {
        return new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "16", "256Gi")
                .cluster("dc-4", "8", "256Gi").advance(Duration.ofSeconds(1));
    }
}
