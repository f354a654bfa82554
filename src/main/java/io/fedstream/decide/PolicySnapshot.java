package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The policies topic as it stood when this instance started: per partition its end offset (the next offset to come),
 * and per key its latest record (a tombstone as a null event) with that record's offset. A namespace task takes it in
 * before it decides anything ({@link TaskPolicies}), as Karmada's scheduler and detector sync their informers
 * before they start.
 */
public record PolicySnapshot(Map<Integer, Long> endOffsets, List<Entry> entries) {

    /** One key's latest record on a partition of the policies topic. */
    public record Entry(int partition, long offset, String key, PolicyEvent event) {
    }

    public PolicySnapshot {
        endOffsets = Map.copyOf(endOffsets);
        entries = List.copyOf(entries);
    }

    /** Nothing read: a task seeds nothing and takes every relayed policy as it comes. */
    public static PolicySnapshot empty() {
        return new PolicySnapshot(Map.of(), List.of());
    }

    /** The entries a task of {@code partition} (of {@code partitions}) receives from the relay, in source order. */
    List<Entry> routedTo(int partition, int partitions) {
        PolicySource.Partitioner router = new PolicySource.Partitioner();
        return entries.stream()
                .filter(entry -> router.partitions(null, entry.key(), entry.event(), partitions).orElseThrow().contains(partition))
                .sorted(Comparator.comparingInt(Entry::partition).thenComparingLong(Entry::offset))
                .toList();
    }

    /** Builds a snapshot from the topic's records in offset order per partition: each key keeps its latest. */
    public static final class Reading {

        private final Map<Integer, Map<String, Entry>> latest = new TreeMap<>();

        /** The record at {@code offset} of {@code partition}; {@code event} null for a tombstone. */
        public void add(int partition, long offset, String key, PolicyEvent event) {
            latest.computeIfAbsent(partition, p -> new LinkedHashMap<>()).put(key, new Entry(partition, offset, key, event));
        }

        /** The snapshot of what was added, read up to these end offsets. */
        public PolicySnapshot upTo(Map<Integer, Long> endOffsets) {
            List<Entry> entries = new ArrayList<>();
            latest.values().forEach(keys -> entries.addAll(keys.values()));
            return new PolicySnapshot(endOffsets, entries);
        }
    }
}
