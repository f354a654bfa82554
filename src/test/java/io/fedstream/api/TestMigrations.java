package io.fedstream.api;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.failover.MigrationPlanner;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Migrations as the fail-over stage stores them, for the query API's tests and the command-line tests. */
public final class TestMigrations {

    private TestMigrations() {}

    /** A checkpoint migration as the fail-over stage stores it, with nothing optional filled in. */
    public static MigrationRecord migration(String workloadKey, String incident, int attempt, String from, String to,
            MigrationRecordPhase phase, Instant issuedAt) {
        return MigrationRecord.newBuilder()
                .setCommand(MigrationCommand.newBuilder()
                        .setCommandId(MigrationPlanner.commandId(workloadKey, incident, attempt))
                        .setIncidentId(incident)
                        .setWorkloadKey(workloadKey)
                        .setAttempt(attempt)
                        .setSourceCluster(from)
                        .setTargetCluster(to)
                        .setStrategy(MigrationStrategy.CHECKPOINT)
                        .setIssuedAt(issuedAt)
                        .build())
                .setPhase(phase)
                .setUpdatedAt(issuedAt)
                .build();
    }

    /** The same migration with every optional part filled in: checkpoint, deltas, offsets, state and a reason. */
    public static MigrationRecord detailed(MigrationRecord migration) {
        MigrationCommand command = MigrationCommand.newBuilder(migration.getCommand())
                .setRemainingCandidates(List.of("member3", "member4"))
                .setCheckpoint(Checkpoint.newBuilder().setId(42).setPath("s3://ckpt/fraud/chk-42").setStateSizeBytes(1_073_741_824L)
                        .setCompletedAt(migration.getCommand().getIssuedAt().minusSeconds(30))
                        .setDeltaPartition(3).setDeltaOffset(1200L).build())
                .setDeltaReplay(DeltaRange.newBuilder().setTopic("fedstream.state-deltas").setPartition(3)
                        .setFromOffsetExclusive(1200).setToOffsetInclusive(1250).setBytes(5_242_880L).setRecords(50).build())
                .setConsumerGroupOffsets(List.of(ConsumerGroupOffset.newBuilder()
                        .setGroup("fraud").setTopic("payments").setPartition(0).setOffset(99).build()))
                .setPreservedState(Map.of("replicas", "3"))
                .setGracePeriodSeconds(30)
                .setCheckpointStorage(Map.of("bucket", "ckpt"))
                .setFullStateBytes(1_073_741_824L)
                .setIncrementalBytes(5_242_880L)
                .build();
        return MigrationRecord.newBuilder(migration).setCommand(command).setReason("target member2 restoring").build();
    }
}
