package io.fedstream.decide;

import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * How far a namespace task has taken in the policies topic ({@link #STORE}: per source partition, the highest offset
 * applied), so that a record it already has, from the {@link PolicySnapshot} or relayed, is not applied twice; and
 * whether it has seeded itself since it started.
 */
final class PolicyPositions {

    /** Source partition of the policies topic (its number as text) to the highest offset of it this task has applied. */
    static final String STORE = "policy-positions-store";

    private final KeyValueStore<String, Long> store;
    private boolean seeded;

    PolicyPositions(KeyValueStore<String, Long> store) {
        this.store = store;
    }

    /** Adds the store: one entry per partition of the policies topic, kept in memory and restored from its changelog. */
    static void addTo(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), Serdes.Long()));
    }

    /** Whether the task has seeded itself since it last started (an instance start, a rebalance, a move to this instance). */
    boolean seededSinceStart() {
        return seeded;
    }

    /** Whether the record at this source position is already applied. */
    boolean has(int partition, long offset) {
        Long applied = store.get(Integer.toString(partition));
        return applied != null && offset <= applied;
    }

    /** The record at this source position is applied: the position moves there, never back. */
    void applied(int partition, long offset) {
        if (!has(partition, offset)) {
            store.put(Integer.toString(partition), offset);
        }
    }

    /** The task has applied the snapshot read up to these end offsets (exclusive): every record before them is applied. */
    void seededUpTo(Map<Integer, Long> endOffsets) {
        endOffsets.forEach((partition, end) -> {
            if (end > 0) {
                applied(partition, end - 1);
            }
        });
        seeded = true;
    }
}
