package io.fedstream.failover;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.place.CheckpointStorage;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns one workload's failover facts into a deterministic MigrationCommand, its strategy CHECKPOINT, else
 * OFFSET_COMMIT, else GRACEFUL_SHUTDOWN.
 */
public final class MigrationPlanner {

    /** Label that marks a workload as a Kafka consumer when it does not report offsets itself. */
    public static final String KAFKA_CONSUMER_LABEL = "fedstream.io/kafka-consumer";

    /** Kinds whose state lives in Flink checkpoints, even before the first one completes. */
    static final Set<String> FLINK_KINDS = Set.of("FlinkDeployment", "FlinkSessionJob");

    private MigrationPlanner() {}

    /** Same workload, incident and attempt give the same id, so a re-planned command is recognisably the same. */
    public static String commandId(String workloadKey, String incidentId, int attempt) {
        return workloadKey + "/" + incidentId + "/" + attempt;
    }

    public static PlanResult plan(PlanRequest request) {
        // Never back to the cluster being fled, even if a stale placement still lists it.
        List<String> candidates = request.candidates().stream()
                .filter(c -> !c.equals(request.sourceCluster()))
                .distinct()
                .collect(Collectors.toList());
        if (candidates.isEmpty()) {
            return new PlanResult.NoTarget("no candidate cluster left for " + request.workload().getWorkloadKey()
                    + " after leaving " + request.sourceCluster() + " (attempt " + request.attempt() + ")");
        }
        WorkloadStatusEvent status = request.latestStatus();
        MigrationStrategy strategy = strategy(request.workload(), status);
        Checkpoint checkpoint = null;
        DeltaRange replay = null;
        List<ConsumerGroupOffset> offsets = List.of();
        if (strategy == MigrationStrategy.CHECKPOINT) {
            checkpoint = status == null ? null : status.getLastCompletedCheckpoint();
            try {
                Optional<DeltaRange> range = checkpoint != null
                        ? request.deltas().rangeAfter(checkpoint) : request.deltas().rangeFromStart();
                replay = range.orElse(null);
            } catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
                return new PlanResult.Invalid(request.workload().getWorkloadKey() + ": " + e.getMessage());
            }
        } else if (strategy == MigrationStrategy.OFFSET_COMMIT && status != null) {
            offsets = status.getConsumerGroupOffsets();
        }
        FailoverBehavior behavior = request.settings().behavior(request.cause());
        Map<String, String> preserved = behavior.statePreservation()
                .preserve(status == null ? null : status.getStatus(), request.previousPreservedState());
        CheckpointStorage storage = request.settings().checkpointStorage();
        MigrationCommand command = MigrationCommand.newBuilder()
                .setCommandId(commandId(request.workload().getWorkloadKey(), request.incidentId(), request.attempt()))
                .setIncidentId(request.incidentId())
                .setWorkloadKey(request.workload().getWorkloadKey())
                .setAction(MigrationAction.MIGRATE)
                .setAttempt(request.attempt())
                .setSourceCluster(request.sourceCluster())
                .setTargetCluster(candidates.get(0))
                .setRemainingCandidates(List.copyOf(candidates.subList(1, candidates.size())))
                .setStrategy(strategy)
                .setCheckpoint(checkpoint)
                .setDeltaReplay(replay)
                .setConsumerGroupOffsets(List.copyOf(offsets))
                .setPreservedState(preserved)
                .setPurgeMode(behavior.purgeMode())
                .setGracePeriodSeconds(behavior.gracePeriodSeconds())
                .setCheckpointStorage(storage.entries())
                .setCheckpointStorageJson(storage.json())
                .setFullStateBytes(checkpoint == null ? 0L : checkpoint.getStateSizeBytes())
                .setIncrementalBytes(replay == null ? 0L : replay.getBytes())
                .setIssuedAt(request.now())
                .build();
        return new PlanResult.Planned(command);
    }

    /** Checkpoints before offsets: a Flink job that reports offsets too restores its checkpoint, which holds them. */
    static MigrationStrategy strategy(ResourceBinding workload, WorkloadStatusEvent latestStatus) {
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
