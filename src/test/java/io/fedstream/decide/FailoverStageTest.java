package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.Taint;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.dlq.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/** Stage 6 on the whole topology: a failed cluster's workloads get one command each, with their state, and move. */
class FailoverStageTest extends FleetStageTest {

    private static final String FLINK = "flink.apache.org/FlinkDeployment/team-a/orders";
    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String CONSUMER = "apps/Deployment/team-a/billing";

    /** The policy {@link FleetDriver#DEFAULT_POLICY_KEY} as a placement names it. */
    private static final String CLAIM = "ClusterPropagationPolicy/fleet-driver-default";

    private FleetDriver threeClusters() {
        fleet = FleetDriver.threeClusters(stateDir);
        return fleet;
    }

    @Test
    void aSilentClusterFailsAndEachOfItsWorkloadsGetsExactlyOneCommandToAHealthyClusterWithRoom() {
        threeClusters().deployment("team-a", "web", 2, "1").flink("team-a", "orders");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.placement(FLINK)).isEqualTo("dc-1");

        fleet.silence("dc-1").advance(Duration.ofSeconds(12));
        assertThat(fleet.stateChanges("dc-1")).contains("SUSPECT");
        assertThat(fleet.commands).as("the toleration (10 s from SUSPECT) has not passed").isEmpty();

        fleet.advance(Duration.ofSeconds(5));

        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.commandsFor(WEB)).singleElement().satisfies(command -> {
            assertThat(command.getAction()).isEqualTo(MigrationAction.MIGRATE);
            assertThat(command.getSourceCluster()).isEqualTo("dc-1");
            assertThat(command.getTargetCluster()).isEqualTo("dc-2");
            assertThat(command.getRemainingCandidates()).containsExactly("dc-3");
            assertThat(command.getStrategy()).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
            assertThat(command.getAttempt()).isEqualTo(1);
            assertThat(command.getCommandId()).isEqualTo(WEB + "/" + command.getIncidentId() + "/1");
        });
        assertThat(fleet.commandsFor(FLINK)).singleElement()
                .satisfies(command -> assertThat(command.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT));
        assertThat(fleet.decisions(WEB)).contains("MIGRATION_ISSUED");

        fleet.advance(Duration.ofSeconds(20));
        assertThat(fleet.commands).as("the punctuator keeps checking; nothing is issued twice").hasSize(2);
        MigrationRecord record = fleet.migration(fleet.commandsFor(WEB).get(0).getCommandId());
        assertThat(record.getPhase()).isEqualTo(MigrationRecordPhase.ISSUED);
    }

    @Test
    void theMovesOfOneIncidentSpreadOverTheSurvivors() {
        fleet = new FleetDriver(stateDir)
                .cluster("dc-1", "64", "256Gi").cluster("dc-2", "16", "256Gi").cluster("dc-3", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
        for (String name : List.of("a", "b", "c", "d")) {
            fleet.deployment("team-a", name, 2, "1");
        }

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));

        assertThat(fleet.commands).extracting(MigrationCommand::getTargetCluster)
                .as("each answer says what the target now holds, so the next move goes to the other")
                .containsExactlyInAnyOrder("dc-2", "dc-3", "dc-2", "dc-3");
    }

    @Test
    void aWorkloadWhoseBindingCannotBeReadIsOneDeadLetterNamingTheIndexAndKeyAndTheOthersStillMove() {
        threeClusters().deployment("team-a", "web", 2, "1").flink("team-a", "orders");
        fleet.corruptEntry(Workloads.STORE, WEB);

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.commandsFor(FLINK)).hasSize(1);
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo(WEB);
            assertThat(new String(letter.headers().lastHeader("store").value(), StandardCharsets.UTF_8))
                    .isEqualTo(Workloads.STORE);
            assertThat(new String(letter.headers().lastHeader("stage").value(), StandardCharsets.UTF_8)).isEqualTo("failover");
        });
    }

    @Test
    void aBurstOfMovesFillsEachSurvivorInProportionToItsFreeRoom() {
        // dc-2 is large and half used (free 300 cpu), dc-3 small and empty (free 100): 75% and 25% of the free room.
        fleet = new FleetDriver(stateDir)
                .cluster("dc-1", Map.of("cpu", "1000", "memory", "4Ti"), Map.of())
                .advance(Duration.ofSeconds(1));
        int moves = 80;
        for (int i = 0; i < moves; i++) {
            fleet.deployment("team-a", "w" + i, 1, "1");
        }
        fleet.cluster("dc-2", Map.of("cpu", "600", "memory", "4Ti"), Map.of("cpu", "300"), Map.of())
                .cluster("dc-3", Map.of("cpu", "100", "memory", "4Ti"), Map.of())
                .advance(Duration.ofSeconds(3));

        fleet.silence("dc-1").advance(Duration.ofSeconds(20));

        Map<String, Long> byTarget = fleet.commands.stream()
                .collect(Collectors.groupingBy(MigrationCommand::getTargetCluster, Collectors.counting()));
        assertThat(fleet.commands).hasSize(moves);
        assertThat(byTarget.get("dc-2") / (double) moves).as("dc-2's share of the moves, %s", byTarget).isBetween(0.65, 0.85);
        assertThat(byTarget.get("dc-3") / (double) moves).as("dc-3's share of the moves, %s", byTarget).isBetween(0.15, 0.35);
    }

    @Test
    void aBurstAsksTheTargetsAllocatorForRoomAFewTimesNotOnceAWorkloadAndStillMovesEachWorkloadOnce() {
        fleet = new FleetDriver(stateDir)
                .cluster("dc-1", Map.of("cpu", "1000", "memory", "4Ti"), Map.of())
                .advance(Duration.ofSeconds(1));
        int moves = 300;
        for (int i = 0; i < moves; i++) {
            fleet.deployment("team-a", "w" + i, 1, "1");
        }
        fleet.cluster("dc-2", Map.of("cpu", "1000", "memory", "4Ti"), Map.of()).advance(Duration.ofSeconds(3));
        fleet.leaseRequests();

        fleet.silence("dc-1").advance(Duration.ofSeconds(20));

        assertThat(fleet.leaseRequests()).extracting(record -> record.value().getCluster()).as("records asking for room")
                .containsOnly("dc-2").hasSizeLessThanOrEqualTo(3);
        assertThat(fleet.commands).extracting(MigrationCommand::getWorkloadKey).doesNotHaveDuplicates().hasSize(moves);
        assertThat(fleet.commands).extracting(MigrationCommand::getTargetCluster).containsOnly("dc-2");
    }

    private static String header(TestRecord<String, byte[]> letter, String name) {
        return new String(letter.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    @Test
    void aBurstFollowsFreeRoomLeftByEarlierPlacementsNotOnlyTheClustersOwnReport() {
        // dc-3 already holds 30 cpu of earlier placements (reserved, not yet reported allocated): free 100 and 70.
        fleet = new FleetDriver(stateDir).cluster("dc-3", "100", "1Ti").advance(Duration.ofSeconds(1));
        for (int i = 0; i < 30; i++) {
            fleet.deployment("team-a", "early" + i, 1, "1");
        }
        fleet.cluster("dc-1", "1000", "4Ti").cluster("dc-2", "100", "1Ti").advance(Duration.ofSeconds(1));
        for (int i = 0; i < 40; i++) {
            fleet.deployment("team-a", "w" + i, 1, "1");
        }
        assertThat(fleet.commands).isEmpty();

        fleet.silence("dc-1").advance(Duration.ofSeconds(20));

        Map<String, Long> byTarget = fleet.commands.stream()
                .collect(Collectors.groupingBy(MigrationCommand::getTargetCluster, Collectors.counting()));
        int moves = fleet.commands.size();
        assertThat(moves).as("most of the 40 were placed on dc-1, the roomiest").isGreaterThan(30);
        assertThat(byTarget.get("dc-2") / (double) moves).as("100 of 170 free: dc-2's share of the moves, %s", byTarget)
                .isBetween(0.49, 0.69);
        assertThat(byTarget.get("dc-3") / (double) moves).as("70 of 170 free: dc-3's share of the moves, %s", byTarget)
                .isBetween(0.31, 0.51);
    }

    @Test
    void aFlinkJobsCommandNamesItsLastCompletedCheckpointAndExactlyTheDeltasWrittenAfterIt() {
        threeClusters().flink("team-a", "orders");
        fleet.delta(FLINK, 100).delta(FLINK, 200)
                .status(FLINK, "dc-1", checkpoint(41, 1), "{\"jobStatus\":{\"jobId\":\"a1b2\"}}")
                .delta(FLINK, 300).delta(FLINK, 400);
        fleet.policy("PropagationPolicy/team-a/flink", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: flink, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: flink.apache.org/v1beta1, kind: FlinkDeployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                    clusterTolerations:
                      - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 2}
                  failover:
                    application:
                      decisionConditions: {tolerationSeconds: 2}
                      purgeMode: Directly
                      statePreservation:
                        rules: [{aliasLabelName: fedstream.io/job-id, jsonPath: "{.jobStatus.jobId}"}]
                      checkpointStorage: {endpoint: "https://s3.example", bucket: flink-state}
                """);

        fleet.silence("dc-1").advance(Duration.ofSeconds(7));

        assertThat(fleet.stateChanges("dc-1")).as("its unreachable toleration of 2 s passed while the cluster is only SUSPECT")
                .doesNotContain("FAILED");
        MigrationCommand command = fleet.commandsFor(FLINK).get(0);
        assertThat(command.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT);
        assertThat(command.getCheckpoint().getId()).isEqualTo(41);
        assertThat(command.getDeltaReplay()).isEqualTo(DeltaRange.newBuilder()
                .setTopic("fedstream.state-deltas").setPartition(command.getDeltaReplay().getPartition())
                .setFromOffsetExclusive(1).setToOffsetInclusive(3).setBytes(700).setRecords(2).build());
        assertThat(command.getIncrementalBytes()).isEqualTo(700);
        assertThat(command.getFullStateBytes()).isEqualTo(1_000_000);
        assertThat(command.getPreservedState()).containsEntry("fedstream.io/job-id", "a1b2");
        assertThat(command.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        assertThat(command.getCheckpointStorage()).containsEntry("bucket", "flink-state");
    }

    @Test
    void aKafkaConsumerCommitsItsGroupsOffsetsOnTheTarget() {
        threeClusters().deployment("team-a", "billing", 1, "1", Map.of("fedstream.io/kafka-consumer", "true"));
        ConsumerGroupOffset offset = ConsumerGroupOffset.newBuilder().setGroup("billing").setTopic("invoices").setPartition(0).setOffset(1234).build();
        fleet.status(WorkloadStatusEvent.newBuilder().setCluster("dc-1").setPhase("RUNNING").setConsumerGroupOffsets(List.of(offset))
                .setObservedAt(fleet.now()).build(), CONSUMER);

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));

        MigrationCommand command = fleet.commandsFor(CONSUMER).get(0);
        assertThat(command.getStrategy()).isEqualTo(MigrationStrategy.OFFSET_COMMIT);
        assertThat(command.getConsumerGroupOffsets()).containsExactly(offset);
    }

    @Test
    void aNoExecuteTaintToleratedForZeroSecondsFailsOverAtOnce() {
        threeClusters().policy("PropagationPolicy/team-a/web", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                    clusterTolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 0}]
                """).deployment("team-a", "web", 2, "1");

        fleet.cluster("dc-1", "64", "256Gi", Map.of(), Taint.newBuilder().setKey("maintenance").setEffect("NoExecute").build())
                .advance(Duration.ofSeconds(1));

        assertThat(fleet.commandsFor(WEB)).singleElement()
                .satisfies(command -> assertThat(command.getTargetCluster()).isEqualTo("dc-2"));
    }

    @Test
    void completedMovesThePlacementAndTheOldCopyIsPurgedOnceTheNewOneIsHealthyNotWhenItsClusterRecovers() {
        threeClusters().deployment("team-a", "web", 2, "1");
        assertThat(fleet.binding(WEB).getPlacement().getPolicy()).as("Karmada's claim").isEqualTo(CLAIM);
        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(WEB).get(0);

        fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.decidedBy(WEB)).isEqualTo("failover");
        assertThat(fleet.binding(WEB).getPlacement().getPolicy()).as("the move keeps the claim").isEqualTo(CLAIM);
        assertThat(fleet.migration(command.getCommandId()).getPhase())
                .isEqualTo(MigrationRecordPhase.COMPLETED);
        fleet.report(command, MigrationPhase.STARTED, "late");
        assertThat(fleet.migration(command.getCommandId()).getPhase())
                .as("the life-cycle never goes back").isEqualTo(MigrationRecordPhase.COMPLETED);

        assertThat(fleet.commandsFor(WEB)).as("the new copy has not reported healthy").hasSize(1);

        fleet.status(WEB, "dc-2", null, null);

        List<MigrationCommand> purges = fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.PURGE).toList();
        assertThat(purges).singleElement().satisfies(purge -> {
            assertThat(purge.getSourceCluster()).isEqualTo("dc-1");
            assertThat(purge.getTargetCluster()).isNull();
            assertThat(purge.getCommandId()).isEqualTo(command.getCommandId() + "/purge");
            assertThat(purge.getPurgeMode()).isEqualTo(PurgeMode.Gracefully);
            assertThat(purge.getGracePeriodSeconds()).as("fedstream did the waiting").isZero();
        });
        assertThat(fleet.decisions(WEB)).contains("MIGRATION_COMPLETED", "PURGE_ISSUED");

        fleet.cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(5));
        assertThat(fleet.stateChanges("dc-1")).contains("READY");
        assertThat(fleet.commandsFor(WEB)).as("its recovery purges nothing more").hasSize(2);
    }

    @Test
    void completionMovesTheQuotaChargeToTheTargetCluster() {
        threeClusters().policy("FederatedResourceQuota/team-a/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"100"},"staticAssignments":[
                   {"clusterName":"dc-1","hard":{"cpu":"10"}},{"clusterName":"dc-2","hard":{"cpu":"10"}}]}}""");
        fleet.advance(Duration.ofSeconds(1)).deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        fleet.report(command, MigrationPhase.COMPLETED, null);

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "2");
        assertThat(fleet.usedOn("team-a/q", "dc-1").getOrDefault("cpu", "0")).isEqualTo("0");
    }

    @Test
    void preservedStateSurvivesASecondFailoverWhoseStatusLacksIt() {
        threeClusters().flink("team-a", "orders");
        fleet.policy("PropagationPolicy/team-a/flink", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: flink, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: flink.apache.org/v1beta1, kind: FlinkDeployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                    clusterTolerations:
                      - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 2}
                  failover:
                    application:
                      decisionConditions: {tolerationSeconds: 2}
                      statePreservation:
                        rules: [{aliasLabelName: fedstream.io/job-id, jsonPath: "{.jobStatus.jobId}"}]
                """);
        fleet.status(FLINK, "dc-1", null, "{\"jobStatus\":{\"jobId\":\"a1b2\"}}");
        fleet.silence("dc-1").advance(Duration.ofSeconds(7));
        MigrationCommand first = fleet.commandsFor(FLINK).get(0);
        fleet.report(first, MigrationPhase.COMPLETED, null);
        assertThat(fleet.placement(FLINK)).isEqualTo("dc-2");

        // The new job never got healthy: its status has no job id (karmada-io/karmada#6232).
        fleet.status(FLINK, "dc-2", null, "{\"jobStatus\":{\"state\":\"RECONCILING\"}}");
        fleet.silence("dc-2").advance(Duration.ofSeconds(7));

        List<MigrationCommand> commands = fleet.commandsFor(FLINK).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE).toList();
        assertThat(commands).hasSize(2);
        assertThat(commands.get(1).getSourceCluster()).isEqualTo("dc-2");
        assertThat(commands.get(1).getTargetCluster()).as("never back to dc-1 while it is unhealthy").isEqualTo("dc-3");
        assertThat(commands.get(1).getPreservedState()).containsEntry("fedstream.io/job-id", "a1b2");
    }

    @Test
    void aFailedMigrationIsRetriedOnTheNextCandidateAfterItsBackOff() {
        threeClusters().deployment("team-a", "web", 2, "1");
        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand first = fleet.commandsFor(WEB).get(0);

        fleet.report(first, MigrationPhase.FAILED, "image pull failed").advance(Duration.ofSeconds(3));
        assertThat(fleet.commandsFor(WEB)).as("5 s back-off after the first failure").hasSize(1);

        fleet.advance(Duration.ofSeconds(3));

        assertThat(fleet.commandsFor(WEB)).hasSize(2);
        MigrationCommand second = fleet.commandsFor(WEB).get(1);
        assertThat(second.getAttempt()).isEqualTo(2);
        assertThat(second.getTargetCluster()).isEqualTo("dc-3");
        assertThat(second.getIncidentId()).isEqualTo(first.getIncidentId());
        assertThat(second.getRemainingCandidates()).isEmpty();
    }

    @Test
    void theIncidentsCheckPassesAWorkloadWhoseCommandIsOutWithoutReadingItUntilARecordOfItArrives() {
        threeClusters().deployment("team-a", "web", 2, "1");
        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand first = fleet.commandsFor(WEB).get(0);
        fleet.corruptEntry(Workloads.STORE, WEB);

        fleet.advance(Duration.ofSeconds(10));
        assertThat(fleet.deadLetters).as("ten checks passed the workload by: its placement state was not read").isEmpty();

        fleet.report(first, MigrationPhase.FAILED, "image pull failed").advance(Duration.ofSeconds(1));

        assertThat(fleet.deadLetters).as("the report makes the next check read the workload again")
                .singleElement().satisfies(letter -> assertThat(letter.key()).isEqualTo(WEB));
    }

    @Test
    void aWorkloadWithNoSurvivorPassingTheFiltersGetsNoCommandAndTheAuditSaysWhichFilterRefusedEach() {
        Taint dedicated = Taint.newBuilder().setKey("dedicated").setValue("gpu").setEffect("NoSchedule").build();
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "64", "256Gi", Map.of(), dedicated)
                .advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 8, "1");

        fleet.silence("dc-1").advance(Duration.ofSeconds(20));

        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.audit.stream().filter(a -> "MIGRATION_NO_TARGET".equals(a.getDecision())).toList())
                .singleElement().satisfies(a -> assertThat(a.getReason()).contains("dc-2: UNTOLERATED_TAINT: has taint dedicated=gpu:NoSchedule"));
    }

    @Test
    void aWorkloadLabelledOutOfFailoverStays() {
        threeClusters().deployment("team-a", "web", 2, "1", Map.of("fedstream.io/failover", "false"));

        fleet.silence("dc-1").advance(Duration.ofSeconds(20));

        assertThat(fleet.commandsFor(WEB)).isEmpty();
    }

    @Test
    void aReportAboutAnUnknownCommandIsADeadLetterNamingIt() {
        threeClusters();

        fleet.report(WEB, MigrationEvent.newBuilder().setCommandId("nope").setIncidentId("i").setWorkloadKey(WEB)
                .setPhase(MigrationPhase.COMPLETED).setCluster("dc-2").setReportedAt(Instant.EPOCH).build());

        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(header(letter.headers(), DeadLetter.FIELD)).isEqualTo("commandId");
            assertThat(header(letter.headers(), DeadLetter.VALUE)).isEqualTo("nope");
            assertThat(header(letter.headers(), DeadLetter.REASON)).contains("no migration command nope");
        });
    }

    private static Checkpoint checkpoint(long id, long deltaOffset) {
        return Checkpoint.newBuilder().setId(id).setPath("s3://flink-state/orders/chk-" + id).setStateSizeBytes(1_000_000)
                .setCompletedAt(FleetDriver.START).setDeltaPartition(deltaPartitionOf(FLINK)).setDeltaOffset(deltaOffset).build();
    }

    /** The test driver writes every input topic as one partition. */
    private static int deltaPartitionOf(String key) {
        return 0;
    }

    private static String header(org.apache.kafka.common.header.Headers headers, String name) {
        var header = headers.lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
