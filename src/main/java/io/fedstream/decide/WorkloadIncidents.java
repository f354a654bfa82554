package io.fedstream.decide;

import io.fedstream.avro.StoredIncident;
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
    public Optional<StoredIncident> get(IncidentKey key) {
        return Optional.ofNullable(workloads.of(key.workloadKey()).getIncidents().get(key.incidentId()));
    }

    @Override
    public void put(IncidentKey key, StoredIncident entry) {
        Map<String, StoredIncident> incidents = new HashMap<>(workloads.of(key.workloadKey()).getIncidents());
        incidents.put(key.incidentId(), entry);
        workloads.of(key.workloadKey()).setIncidents(incidents);
        workloads.changed(key.workloadKey());
    }
}
