package io.fedstream.failover;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one migration decision reads: the workload, what it last reported, its delta index, the
 * policy's failover settings, what failed, the incident, where it ran and where it may go.
 *
 * @param cause which of the settings' behaviours the command follows
 * @param candidates target clusters in placement order; the first one is the target of this attempt
 * @param previousPreservedState what earlier failovers preserved, merged under the fresh values
 */
public record PlanRequest(ResourceBinding workload, WorkloadStatusEvent latestStatus, DeltaLog deltas,
                          FailoverSettings settings, FailureCause cause, String incidentId, String sourceCluster,
                          List<String> candidates, int attempt, Map<String, String> previousPreservedState,
                          Instant now) {

    public PlanRequest {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(deltas, "deltas");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(cause, "cause");
        if (cause == FailureCause.APPLICATION && settings.application() == null) {
            throw new IllegalArgumentException("an application failure is migrated only under a policy with failover.application");
        }
        Objects.requireNonNull(incidentId, "incidentId");
        Objects.requireNonNull(sourceCluster, "sourceCluster");
        Objects.requireNonNull(now, "now");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempts count from 1, got " + attempt);
        }
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
        previousPreservedState = previousPreservedState == null ? Map.of() : Map.copyOf(previousPreservedState);
    }

    /** The same decision for a later attempt, on other candidates, at another time. */
    public PlanRequest retry(int nextAttempt, List<String> nextCandidates, Map<String, String> preserved,
                             Instant at) {
        return new PlanRequest(workload, latestStatus, deltas, settings, cause, incidentId, sourceCluster, nextCandidates,
                nextAttempt, preserved, at);
    }
}
