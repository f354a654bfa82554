package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.WorkloadStatusEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Application failover (Karmada's {@code failover.application}) on the whole topology: a workload whose own status stays
 * unhealthy on a healthy cluster for its toleration is migrated like a one-workload cluster failure, and the copy it
 * leaves is purged as its purge mode says.
 */
class ApplicationFailoverTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String FLINK = "flink.apache.org/FlinkDeployment/team-a/orders";

    @Test
    void aWorkloadUnhealthyForItsTolerationGetsExactlyOneCommandAwayFromItsHealthyCluster() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 10}
                        purgeMode: Never
                """);

        reportFrom("dc-1", "NotAvailable", 9);
        assertThat(fleet.commandsFor(WEB)).as("9 s of 10 s toleration").isEmpty();

        reportEverySecond("dc-1", "NotAvailable", 2);

        assertThat(fleet.commandsFor(WEB)).singleElement().satisfies(command -> {
            assertThat(command.getAction()).isEqualTo(MigrationAction.MIGRATE);
            assertThat(command.getSourceCluster()).isEqualTo("dc-1");
            assertThat(command.getTargetCluster()).isEqualTo("dc-2");
            assertThat(command.getRemainingCandidates()).containsExactly("dc-3");
            assertThat(command.getStrategy()).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
            assertThat(command.getIncidentId()).isEqualTo("dc-1-" + FleetDriver.START.plusSeconds(1).toEpochMilli() + "-application");
            assertThat(command.getPurgeMode()).isEqualTo(PurgeMode.Never);
        });
        assertThat(fleet.stateChanges("dc-1")).as("the cluster itself stays healthy").containsExactly("READY");
        assertThat(fleet.decisions(WEB)).containsSubsequence("APPLICATION_UNHEALTHY", "APPLICATION_FAILOVER", "MIGRATION_ISSUED");
        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        assertThat(fleet.migration(command.getCommandId()).getReason())
                .as("get migrations shows why").startsWith("application unhealthy on dc-1 since").contains("phase NotAvailable");

        reportEverySecond("dc-1", "NotAvailable", 20);
        assertThat(fleet.commandsFor(WEB)).as("one command per incident, however long it stays unhealthy").hasSize(1);

        fleet.report(command, MigrationPhase.COMPLETED, null).advance(Duration.ofSeconds(30));
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.commandsFor(WEB)).as("purgeMode Never: the copy on dc-1 stays").hasSize(1);
        assertThat(fleet.state().applicationFailures().get(WEB + "\u0000dc-1"))
                .as("the failure is over").isNull();
    }

    @Test
    void aStatusHealthyOrUnknownAgainBeforeTheTolerationCancelsTheDecisionAndTheNextSpellCountsAfresh() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 10}
                """);

        reportFrom("dc-1", "NotAvailable", 6);
        fleet.status(phase("dc-1", "Available"), WEB).advance(Duration.ofSeconds(20));

        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.decisions(WEB)).containsSubsequence("APPLICATION_UNHEALTHY", "APPLICATION_RECOVERED")
                .doesNotContain("APPLICATION_FAILOVER");

        reportFrom("dc-1", "FAILED", 6);
        fleet.status(phase("dc-1", "Unknown"), WEB).advance(Duration.ofSeconds(20));
        assertThat(fleet.commandsFor(WEB)).as("Unknown stops the clock too, as in Karmada").isEmpty();

        reportFrom("dc-1", "FAILED", 9);
        assertThat(fleet.commandsFor(WEB)).as("counted from the new spell's first report, not the old one's").isEmpty();
        reportEverySecond("dc-1", "FAILED", 2);
        assertThat(fleet.commandsFor(WEB)).hasSize(1);
    }

    @Test
    void aWorkloadWhosePolicyHasNoApplicationFailoverIsNeverMigratedForItsOwnFailure() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                """);
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");

        fleet.status(phase("dc-1", "FAILED"), WEB).advance(Duration.ofSeconds(305));
        reportEverySecond("dc-1", "FAILED", 2);

        assertThat(fleet.commandsFor(WEB)).as("longer than Karmada's default toleration of 300 s").isEmpty();
        assertThat(fleet.decisions(WEB)).noneMatch(decision -> decision.startsWith("APPLICATION_"));
    }

    @Test
    void directlyPurgesTheOldCopyAtOnceWithTheCommandAndOnlyOnce() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                        purgeMode: Directly
                """);

        reportFrom("dc-1", "FAILED", 6);

        List<MigrationCommand> commands = fleet.commandsFor(WEB);
        assertThat(commands).extracting(MigrationCommand::getAction).containsExactly(MigrationAction.MIGRATE, MigrationAction.PURGE);
        MigrationCommand migrate = commands.get(0);
        assertThat(commands.get(1)).satisfies(purge -> {
            assertThat(purge.getCommandId()).isEqualTo(migrate.getCommandId() + "/purge");
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
            assertThat(purge.getTargetCluster()).isNull();
            assertThat(purge.getPurgeMode()).isEqualTo(PurgeMode.Directly);
            assertThat(purge.getIssuedAt()).isEqualTo(migrate.getIssuedAt());
        });

        fleet.report(migrate, MigrationPhase.FAILED, "image pull failed").advance(Duration.ofSeconds(10));
        assertThat(fleet.commandsFor(WEB)).extracting(MigrationCommand::getAction)
                .as("the retry goes to dc-3; the copy on dc-1 was purged already")
                .containsExactly(MigrationAction.MIGRATE, MigrationAction.PURGE, MigrationAction.MIGRATE);
        assertThat(fleet.commandsFor(WEB).get(2).getTargetCluster()).isEqualTo("dc-3");
        assertThat(fleet.decisions(WEB)).contains("PURGE_ISSUED");
    }

    @Test
    void gracefullyPurgesTheOldCopyOnceTheNewOneIsHealthyAndNotBefore() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                        purgeMode: Gracefully
                        gracePeriodSeconds: 60
                """);
        reportFrom("dc-1", "FAILED", 6);
        MigrationCommand migrate = fleet.commandsFor(WEB).get(0);
        assertThat(migrate.getPurgeMode()).isEqualTo(PurgeMode.Gracefully);
        assertThat(migrate.getGracePeriodSeconds()).isEqualTo(60);

        fleet.status(phase("dc-2", "Pending"), WEB);
        fleet.report(migrate, MigrationPhase.COMPLETED, null).advance(Duration.ofSeconds(5));
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.commandsFor(WEB)).as("the new copy is not healthy yet").hasSize(1);

        fleet.status(phase("dc-2", "Available"), WEB);

        assertThat(fleet.commandsFor(WEB)).hasSize(2);
        assertThat(fleet.commandsFor(WEB).get(1)).satisfies(purge -> {
            assertThat(purge.getAction()).isEqualTo(MigrationAction.PURGE);
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
            assertThat(purge.getPurgeMode()).isEqualTo(PurgeMode.Gracefully);
            assertThat(purge.getGracePeriodSeconds()).as("fedstream did the waiting").isEqualTo(0);
        });
        fleet.advance(Duration.ofSeconds(90));
        assertThat(fleet.commandsFor(WEB)).as("one purge").hasSize(2);
    }

    @Test
    void gracefullyPurgesTheOldCopyAfterTheGracePeriodWhenTheNewOneNeverGetsHealthy() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                        gracePeriodSeconds: 30
                """);
        reportFrom("dc-1", "FAILED", 6);
        MigrationCommand migrate = fleet.commandsFor(WEB).get(0);
        fleet.report(migrate, MigrationPhase.COMPLETED, null);

        fleet.advance(Duration.ofSeconds(25));
        assertThat(fleet.commandsFor(WEB)).hasSize(1);
        fleet.advance(Duration.ofSeconds(6));

        assertThat(fleet.commandsFor(WEB)).extracting(MigrationCommand::getAction).containsExactly(MigrationAction.MIGRATE, MigrationAction.PURGE);
        assertThat(fleet.audit).filteredOn(a -> "PURGE_ISSUED".equals(a.getDecision())).singleElement()
                .satisfies(a -> assertThat(a.getReason()).contains("gracePeriodSeconds 30 passed"));
    }

    @Test
    void aSecondFailureAfterTheMigrationIsANewIncidentThatRelaysTheCheckpointAndKeepsThePreservedState() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/flink", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: flink, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: flink.apache.org/v1beta1, kind: FlinkDeployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                  failover:
                    application:
                      decisionConditions: {tolerationSeconds: 5}
                      purgeMode: Directly
                      statePreservation:
                        rules: [{aliasLabelName: fedstream.io/job-id, jsonPath: "{.jobStatus.jobId}"}]
                """);
        fleet.flink("team-a", "orders");
        assertThat(fleet.placement(FLINK)).isEqualTo("dc-1");
        fleet.delta(FLINK, 100).delta(FLINK, 200);
        Checkpoint checkpoint = Checkpoint.newBuilder().setId(41).setPath("s3://flink-state/orders/chk-41").setStateSizeBytes(1_000_000)
                .setCompletedAt(FleetDriver.START).setDeltaPartition(0).setDeltaOffset(0L).build();
        fleet.status(WorkloadStatusEvent.newBuilder(phase("dc-1", "FAILED")).setLastCompletedCheckpoint(checkpoint)
                .setStatus("{\"jobStatus\":{\"jobId\":\"a1b2\",\"state\":\"FAILED\"}}").build(), FLINK);
        fleet.advance(Duration.ofSeconds(6));

        MigrationCommand first = fleet.commandsFor(FLINK).get(0);
        assertThat(first.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT);
        assertThat(first.getCheckpoint().getId()).isEqualTo(41);
        assertThat(first.getDeltaReplay()).isEqualTo(DeltaRange.newBuilder().setTopic("fedstream.state-deltas").setPartition(0)
                .setFromOffsetExclusive(0).setToOffsetInclusive(1).setBytes(200).setRecords(1).build());
        assertThat(first.getPreservedState()).containsEntry("fedstream.io/job-id", "a1b2");
        fleet.report(first, MigrationPhase.COMPLETED, null);
        assertThat(fleet.placement(FLINK)).isEqualTo("dc-2");

        // The new job fails too, and its status has no job id (karmada-io/karmada#6232).
        fleet.status(WorkloadStatusEvent.newBuilder(phase("dc-2", "FAILED")).setLastCompletedCheckpoint(checkpoint)
                .setStatus("{\"jobStatus\":{\"state\":\"FAILED\"}}").build(), FLINK);
        fleet.advance(Duration.ofSeconds(6));

        List<MigrationCommand> migrations = fleet.commandsFor(FLINK).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE).toList();
        assertThat(migrations).hasSize(2);
        MigrationCommand second = migrations.get(1);
        assertThat(second.getIncidentId()).isNotEqualTo(first.getIncidentId()).startsWith("dc-2-");
        assertThat(second.getSourceCluster()).isEqualTo("dc-2");
        assertThat(second.getTargetCluster()).as("away from the cluster it fails on; dc-1 is healthy and roomiest").isEqualTo("dc-1");
        assertThat(second.getPreservedState()).containsEntry("fedstream.io/job-id", "a1b2");
        assertThat(fleet.commandsFor(FLINK).stream().filter(c -> c.getAction() == MigrationAction.PURGE).map(MigrationCommand::getSourceCluster))
                .containsExactly("dc-1", "dc-2");
    }

    @Test
    void theMigrationBrakeHoldsAnApplicationFailoverUntilItReleases() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi")
                .cluster("dc-3", "16", "256Gi").cluster("dc-4", "16", "256Gi").advance(Duration.ofSeconds(1));
        policy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                """);
        fleet.deployment("team-a", "web", 2, "1");
        fleet.silence("dc-3").silence("dc-4").advance(Duration.ofSeconds(5));
        assertThat(fleet.audit).anyMatch(a -> "BRAKE_ENGAGED".equals(a.getDecision()));

        reportFrom("dc-1", "FAILED", 10);
        assertThat(fleet.commandsFor(WEB)).as("no migration command while the brake holds (docs/health.md)").isEmpty();

        fleet.cluster("dc-3", "16", "256Gi").cluster("dc-4", "16", "256Gi");
        reportEverySecond("dc-1", "FAILED", 5);

        assertThat(fleet.audit).anyMatch(a -> "BRAKE_RELEASED".equals(a.getDecision()));
        assertThat(fleet.commandsFor(WEB)).singleElement()
                .satisfies(command -> assertThat(command.getSourceCluster()).isEqualTo("dc-1"));
    }

    @Test
    void aWorkloadMovingForItsOwnFailureIsNotMovedAgainWhenItsClusterFailsMeanwhile() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                        purgeMode: Never
                """);
        reportFrom("dc-1", "FAILED", 6);
        assertThat(fleet.commandsFor(WEB)).hasSize(1);

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.commandsFor(WEB)).as("the application failover's command is still out").hasSize(1);
    }

    @Test
    void anEntryThatCannotBeReadIsOneDeadLetterNamingTheStoreAndTheOtherWorkloadsStillMove() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                        purgeMode: Never
                """);
        fleet.deployment("team-a", "api", 1, "1");
        String api = "apps/Deployment/team-a/api";
        fleet.status(phase(fleet.placement(api), "FAILED"), api).status(phase("dc-1", "FAILED"), WEB);
        fleet.corruptEntry(PassState.STORE, PassState.APPLICATION_FAILURES + "/" + WEB + "\u0000dc-1");

        fleet.advance(Duration.ofSeconds(10));

        assertThat(fleet.commandsFor(api)).hasSize(1);
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo(WEB);
            assertThat(new String(letter.headers().lastHeader("store").value(), StandardCharsets.UTF_8))
                    .isEqualTo(PassState.STORE + "/" + PassState.APPLICATION_FAILURES);
        });
    }

    @Test
    void anEntryStillInTheJsonOfEarlierVersionsIsOneDeadLetterSayingWhatItShouldHaveBeenAndWhere() {
        webWithPolicy("""
                      application:
                        decisionConditions: {tolerationSeconds: 5}
                        purgeMode: Never
                """);
        fleet.status(phase("dc-1", "FAILED"), WEB);
        fleet.putBytes(PassState.STORE, PassState.APPLICATION_FAILURES + "/" + WEB + "\u0000dc-1", ("{\"cluster\":\"dc-1\",\"sinceMs\":1,\"phase\":\"FAILED\","
                + "\"incidentId\":\"dc-1-1-application\",\"migrating\":false,\"purged\":false}").getBytes(StandardCharsets.UTF_8));

        fleet.advance(Duration.ofSeconds(10));

        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(new String(letter.headers().lastHeader("store").value(), StandardCharsets.UTF_8))
                    .isEqualTo(PassState.STORE + "/" + PassState.APPLICATION_FAILURES);
            assertThat(new String(letter.headers().lastHeader("reason").value(), StandardCharsets.UTF_8))
                    .startsWith("SerializationException: Cannot read ApplicationFailure: ")
                    .contains("-" + PassState.STORE + "-changelog-" + PassState.APPLICATION_FAILURES + "' starts with magic byte 0x7b, expected 0x00");
        });
    }

    /** Three clusters, a policy for team-a's Deployments with the given {@code failover} block, and web placed on dc-1. */
    private void webWithPolicy(String failover) {
        fleet = FleetDriver.threeClusters(stateDir);
        policy(failover);
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
    }

    private void policy(String failover) {
        fleet.policy("PropagationPolicy/team-a/web", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                  failover:
                """ + failover);
    }

    private WorkloadStatusEvent phase(String cluster, String phase) {
        return WorkloadStatusEvent.newBuilder().setCluster(cluster).setPhase(phase).setObservedAt(fleet.now()).build();
    }

    /** The workload's copy on the cluster reports the phase now, then once a second for {@code seconds} s. */
    private void reportFrom(String cluster, String phase, int seconds) {
        fleet.status(phase(cluster, phase), WEB);
        reportEverySecond(cluster, phase, seconds);
    }

    /** The workload's copy on the cluster reports the phase once a second, as the agent would, for {@code seconds} s. */
    private void reportEverySecond(String cluster, String phase, int seconds) {
        for (int s = 0; s < seconds; s++) {
            fleet.advance(Duration.ofSeconds(1)).status(phase(cluster, phase), WEB);
        }
    }
}
