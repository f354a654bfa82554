package io.fedstream.failover;

import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.place.CheckpointStorage;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fedstream.failover.Fixtures.DELTAS;
import static io.fedstream.failover.Fixtures.T0;
import static io.fedstream.failover.Fixtures.checkpoint;
import static io.fedstream.failover.Fixtures.offset;
import static io.fedstream.failover.Fixtures.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class MigrationPlannerTest {

    private static final FailoverSettings SETTINGS = new FailoverSettings(
            new FailoverBehavior(PurgeMode.Directly, 30, new StatePreservation(List.of(StatePreservation.Rule.of("jobid", "{.jobStatus.jobId}")))),
            new FailoverBehavior(PurgeMode.Never, null, new StatePreservation(List.of(StatePreservation.Rule.of("phase", "{.jobStatus.state}")))),
            new CheckpointStorage("{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"ckpt\"}}",
                    Map.of("s3.endpoint", "https://s3.example.com", "s3.bucket", "ckpt")));

    private static DeltaLog deltas() {
        DeltaLog log = new DeltaLog(DELTAS);
        log.append(2, 100, 4_000);
        log.append(2, 120, 6_000);
        log.append(2, 130, 500);
        return log;
    }

    private static PlanRequest request(ResourceBinding workload, WorkloadStatusEvent status, DeltaLog log,
                                       List<String> candidates) {
        return new PlanRequest(workload, status, log, SETTINGS, FailureCause.CLUSTER, "inc-7", "member1", candidates, 1, Map.of(), T0);
    }

    private MigrationCommand planned(PlanRequest request) {
        PlanResult result = MigrationPlanner.plan(request);
        assertThat(result).isInstanceOf(PlanResult.Planned.class);
        return ((PlanResult.Planned) result).command();
    }

    @Test
    void aFlinkJobRestoresItsCheckpointAndReplaysOnlyTheDeltasAfterIt() {
        var status = status(checkpoint(42, 1_000_000, 2, 100L), List.of(), "{\"jobStatus\":{\"jobId\":\"a1b2\"}}");
        MigrationCommand c = planned(request(Fixtures.FLINK, status, deltas(), List.of("member2", "member3")));

        assertThat(c.getCommandId()).isEqualTo("flink.apache.org/FlinkDeployment/team-a/orders/inc-7/1");
        assertThat(c.getIncidentId()).isEqualTo("inc-7");
        assertThat(c.getWorkloadKey()).isEqualTo(Fixtures.FLINK.getWorkloadKey());
        assertThat(c.getAction()).isEqualTo(MigrationAction.MIGRATE);
        assertThat(c.getAttempt()).isEqualTo(1);
        assertThat(c.getSourceCluster()).isEqualTo("member1");
        assertThat(c.getTargetCluster()).isEqualTo("member2");
        assertThat(c.getRemainingCandidates()).containsExactly("member3");
        assertThat(c.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT);
        assertThat(c.getCheckpoint()).isEqualTo(checkpoint(42, 1_000_000, 2, 100L));
        assertThat(c.getDeltaReplay()).isEqualTo(DeltaRange.newBuilder().setTopic(DELTAS).setPartition(2)
                .setFromOffsetExclusive(100).setToOffsetInclusive(130).setBytes(6_500).setRecords(2).build());
        assertThat(c.getConsumerGroupOffsets()).isEmpty();
        assertThat(c.getPreservedState()).containsExactly(entry("jobid", "a1b2"));
        assertThat(c.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        assertThat(c.getGracePeriodSeconds()).isEqualTo(30);
        assertThat(c.getCheckpointStorage()).containsOnly(entry("s3.endpoint", "https://s3.example.com"), entry("s3.bucket", "ckpt"));
        assertThat(c.getCheckpointStorageJson()).isEqualTo("{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"ckpt\"}}");
        assertThat(c.getFullStateBytes()).isEqualTo(1_000_000);
        assertThat(c.getIncrementalBytes()).isEqualTo(6_500);
        assertThat(c.getIssuedAt()).isEqualTo(T0);
    }

    @Test
    void planningTwiceGivesTheSameCommand() {
        var status = status(checkpoint(42, 1_000_000, 2, 100L), List.of(), null);
        DeltaLog log = deltas();
        assertThat(planned(request(Fixtures.FLINK, status, log, List.of("member2"))))
                .isEqualTo(planned(request(Fixtures.FLINK, status, log, List.of("member2"))));
    }

    @Test
    void theIdNamesWorkloadIncidentAndAttempt() {
        PlanRequest third = request(Fixtures.WEB, null, new DeltaLog(DELTAS), List.of("member4"))
                .retry(3, List.of("member4"), Map.of(), T0);
        assertThat(planned(third).getCommandId()).isEqualTo("apps/Deployment/team-a/web/inc-7/3");
        assertThat(planned(third).getAttempt()).isEqualTo(3);
    }

    @Test
    void aCheckpointCoveringEveryDeltaReplaysNothing() {
        var status = status(checkpoint(43, 2_000, 2, 130L), List.of(), null);
        MigrationCommand c = planned(request(Fixtures.FLINK, status, deltas(), List.of("member2")));

        assertThat(c.getDeltaReplay()).isNull();
        assertThat(c.getIncrementalBytes()).isZero();
        assertThat(c.getFullStateBytes()).isEqualTo(2_000);
    }

    @Test
    void aFlinkJobWithoutACompletedCheckpointStartsEmptyAndReplaysEveryDelta() {
        MigrationCommand c = planned(request(Fixtures.FLINK, null, deltas(), List.of("member2")));

        assertThat(c.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT);
        assertThat(c.getCheckpoint()).isNull();
        assertThat(c.getDeltaReplay().getFromOffsetExclusive()).isEqualTo(-1);
        assertThat(c.getDeltaReplay().getToOffsetInclusive()).isEqualTo(130);
        assertThat(c.getIncrementalBytes()).isEqualTo(10_500);
        assertThat(c.getFullStateBytes()).isZero();
    }

    @Test
    void aCheckpointOnTheWrongPartitionIsAnErrorNotACommand() {
        var status = status(checkpoint(42, 1_000, 5, 100L), List.of(), null);
        PlanResult result = MigrationPlanner.plan(request(Fixtures.FLINK, status, deltas(), List.of("member2")));

        assertThat(result).isEqualTo(new PlanResult.Invalid(Fixtures.FLINK.getWorkloadKey()
                + ": checkpoint 42 covers partition 5 but this workload's deltas are on partition 2"));
    }

    @Test
    void aKafkaConsumerCarriesItsCommittedOffsets() {
        var status = status(null, List.of(offset("billing", "payments", 0, 42), offset("billing", "payments", 1, 7)), null);
        MigrationCommand c = planned(request(Fixtures.CONSUMER, status, new DeltaLog(DELTAS), List.of("member2")));

        assertThat(c.getStrategy()).isEqualTo(MigrationStrategy.OFFSET_COMMIT);
        assertThat(c.getConsumerGroupOffsets()).containsExactly(offset("billing", "payments", 0, 42),
                offset("billing", "payments", 1, 7));
        assertThat(c.getCheckpoint()).isNull();
        assertThat(c.getDeltaReplay()).isNull();
        assertThat(c.getFullStateBytes()).isZero();
        assertThat(c.getIncrementalBytes()).isZero();
    }

    @Test
    void anythingElseShutsDownGracefullyWithNoState() {
        MigrationCommand c = planned(request(Fixtures.WEB, null, new DeltaLog(DELTAS), List.of("member2")));
        assertThat(c.getStrategy()).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
        assertThat(c.getPreservedState()).isEmpty();
    }

    @Test
    void noCandidateMeansNoTargetWithTheReason() {
        PlanResult result = MigrationPlanner.plan(request(Fixtures.WEB, null, new DeltaLog(DELTAS), List.of()));
        assertThat(result).isEqualTo(new PlanResult.NoTarget(
                "no candidate cluster left for apps/Deployment/team-a/web after leaving member1 (attempt 1)"));
    }

    @Test
    void theFledClusterIsNeverATargetEvenIfPlacementStillListsIt() {
        MigrationCommand c = planned(request(Fixtures.WEB, null, new DeltaLog(DELTAS), List.of("member1", "member3", "member1", "member3", "member4")));
        assertThat(c.getTargetCluster()).isEqualTo("member3");
        assertThat(c.getRemainingCandidates()).containsExactly("member4");
        assertThat(MigrationPlanner.plan(request(Fixtures.WEB, null, new DeltaLog(DELTAS), List.of("member1"))))
                .isInstanceOf(PlanResult.NoTarget.class);
    }

    @Test
    void aClusterFailureFollowsTheClusterBehaviourAndAnApplicationFailureTheApplicationBehaviour() {
        var status = status(null, List.of(), "{\"jobStatus\":{\"jobId\":\"a1b2\",\"state\":\"FAILING\"}}");
        PlanRequest cluster = request(Fixtures.WEB, status, new DeltaLog(DELTAS), List.of("member2"));
        PlanRequest application = new PlanRequest(Fixtures.WEB, status, new DeltaLog(DELTAS), SETTINGS, FailureCause.APPLICATION,
                "inc-7", "member1", List.of("member2"), 1, Map.of(), T0);

        MigrationCommand afterCluster = planned(cluster);
        MigrationCommand afterApplication = planned(application);

        assertThat(afterCluster.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        assertThat(afterCluster.getGracePeriodSeconds()).isEqualTo(30);
        assertThat(afterCluster.getPreservedState()).containsExactly(entry("jobid", "a1b2"));
        assertThat(afterApplication.getPurgeMode()).isEqualTo(PurgeMode.Never);
        assertThat(afterApplication.getGracePeriodSeconds()).isNull();
        assertThat(afterApplication.getPreservedState()).containsExactly(entry("phase", "FAILING"));
        assertThat(afterApplication.getCheckpointStorageJson()).as("where checkpoints live does not depend on the cause")
                .isEqualTo(afterCluster.getCheckpointStorageJson());
    }

    @Test
    void anApplicationFailureCannotBePlannedUnderAPolicyWithoutApplicationFailover() {
        FailoverSettings clusterOnly = new FailoverSettings(FailoverBehavior.DEFAULTS, null, CheckpointStorage.NONE);

        assertThatThrownBy(() -> new PlanRequest(Fixtures.WEB, null, new DeltaLog(DELTAS), clusterOnly,
                        FailureCause.APPLICATION, "inc-7", "member1", List.of("member2"), 1, Map.of(), T0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("failover.application");
    }

    @Test
    void previouslyPreservedStateIsCarriedWhenTheStatusLacksIt() {
        PlanRequest r = new PlanRequest(Fixtures.FLINK, status(null, List.of(), "{}"), new DeltaLog(DELTAS), SETTINGS,
                FailureCause.CLUSTER, "inc-8", "member2", List.of("member3"), 1, Map.of("jobid", "a1b2"), T0);
        assertThat(planned(r).getPreservedState()).containsExactly(entry("jobid", "a1b2"));
    }
}
