package io.fedstream.decide;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The copies that an eviction left on a cluster and that wait for their graceful purge ({@link
 * PlaceFailoverStores#STALE_COPIES}): under {@code workload key NUL cluster}, when the grace period ends (epoch ms) and
 * the id of the command that evicted the copy, which names the workload and the cluster. An entry of an earlier version
 * (keyed {@code cluster NUL workload key}, the command id alone) is read as one whose grace period has ended.
 */
final class StaleCopies {

    private static final StringSerializer KEYS = new StringSerializer();
    private static final char SEPARATOR = '\u0000';

    /** One copy waiting: when its grace period ends (Directly: at once) and the command that evicted it. */
    record Waiting(String entry, long graceEndsAt, String commandId) {

        /** The workload (of an entry of this version; an earlier one's starts with the cluster). */
        String workloadKey() {
            return entry.substring(0, Math.max(0, entry.indexOf(SEPARATOR)));
        }
    }

    private final KeyValueStore<String, String> store;

    StaleCopies(KeyValueStore<String, String> store) {
        this.store = store;
    }

    /** Remembers the copy on {@code cluster} until its purge; returns what waits. */
    Waiting remember(String workloadKey, String cluster, long graceEndsAt, String commandId) {
        String entry = workloadKey + SEPARATOR + cluster;
        store.put(entry, graceEndsAt + "" + SEPARATOR + commandId);
        return new Waiting(entry, graceEndsAt, commandId);
    }

    /** The workload's copies waiting for their purge. */
    List<Waiting> of(String workloadKey) {
        List<Waiting> waiting = new ArrayList<>();
        try (KeyValueIterator<String, String> it = store.prefixScan(workloadKey + SEPARATOR, KEYS)) {
            it.forEachRemaining(entry -> waiting.add(waiting(entry.key, entry.value)));
        }
        return waiting;
    }

    /** Every copy waiting. */
    List<Waiting> all() {
        List<Waiting> waiting = new ArrayList<>();
        try (KeyValueIterator<String, String> it = store.all()) {
            it.forEachRemaining(entry -> waiting.add(waiting(entry.key, entry.value)));
        }
        return waiting;
    }

    void forget(Waiting waiting) {
        store.delete(waiting.entry());
    }

    private static Waiting waiting(String entry, String value) {
        int separator = value.indexOf(SEPARATOR);
        return separator < 0 ? new Waiting(entry, 0, value)
                : new Waiting(entry, Long.parseLong(value.substring(0, separator)), value.substring(separator + 1));
    }
}
