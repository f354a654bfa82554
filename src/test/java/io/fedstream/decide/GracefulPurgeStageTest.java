package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.Taint;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.avro.WorkloadRecord;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The copy a cluster failure leaves behind, purged at Karmada's moment ({@code evictiontask.go} {@code
 * assessSingleTask}), on the whole topology: Gracefully once the new copy reports healthy where the workload now runs,
 * or {@code gracePeriodSeconds} after the eviction, whichever comes first; Directly with the migration. A drained cluster
 * that stays tainted (and so never READY again) does not keep both copies.
 */
class GracefulPurgeStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final Taint MAINTENANCE = Taint.newBuilder().setKey("maintenance").setEffect("NoExecute").build();

    /** One active cluster, with the policy's {@code failover} block. */
    private static String policy(String failover) {
        return webPolicyPlacing("spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]") + failover.indent(2);
    }

    /** web placed on dc-1 under {@code failover}, then dc-1 drained: tainted maintenance:NoExecute, heart-beating on. */
    private MigrationCommand drained(String failover) {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", policy(failover)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(1));
        List<MigrationCommand> commands = fleet.commandsFor(WEB);
        assertThat(commands).first().satisfies(command -> {
            assertThat(command.getAction()).isEqualTo(MigrationAction.MIGRATE);
            assertThat(command.getSourceCluster()).isEqualTo("dc-1");
        });
        return commands.get(0);
    }

    private List<MigrationCommand> purges() {
        return fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.PURGE).toList();
    }

    private String lastState(String cluster) {
        return fleet.states.stream().filter(s -> s.getCluster().equals(cluster)).map(s -> s.getState().name()).reduce((a, b) -> b).orElseThrow();
    }

    private void reportFrom(String cluster, String phase) {
        fleet.status(WorkloadStatusEvent.newBuilder().setCluster(cluster).setPhase(phase).setObservedAt(fleet.now()).build(), WEB);
    }

    @Test
    void gracefullyPurgesOnceTheNewCopyIsHealthyWhileTheDrainedClusterStaysTainted() {
        MigrationCommand moved = drained("");
        fleet.report(moved, MigrationPhase.STARTED, null).report(moved, MigrationPhase.COMPLETED, null);
        reportFrom("dc-1", "Running");
        fleet.advance(Duration.ofSeconds(5));
        assertThat(purges()).as("the old copy's own health counts for nothing").isEmpty();

        reportFrom(moved.getTargetCluster(), "Running");

        assertThat(lastState("dc-1")).as("still tainted").isEqualTo("FAILED");
        assertThat(purges()).singleElement().satisfies(purge -> {
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
            assertThat(purge.getCommandId()).isEqualTo(moved.getCommandId() + "/purge");
            assertThat(purge.getPurgeMode()).isEqualTo(PurgeMode.Gracefully);
            assertThat(purge.getGracePeriodSeconds()).as("fedstream did the waiting").isZero();
        });
        assertThat(fleet.audit.stream().filter(a -> "PURGE_ISSUED".equals(a.getDecision())).map(a -> a.getReason()).toList())
                .containsExactly("evicted from dc-1; purgeMode Gracefully: the new copy is healthy on " + moved.getTargetCluster());

        reportFrom(moved.getTargetCluster(), "Running");
        fleet.advance(Duration.ofSeconds(5));
        assertThat(purges()).as("once").hasSize(1);
    }

    @Test
    void gracefullyPurgesGracePeriodSecondsAfterTheEvictionWhenTheNewCopyNeverReportsHealthy() {
        MigrationCommand moved = drained("");
        assertThat(moved.getGracePeriodSeconds()).isEqualTo(600);
        fleet.report(moved, MigrationPhase.STARTED, null).report(moved, MigrationPhase.COMPLETED, null);
        reportFrom(moved.getTargetCluster(), "Pending");

        fleet.advance(Duration.ofSeconds(597));
        assertThat(purges()).isEmpty();

        fleet.advance(Duration.ofSeconds(3));

        assertThat(purges()).singleElement().satisfies(purge -> {
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
            assertThat(purge.getGracePeriodSeconds()).isZero();
        });
        assertThat(lastState("dc-1")).as("still tainted").isEqualTo("FAILED");
    }

    @Test
    void directlyPurgesOnceTheBindingHasLeftTheClusterNotWhenTheClusterRecovers() {
        MigrationCommand moved = drained("failover: {cluster: {purgeMode: Directly}}");
        fleet.advance(Duration.ofSeconds(3));
        assertThat(purges()).as("the binding still places web on dc-1: a PURGE now would race its propagation").isEmpty();

        fleet.report(moved, MigrationPhase.STARTED, null).report(moved, MigrationPhase.COMPLETED, null);

        assertThat(lastState("dc-1")).as("still tainted").isEqualTo("FAILED");
        assertThat(fleet.commandsFor(WEB)).extracting(c -> c.getAction() + " " + c.getSourceCluster() + " " + c.getPurgeMode())
                .containsExactly("MIGRATE dc-1 Directly", "PURGE dc-1 Directly");
        assertThat(purges().get(0).getCommandId()).isEqualTo(moved.getCommandId() + "/purge");
        assertThat(purges().get(0).getGracePeriodSeconds()).isNull();
        fleet.cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(5));
        assertThat(purges()).as("nothing more when dc-1 is READY again").hasSize(1);
    }

    @Test
    void aMoveThatFindsNoTargetPurgesNothing() {
        // Karmada's re-schedule would take a survivor whatever its room; none here passes the taint filter.
        Taint reserved = Taint.newBuilder().setKey("reserved").setEffect("NoSchedule").build();
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "64", "256Gi", Map.of(), reserved)
                .cluster("dc-3", "64", "256Gi", Map.of(), reserved).advance(Duration.ofSeconds(1));
        fleet.policy("PropagationPolicy/team-a/web", policy("")).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "4");
        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(1));

        fleet.advance(Duration.ofSeconds(700));

        assertThat(fleet.decisions(WEB)).contains("MIGRATION_NO_TARGET");
        assertThat(fleet.commandsFor(WEB)).as("web keeps running on dc-1").isEmpty();
    }

    @Test
    void aTaskRestartedBetweenTheMigrateAndThePurgeStillPurgesWhenTheGracePeriodEnds() {
        MigrationCommand moved = drained("");
        assertThat(fleet.<WorkloadRecord>store(Workloads.STORE).get(Workloads.storeKey(WEB)).getStaleCopies())
                .containsOnlyKeys("dc-1");
        fleet.report(moved, MigrationPhase.STARTED, null).report(moved, MigrationPhase.COMPLETED, null);
        reportFrom(moved.getTargetCluster(), "Pending");

        fleet = fleet.restarted();
        fleet.advance(Duration.ofSeconds(590));
        assertThat(purges()).isEmpty();
        fleet.advance(Duration.ofSeconds(10));

        assertThat(purges()).singleElement().satisfies(purge -> assertThat(purge.getSourceCluster()).isEqualTo("dc-1"));
        assertThat(fleet.<WorkloadRecord>store(Workloads.STORE).get(Workloads.storeKey(WEB)).getStaleCopies()).as("forgotten").isEmpty();
        fleet.advance(Duration.ofSeconds(10));
        assertThat(purges()).as("once").hasSize(1);
    }

    @Test
    void aTaskRestartedBetweenTheMigrateAndThePurgeStillPurgesOnceTheNewCopyIsHealthy() {
        MigrationCommand moved = drained("");
        fleet.report(moved, MigrationPhase.STARTED, null).report(moved, MigrationPhase.COMPLETED, null);

        fleet = fleet.restarted();
        reportFrom(moved.getTargetCluster(), "Running");

        assertThat(purges()).singleElement().satisfies(purge -> assertThat(purge.getSourceCluster()).isEqualTo("dc-1"));
    }
}
