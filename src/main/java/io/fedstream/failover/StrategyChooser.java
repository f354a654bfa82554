package io.fedstream.failover;

import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;

import java.util.Set;

/** Picks a workload's migration strategy: CHECKPOINT, else OFFSET_COMMIT, else GRACEFUL_SHUTDOWN. */
public final class StrategyChooser {

    /** Label that marks a workload as a Kafka consumer when it does not report offsets itself. */
    public static final String KAFKA_CONSUMER_LABEL = "fedstream.io/kafka-consumer";

    /** Kinds whose state lives in Flink checkpoints, even before the first one completes. */
    static final Set<String> FLINK_KINDS = Set.of("FlinkDeployment", "FlinkSessionJob");

    private StrategyChooser() {}

    /** Checkpoints before offsets: a Flink job that also reports offsets restores from its checkpoint, which holds them. */
    public static MigrationStrategy choose(ResourceBinding workload, WorkloadStatusEvent latestStatus) {
        boolean reportsCheckpoint = latestStatus != null && latestStatus.getLastCompletedCheckpoint() != null;
        if (reportsCheckpoint || FLINK_KINDS.contains(workload.getKind())) {
            return MigrationStrategy.CHECKPOINT;
        }
        boolean reportsOffsets = latestStatus != null && !latestStatus.getConsumerGroupOffsets().isEmpty();
        if (reportsOffsets || "true".equals(workload.getLabels().get(KAFKA_CONSUMER_LABEL))) {
            return MigrationStrategy.OFFSET_COMMIT;
        }
        return MigrationStrategy.GRACEFUL_SHUTDOWN;
    }
}
