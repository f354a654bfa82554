package io.fedstream.failover;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.DeltaRange;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Objects;
import java.util.Optional;

/**
 * One workload's index of the state-delta topic: which offsets carry its deltas and how many payload bytes
 * each holds, so a migration command can name the exact replay range after a checkpoint.
 */
public final class DeltaLog {

    /** Offset below every Kafka offset: "nothing truncated yet", and the exclusive start of a full replay. */
    static final long BEFORE_FIRST = -1L;

    private final String topic;
    private Integer partition;
    private long truncatedThrough = BEFORE_FIRST;
    private final Deque<Delta> deltas = new ArrayDeque<>();

    /** One delta record as indexed: its offset and the size of its payload. */
    record Delta(long offset, long bytes) {
    }

    public DeltaLog(String topic) {
        this.topic = Objects.requireNonNull(topic, "topic");
    }

    /**
     * Records a delta. A workload's deltas share one partition (they are keyed by workload), so a second
     * partition means the producer's partitioning changed and offsets can no longer be compared.
     * Re-appending the last delta unchanged is a no-op, because a restarted task re-reads its input.
     */
    public void append(int deltaPartition, long offset, long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("delta at offset " + offset + " has a negative size " + bytes);
        }
        if (partition != null && partition != deltaPartition) {
            throw new IllegalArgumentException("delta at " + deltaPartition + ":" + offset
                    + " is not on partition " + partition + " where this workload's deltas are");
        }
        Delta last = deltas.peekLast();
        if (last != null && last.offset() == offset && last.bytes() == bytes) {
            return;
        }
        long floor = last != null ? last.offset() : truncatedThrough;
        if (offset <= floor) {
            throw new IllegalArgumentException("delta offsets went backwards: " + offset + " after " + floor);
        }
        partition = deltaPartition;
        deltas.addLast(new Delta(offset, bytes));
    }

    /** The deltas written after the checkpoint, or empty when the checkpoint covers all of them. */
    public Optional<DeltaRange> rangeAfter(Checkpoint checkpoint) {
        if (checkpoint.getDeltaOffset() == null || checkpoint.getDeltaPartition() == null) {
            if (deltas.isEmpty()) {
                return Optional.empty();
            }
            throw new IllegalArgumentException("checkpoint " + checkpoint.getId()
                    + " does not say which deltas it covers, but deltas exist on partition " + partition);
        }
        if (partition != null && !partition.equals(checkpoint.getDeltaPartition())) {
            throw new IllegalArgumentException("checkpoint " + checkpoint.getId() + " covers partition "
                    + checkpoint.getDeltaPartition() + " but this workload's deltas are on partition " + partition);
        }
        long covered = checkpoint.getDeltaOffset();
        if (covered < truncatedThrough) {
            throw new IllegalArgumentException("checkpoint " + checkpoint.getId() + " covers deltas through "
                    + covered + " but deltas through " + truncatedThrough + " were already dropped");
        }
        return range(covered);
    }

    /** Every retained delta: the replay for a workload that never completed a checkpoint. */
    public Optional<DeltaRange> rangeFromStart() {
        if (truncatedThrough != BEFORE_FIRST) {
            throw new IllegalStateException("deltas through " + truncatedThrough
                    + " were dropped, so a replay without a checkpoint would lose state");
        }
        return range(BEFORE_FIRST);
    }

    /** Drops the deltas a newer checkpoint covers, which bounds the index's memory. */
    public void truncateThrough(long offset) {
        while (!deltas.isEmpty() && deltas.peekFirst().offset() <= offset) {
            deltas.removeFirst();
        }
        truncatedThrough = Math.max(truncatedThrough, offset);
    }

    private Optional<DeltaRange> range(long fromExclusive) {
        long bytes = 0;
        long records = 0;
        long to = fromExclusive;
        for (Iterator<Delta> it = deltas.descendingIterator(); it.hasNext(); ) {
            Delta delta = it.next();
            if (delta.offset() <= fromExclusive) {
                break;
            }
            bytes = Math.addExact(bytes, delta.bytes());
            records = Math.addExact(records, 1L);
            to = Math.max(to, delta.offset());
        }
        if (records == 0) {
            return Optional.empty();
        }
        return Optional.of(DeltaRange.newBuilder()
                .setTopic(topic)
                .setPartition(partition)
                .setFromOffsetExclusive(fromExclusive)
                .setToOffsetInclusive(to)
                .setBytes(bytes)
                .setRecords(records)
                .build());
    }
}
