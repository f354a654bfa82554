package io.fedstream.decide;

import io.fedstream.failover.DeltaLog;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Every workload's index of {@code fedstream.state-deltas} in a store: one entry per delta (offset and size), so an
 * append costs one write however many deltas a workload has; a {@link DeltaLog} is rebuilt only to plan a migration.
 */
final class DeltaIndex {

    private static final StringSerializer KEYS = new StringSerializer();
    private static final char ENTRY = '\u0000';
    private static final char META = '\u0001';

    private final KeyValueStore<String, String> store;
    private final String topic;

    DeltaIndex(KeyValueStore<String, String> store, String topic) {
        this.store = store;
        this.topic = topic;
    }

    /** Indexes a delta; one the last checkpoint already covers (a re-read after a restart) changes nothing. */
    void append(String workloadKey, int partition, long offset, long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("delta at offset " + offset + " has a negative size " + bytes);
        }
        Meta meta = meta(workloadKey);
        if (meta != null && meta.partition() != null && meta.partition() != partition) {
            throw new IllegalArgumentException("delta of " + workloadKey + " at " + partition + ":" + offset
                    + " is not on partition " + meta.partition() + " where its earlier deltas are");
        }
        long truncated = meta == null ? -1 : meta.truncatedThrough();
        if (offset <= truncated) {
            return;
        }
        store.put(entryKey(workloadKey, offset), Long.toString(bytes));
        store.put(workloadKey + META, partition + ":" + truncated);
    }

    /** Drops the deltas a completed checkpoint covers. */
    void truncateThrough(String workloadKey, long offset) {
        Meta meta = meta(workloadKey);
        long truncated = meta == null ? -1 : meta.truncatedThrough();
        if (offset <= truncated) {
            return;
        }
        List<String> covered = new ArrayList<>();
        try (KeyValueIterator<String, String> it = store.prefixScan(workloadKey + ENTRY, KEYS)) {
            while (it.hasNext()) {
                KeyValue<String, String> entry = it.next();
                if (offsetOf(entry.key) > offset) {
                    break;
                }
                covered.add(entry.key);
            }
        }
        covered.forEach(store::delete);
        store.put(workloadKey + META, (meta == null || meta.partition() == null ? "" : meta.partition()) + ":" + offset);
    }

    /** The workload's deltas as the planner reads them. */
    DeltaLog log(String workloadKey) {
        DeltaLog log = new DeltaLog(topic);
        Meta meta = meta(workloadKey);
        if (meta == null) {
            return log;
        }
        log.truncateThrough(meta.truncatedThrough());
        try (KeyValueIterator<String, String> it = store.prefixScan(workloadKey + ENTRY, KEYS)) {
            while (it.hasNext()) {
                KeyValue<String, String> entry = it.next();
                log.append(meta.partition(), offsetOf(entry.key), Long.parseLong(entry.value));
            }
        }
        return log;
    }

    /** Forgets a deleted workload's deltas. */
    void delete(String workloadKey) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> it = store.prefixScan(workloadKey + ENTRY, KEYS)) {
            it.forEachRemaining(entry -> keys.add(entry.key));
        }
        keys.forEach(store::delete);
        store.delete(workloadKey + META);
    }

    private Meta meta(String workloadKey) {
        String value = store.get(workloadKey + META);
        if (value == null) {
            return null;
        }
        int colon = value.indexOf(':');
        String partition = value.substring(0, colon);
        return new Meta(partition.isEmpty() ? null : Integer.valueOf(partition), Long.parseLong(value.substring(colon + 1)));
    }

    private static String entryKey(String workloadKey, long offset) {
        return workloadKey + ENTRY + String.format("%020d", offset);
    }

    private static long offsetOf(String entryKey) {
        return Long.parseLong(entryKey.substring(entryKey.lastIndexOf(ENTRY) + 1));
    }

    private record Meta(Integer partition, long truncatedThrough) {
    }
}
