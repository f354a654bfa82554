package io.fedstream.decide;

import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.StoredPlacementState;

/** Each workload's {@link PlacementState}, in its {@link Workloads} record; a workload with none is {@link PlacementState#NEW}. */
final class PlacementStates {

    private final Workloads workloads;

    PlacementStates(Workloads workloads) {
        this.workloads = workloads;
    }

    PlacementState of(String workloadKey) {
        StoredPlacementState stored = workloads.of(workloadKey).getPlacement();
        return stored == null ? PlacementState.NEW : PlacementStateAvro.fromAvro(stored);
    }

    void save(String workloadKey, PlacementState state) {
        boolean onlyAsksForRoomToMove = asksForRoomToMove(state) && state.withPending(null).equals(of(workloadKey).withPending(null));
        workloads.of(workloadKey).setPlacement(PlacementStateAvro.toAvro(state));
        if (onlyAsksForRoomToMove) {
            // A waiting ask is in memory only (LeasedRoom), so a restart loses it whether or not it is written: a written ask
            // is asked again when the task starts, an unwritten one by the incident's next check. The grant's processing
            // writes the ask with the command, one write a move.
            workloads.changedInMemory(workloadKey);
        } else {
            workloads.changed(workloadKey);
        }
    }

    private static boolean asksForRoomToMove(PlacementState state) {
        return state.pending() != null && state.pending().purpose() == ReservationPurpose.MIGRATE;
    }

    void forget(String workloadKey) {
        if (workloads.of(workloadKey).getPlacement() != null) {
            workloads.of(workloadKey).setPlacement(null);
            workloads.changed(workloadKey);
        }
    }
}
