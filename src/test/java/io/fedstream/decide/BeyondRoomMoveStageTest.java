package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.Placement;
import io.fedstream.avro.RoomNote;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A workload moved whole by a MigrationCommand goes to the survivor Karmada v1.15's re-schedule would take, whatever its
 * room (issue 41, rule 4; {@code select_clusters.go} {@code shouldIgnoreAvailableResource},
 * {@code select_clusters_by_cluster.go} {@code selectBestClustersByCluster}, {@code assignByDuplicatedStrategy}): with no
 * room held there, the command, its audit and the completed binding saying so. A one-active-cluster workload whose every
 * lease refuses its first placement is placed so too.
 */
class BeyondRoomMoveStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String ONE_ACTIVE_CLUSTER = webPolicyPlacing("spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]");

    private Placement placement() {
        return fleet.binding(WEB).getPlacement();
    }

    private MigrationCommand migrate() {
        return fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE).findFirst().orElseThrow();
    }

    private AuditEvent audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).findFirst().orElseThrow();
    }

    /** The pods the workload holds room for on each cluster (its record's holdings). */
    private Map<String, Long> podsHeld() {
        Map<String, Long> pods = new java.util.TreeMap<>();
        fleet.workload(WEB).getHoldings().forEach(held -> held.getPods().values().forEach(n -> pods.merge(held.getCluster(), n, Long::sum)));
        return pods;
    }

    @Test
    void aOneActiveClusterWorkloadMovesAtOnceToTheOnlySurvivorWhoseRoomHoldsHalfOfIt() {
        fleet = new FleetDriver(stateDir).cluster("member1", "64", "256Gi").cluster("member2", "4", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, ONE_ACTIVE_CLUSTER).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 8, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.placement(WEB)).isEqualTo("member1");

        fleet.silence("member1").advance(Duration.ofSeconds(30));

        String note = "cluster member2's share {main=8} exceeds its reported room: cpu short by 4 (needs 8, free 4)";
        assertThat(fleet.commandsFor(WEB)).as("exactly one command").singleElement().satisfies(command -> {
            assertThat(command.getAction()).isEqualTo(MigrationAction.MIGRATE);
            assertThat(command.getSourceCluster()).isEqualTo("member1");
            assertThat(command.getTargetCluster()).isEqualTo("member2");
            assertThat(command.getTargetRoomNote()).isEqualTo(note);
        });
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("MIGRATION_ISSUED").doesNotContain("MIGRATION_NO_TARGET", "RESERVATION_REFUSED");
        assertThat(audited("MIGRATION_ISSUED").getReason()).isEqualTo("GRACEFUL_SHUTDOWN from member1 to member2; moved beyond the room"
                + " reported, as Karmada's re-schedule places it, with no room held: " + note);
        assertThat(podsHeld()).as("member2's lease holds nothing for it; member1's room stays held until the move completes")
                .containsExactly(Map.entry("member1", 8L));

        fleet.report(migrate(), MigrationPhase.COMPLETED, null);

        assertThat(placement().getClusters()).containsExactly(new ClusterTarget("member2", null, List.of()));
        assertThat(placement().getDecidedBy()).isEqualTo("failover");
        assertThat(placement().getRoomNotes()).containsExactly(new RoomNote("member2", note));
        assertThat(podsHeld()).isEmpty();
    }

    @Test
    void aFailedMoveBeyondRoomIsRetriedOnTheNextSurvivorKarmadaWouldTake() {
        fleet = new FleetDriver(stateDir).cluster("member1", "64", "256Gi").cluster("member2", "4", "256Gi").cluster("member3", "2", "256Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, ONE_ACTIVE_CLUSTER).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 8, "1").advance(Duration.ofSeconds(1));
        fleet.silence("member1").advance(Duration.ofSeconds(30));
        MigrationCommand first = migrate();
        assertThat(first.getTargetCluster()).as("the most headroom first").isEqualTo("member2");
        assertThat(first.getRemainingCandidates()).containsExactly("member3");

        fleet.report(first, MigrationPhase.FAILED, "image pull failed").advance(Duration.ofSeconds(6));

        MigrationCommand second = fleet.commandsFor(WEB).stream().filter(c -> c.getAttempt() == 2).findFirst().orElseThrow();
        assertThat(second.getTargetCluster()).isEqualTo("member3");
        assertThat(second.getRemainingCandidates()).isEmpty();
        assertThat(second.getTargetRoomNote()).isEqualTo("cluster member3's share {main=8} exceeds its reported room: cpu short by 6 (needs 8, free 2)");
        assertThat(fleet.decisions(WEB)).doesNotContain("MIGRATION_NO_TARGET", "MIGRATION_EXHAUSTED");
    }

    @Test
    void aMoveWhoseEveryLeaseRefusesGoesToTheBestSurvivorWithNoRoomHeld() {
        fleet = new FleetDriver(stateDir).cluster("member1", "64", "256Gi").cluster("member2", "32", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, ONE_ACTIVE_CLUSTER).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 8, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.placement(WEB)).isEqualTo("member1");
        // What another partition holds on member2: this task's view cannot know it, so member2's lease refuses the move.
        fleet.heldElsewhere("member2", Map.of("cpu", "30"));

        fleet.silence("member1").advance(Duration.ofSeconds(30));

        assertThat(fleet.decisions(WEB)).containsSubsequence("RESERVATION_REFUSED", "MIGRATION_ISSUED").doesNotContain("MIGRATION_NO_TARGET");
        MigrationCommand command = migrate();
        assertThat(fleet.commandsFor(WEB)).containsExactly(command);
        assertThat(command.getTargetCluster()).isEqualTo("member2");
        assertThat(command.getTargetRoomNote()).as("the view less what member2's allocator said other tasks hold there")
                .isEqualTo("cluster member2's share {main=8} exceeds its reported room: cpu short by 6 (needs 8, free 2)");

        fleet.report(command, MigrationPhase.COMPLETED, null);

        assertThat(placement().getClusters()).extracting(ClusterTarget::getName).containsExactly("member2");
        assertThat(placement().getRoomNotes()).extracting(RoomNote::getCluster).containsExactly("member2");
    }

    @Test
    void aDuplicatedCopyMovesAtOnceToTheNewClusterWhateverItsRoomAndTheOtherCopyKeepsRunning() {
        fleet = new FleetDriver(stateDir).cluster("member1", "64", "256Gi").cluster("member2", "32", "256Gi").cluster("member3", "4", "256Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing("spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]"))
                .advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 8, "1").advance(Duration.ofSeconds(1));
        assertThat(placement().getClusters()).extracting(ClusterTarget::getName).containsExactly("member1", "member2");

        fleet.silence("member1").advance(Duration.ofSeconds(30));

        String note = "cluster member3's share {main=8} exceeds its reported room: cpu short by 4 (needs 8, free 4)";
        MigrationCommand command = migrate();
        assertThat(fleet.commandsFor(WEB)).containsExactly(command);
        assertThat(command.getTargetCluster()).isEqualTo("member3");
        assertThat(command.getTargetRoomNote()).isEqualTo(note);
        assertThat(fleet.decisions(WEB)).doesNotContain("MIGRATION_NO_TARGET", "RESERVATION_REFUSED");
        assertThat(audited("MIGRATION_ISSUED").getReason()).endsWith("with no room held: " + note);

        fleet.report(command, MigrationPhase.COMPLETED, null);

        assertThat(placement().getClusters()).extracting(ClusterTarget::getName).containsExactly("member3", "member2");
        assertThat(placement().getRoomNotes()).containsExactly(new RoomNote("member3", note));
        assertThat(podsHeld()).as("member2 keeps the room of its copy; member3 holds none").containsExactly(Map.entry("member2", 8L));
    }

    @Test
    void oneActiveClusterWhoseEveryLeaseRefusesIsPlacedOnTheBestClusterWithNoRoomHeld() {
        fleet = new FleetDriver(stateDir).cluster("member1", "64", "256Gi").cluster("member2", "4", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, ONE_ACTIVE_CLUSTER).advance(Duration.ofSeconds(1));
        fleet.heldElsewhere("member1", Map.of("cpu", "60"));

        fleet.deployment("team-a", "web", 8, "1").advance(Duration.ofSeconds(1));

        assertThat(placement().getClusters()).as("Karmada, which knows no leases, takes the cluster with the most room")
                .extracting(ClusterTarget::getName).containsExactly("member1");
        assertThat(placement().getRoomNotes()).as("the view less what member1's allocator said other tasks hold there")
                .containsExactly(new RoomNote("member1", "cluster member1's share {main=8} exceeds its reported room: cpu short by 4 (needs 8, free 4)"));
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(fleet.decisions(WEB)).containsExactly("ADMITTED", "RESERVATION_REFUSED", "PLACED");
        assertThat(podsHeld()).as("the pods its room holds").containsExactly(Map.entry("member1", 4L));
    }
}
