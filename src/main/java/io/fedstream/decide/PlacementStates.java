package io.fedstream.decide;

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
        workloads.of(workloadKey).setPlacement(PlacementStateAvro.toAvro(state));
        workloads.changed(workloadKey);
    }

    void forget(String workloadKey) {
        if (workloads.of(workloadKey).getPlacement() != null) {
            workloads.of(workloadKey).setPlacement(null);
            workloads.changed(workloadKey);
        }
    }
}
