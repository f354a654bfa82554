package io.fedstream.failover;

import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.WorkloadStatusEvent;

import java.util.Optional;
import java.util.Set;

/** One pluggable rule of the strategy chain: a strategy when it recognises the workload, empty otherwise. */
@FunctionalInterface
public interface StrategyRule {

    /** Label that marks a workload as a Kafka consumer when it does not report offsets itself. */
    String KAFKA_CONSUMER_LABEL = "fedstream.io/kafka-consumer";

    /** Kinds whose state lives in Flink checkpoints, even before the first one completes. */
    Set<String> FLINK_KINDS = Set.of("FlinkDeployment", "FlinkSessionJob");

    Optional<MigrationStrategy> decide(Workload workload, WorkloadStatusEvent latestStatus);

    /** CHECKPOINT for any workload reporting a completed checkpoint, and for Flink kinds. */
    static StrategyRule checkpointing() {
        return (workload, status) -> {
            boolean reportsCheckpoint = status != null && status.getLastCompletedCheckpoint() != null;
            return reportsCheckpoint || FLINK_KINDS.contains(workload.kind())
                    ? Optional.of(MigrationStrategy.CHECKPOINT) : Optional.empty();
        };
    }

    /** OFFSET_COMMIT for workloads reporting consumer-group offsets or labelled as Kafka consumers. */
    static StrategyRule kafkaConsumer() {
        return (workload, status) -> {
            boolean reportsOffsets = status != null && !status.getConsumerGroupOffsets().isEmpty();
            boolean labelled = "true".equals(workload.labels().get(KAFKA_CONSUMER_LABEL));
            return reportsOffsets || labelled ? Optional.of(MigrationStrategy.OFFSET_COMMIT) : Optional.empty();
        };
    }
}
