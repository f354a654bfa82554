package io.fedstream.failover;

import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.ResourceBinding;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fedstream.failover.Fixtures.checkpoint;
import static io.fedstream.failover.Fixtures.offset;
import static io.fedstream.failover.Fixtures.status;
import static org.assertj.core.api.Assertions.assertThat;

/** The strategy a workload migrates with ({@link MigrationPlanner#strategy}). */
class MigrationStrategyTest {

    @Test
    void aFlinkDeploymentRestoresFromItsCheckpointEvenBeforeItReportsOne() {
        assertThat(MigrationPlanner.strategy(Fixtures.FLINK, null)).isEqualTo(MigrationStrategy.CHECKPOINT);
        assertThat(MigrationPlanner.strategy(Fixtures.FLINK, status(checkpoint(7, 100, 0, 10L), List.of(), null)))
                .isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void aFlinkSessionJobIsCheckpointedToo() {
        ResourceBinding job = Fixtures.workload("flink.apache.org/FlinkSessionJob/a/j", "FlinkSessionJob", Map.of());
        assertThat(MigrationPlanner.strategy(job, null)).isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void anyKindReportingACompletedCheckpointIsCheckpointed() {
        assertThat(MigrationPlanner.strategy(Fixtures.WEB, status(checkpoint(1, 10, 0, 0L), List.of(), null)))
                .isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void checkpointsWinOverOffsetsBecauseTheCheckpointHoldsThem() {
        var both = status(checkpoint(1, 10, 0, 0L), List.of(offset("g", "t", 0, 5)), null);
        assertThat(MigrationPlanner.strategy(Fixtures.WEB, both)).isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void reportedConsumerGroupOffsetsMeanOffsetCommit() {
        var offsets = status(null, List.of(offset("billing", "payments", 3, 42)), null);
        assertThat(MigrationPlanner.strategy(Fixtures.WEB, offsets)).isEqualTo(MigrationStrategy.OFFSET_COMMIT);
    }

    @Test
    void theKafkaConsumerLabelMeansOffsetCommitWithoutAnyStatus() {
        assertThat(MigrationPlanner.strategy(Fixtures.CONSUMER, null)).isEqualTo(MigrationStrategy.OFFSET_COMMIT);
    }

    @Test
    void theLabelMustSayTrue() {
        ResourceBinding notConsumer = Fixtures.workload("apps/Deployment/a/x", "Deployment",
                Map.of("fedstream.io/kafka-consumer", "false"));
        assertThat(MigrationPlanner.strategy(notConsumer, null)).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
    }

    @Test
    void everythingElseShutsDownGracefully() {
        assertThat(MigrationPlanner.strategy(Fixtures.WEB, null)).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
        assertThat(MigrationPlanner.strategy(Fixtures.WEB, status(null, List.of(), "{}"))).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
    }
}
