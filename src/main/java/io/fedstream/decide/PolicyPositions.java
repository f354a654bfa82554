package io.fedstream.decide;

import java.util.Map;

/**
 * How far a namespace task has taken in the policies topic (the section {@link PassState#POLICY_POSITIONS}: per source
 * partition, its number as text, to the highest offset of it applied), so that a record it already has, from the
 * {@link PolicySnapshot} or relayed, is not applied twice; and whether it has seeded itself since it started.
 */
final class PolicyPositions {

    private final Section<Long> store;
    private boolean seeded;

    PolicyPositions(Section<Long> store) {
        this.store = store;
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
