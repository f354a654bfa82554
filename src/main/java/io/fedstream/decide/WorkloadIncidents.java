package io.fedstream.decide;

import io.fedstream.avro.IncidentState;
import io.fedstream.avro.StoredIncident;
import io.fedstream.failover.IncidentEntry;
import io.fedstream.failover.IncidentKey;
import io.fedstream.failover.IncidentStore;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The incident ledger's entries in the workloads' records ({@code WorkloadRecord.incidents}, by incident id, each a
 * {@link StoredIncident}): a move writes the workload's record once, its entry with it, not a store of its own
 * (`fedstream bench failover`: one changelog record a command less, docs/benchmarks.md).
 */
final class WorkloadIncidents implements IncidentStore {

    private final Workloads workloads;

    WorkloadIncidents(Workloads workloads) {
        this.workloads = workloads;
    }

    @Override
    public Optional<IncidentEntry> get(IncidentKey key) {
        return Optional.ofNullable(workloads.of(key.workloadKey()).getIncidents().get(key.incidentId())).map(WorkloadIncidents::entry);
    }

    @Override
    public void put(IncidentKey key, IncidentEntry entry) {
        Map<String, StoredIncident> incidents = new HashMap<>(workloads.of(key.workloadKey()).getIncidents());
        incidents.put(key.incidentId(), stored(entry));
        workloads.of(key.workloadKey()).setIncidents(incidents);
        workloads.changed(key.workloadKey());
    }

    static StoredIncident stored(IncidentEntry entry) {
        return StoredIncident.newBuilder()
                .setState(IncidentState.valueOf(entry.state().name()))
                .setCommandId(entry.commandId())
                .setAttempt(entry.attempt())
                .setTargetCluster(entry.targetCluster())
                .setRemainingCandidates(entry.remainingCandidates())
                .setPreservedState(entry.preservedState())
                .setNotBefore(entry.notBefore())
                .build();
    }

    static IncidentEntry entry(StoredIncident stored) {
        return new IncidentEntry(IncidentEntry.State.valueOf(stored.getState().name()), stored.getCommandId(), stored.getAttempt(),
                stored.getTargetCluster(), stored.getRemainingCandidates(), stored.getPreservedState(), stored.getNotBefore());
    }
}
