package io.fedstream.decide;

import io.fedstream.avro.ReservationPurpose;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The workloads of one task whose placement reservation is in flight, kept in memory and rebuilt from their placement
 * states at every start ({@link #stored}), so that asking costs no store write of its own.
 *
 * <p>The placement state of such a workload records the request and when it was asked ({@link PlacementState#pending()}
 * of purpose PLACE, or {@link PlacementState#shares()} not all granted), and is written in the same transaction as the
 * request, so one scan of the placement states after a start (a crash, a rebalance, a task revived after its state was
 * wiped) finds every workload asked before it. The retry punctuator walks these keys beside the unplaced-workloads store
 * and asks again when no answer came in time ({@link Placing#retryUnplaced()}); it drops a key whose workload needs no
 * placement any more (a scan also finds one whose binding showed a placement before the answer came).
 */
final class InFlightPlacements {

    private final NavigableSet<String> keys = new TreeSet<>();

    /** A stored workload's placement state (the rebuild when the task starts): in flight when it shows a request out. */
    void stored(String workloadKey, PlacementState state) {
        if (placing(state)) {
            keys.add(workloadKey);
        }
    }

    /** Whether the state shows a placement reservation in flight: one cluster's, or shares not all granted. */
    static boolean placing(PlacementState state) {
        return state.pending() != null && state.pending().purpose() == ReservationPurpose.PLACE
                || state.shares() != null && !state.shares().placed();
    }

    /** The workload's placement reservation went out (its placement state says so in the same transaction). */
    void asked(String workloadKey) {
        keys.add(workloadKey);
    }

    /** The workload's placement reservation is over: answered, given up, the workload deleted or its binding placed. */
    void settled(String workloadKey) {
        keys.remove(workloadKey);
    }

    /** Whether the workload's placement reservation is in flight. */
    boolean contains(String workloadKey) {
        return keys.contains(workloadKey);
    }

    /** The workloads in flight now, in key order; a copy, so that a walk may settle or ask while it goes. */
    List<String> keys() {
        return List.copyOf(keys);
    }
}
