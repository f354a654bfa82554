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

class StrategyChooserTest {

    @Test
    void aFlinkDeploymentRestoresFromItsCheckpointEvenBeforeItReportsOne() {
        assertThat(StrategyChooser.choose(Fixtures.FLINK, null)).isEqualTo(MigrationStrategy.CHECKPOINT);
        assertThat(StrategyChooser.choose(Fixtures.FLINK, status(checkpoint(7, 100, 0, 10L), List.of(), null)))
                .isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void aFlinkSessionJobIsCheckpointedToo() {
        ResourceBinding job = Fixtures.workload("flink.apache.org/FlinkSessionJob/a/j", "FlinkSessionJob", Map.of());
        assertThat(StrategyChooser.choose(job, null)).isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void anyKindReportingACompletedCheckpointIsCheckpointed() {
        assertThat(StrategyChooser.choose(Fixtures.WEB, status(checkpoint(1, 10, 0, 0L), List.of(), null)))
                .isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void checkpointsWinOverOffsetsBecauseTheCheckpointHoldsThem() {
        var both = status(checkpoint(1, 10, 0, 0L), List.of(offset("g", "t", 0, 5)), null);
        assertThat(StrategyChooser.choose(Fixtures.WEB, both)).isEqualTo(MigrationStrategy.CHECKPOINT);
    }

    @Test
    void reportedConsumerGroupOffsetsMeanOffsetCommit() {
        var offsets = status(null, List.of(offset("billing", "payments", 3, 42)), null);
        assertThat(StrategyChooser.choose(Fixtures.WEB, offsets)).isEqualTo(MigrationStrategy.OFFSET_COMMIT);
    }

    @Test
    void theKafkaConsumerLabelMeansOffsetCommitWithoutAnyStatus() {
        assertThat(StrategyChooser.choose(Fixtures.CONSUMER, null)).isEqualTo(MigrationStrategy.OFFSET_COMMIT);
    }

    @Test
    void theLabelMustSayTrue() {
        ResourceBinding notConsumer = Fixtures.workload("apps/Deployment/a/x", "Deployment",
                Map.of("fedstream.io/kafka-consumer", "false"));
        assertThat(StrategyChooser.choose(notConsumer, null)).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
    }

    @Test
    void everythingElseShutsDownGracefully() {
        assertThat(StrategyChooser.choose(Fixtures.WEB, null)).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
        assertThat(StrategyChooser.choose(Fixtures.WEB, status(null, List.of(), "{}"))).isEqualTo(MigrationStrategy.GRACEFUL_SHUTDOWN);
    }
}
