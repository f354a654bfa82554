package io.fedstream.failover;

import java.util.Objects;

/** One workload's share of one cluster incident: the unit migrations are idempotent over. */
public record IncidentKey(String workloadKey, String incidentId) {

    public IncidentKey {
        Objects.requireNonNull(workloadKey, "workloadKey");
        Objects.requireNonNull(incidentId, "incidentId");
    }
}
