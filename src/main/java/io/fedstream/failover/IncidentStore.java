package io.fedstream.failover;

import io.fedstream.avro.StoredIncident;
import java.util.Optional;

/** Where the incident ledger keeps its entries: the workloads' records in the pass ({@code decide.WorkloadIncidents}), a map in tests. */
public interface IncidentStore {

    Optional<StoredIncident> get(IncidentKey key);

    void put(IncidentKey key, StoredIncident entry);
}
