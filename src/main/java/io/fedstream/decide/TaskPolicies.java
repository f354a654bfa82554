package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import java.util.Map;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The policies one namespace task holds (the section {@link PassState#POLICIES}, keyed {@code kind/namespace/name}, each
 * its latest event exactly as on the policies topic, a DELETE event included): every cluster-wide policy,
 * and the FederatedResourceQuotas of its own namespaces, as they arrive on the pass's policy input; how many
 * changes it has taken in, so that a step rebuilds what it derives from policies only after one; and how far it
 * has taken in the policies topic (the section {@link PassState#POLICY_POSITIONS}: per source partition, its number as
 * text, to the highest offset of it applied), so that a record it already has, from the {@link PolicySnapshot} or
 * relayed, is not applied twice.
 */
public final class TaskPolicies {

    private final Section<PolicyEvent> store;
    private final Section<Long> positions;
    private long changes;
    private boolean seeded;

    TaskPolicies(Section<PolicyEvent> store, Section<Long> positions) {
        this.store = store;
        this.positions = positions;
    }

    /** The policies as their readers read them, by policy key. */
    ReadOnlyKeyValueStore<String, PolicyEvent> published() {
        return store;
    }

    /** Where they live, as the dead letter of a refused version names it. */
    String where() {
        return store.where();
    }

    /** Takes in a policy change ({@code event} null: a tombstone). */
    void apply(String key, PolicyEvent event) {
        if (event == null) {
            store.delete(key);
        } else {
            store.put(key, event);
        }
        changes++;
    }

    /**
     * How many policy changes this task has taken in since it started; moves with every one. A task that starts again
     * counts from 0 and its steps from "never seen", so they rebuild once.
     */
    long changes() {
        return changes;
    }

    /** Whether the task has seeded itself since it last started (an instance start, a rebalance, a move here). */
    boolean seededSinceStart() {
        return seeded;
    }

    /** Whether the record at this source position is already applied. */
    boolean has(int partition, long offset) {
        Long applied = positions.get(Integer.toString(partition));
        return applied != null && offset <= applied;
    }

    /** The record at this source position is applied: the position moves there, never back. */
    void applied(int partition, long offset) {
        if (!has(partition, offset)) {
            positions.put(Integer.toString(partition), offset);
        }
    }

    /** The task applied the snapshot read up to these end offsets (exclusive): every record before them is applied. */
    void seededUpTo(Map<Integer, Long> endOffsets) {
        endOffsets.forEach((partition, end) -> {
            if (end > 0) {
                applied(partition, end - 1);
            }
        });
        seeded = true;
    }
}
