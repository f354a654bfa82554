package io.fedstream.failover;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the ledger remembers of one (workload, incident): the latest command and where its life-cycle is.
 *
 * @param remainingCandidates where a retry may go, in order
 * @param notBefore the earliest time a retry may be planned; only meaningful in RETRY_PENDING
 */
public record IncidentEntry(State state, String commandId, int attempt, String targetCluster,
                            List<String> remainingCandidates, Map<String, String> preservedState,
                            Instant notBefore) {

    /**
     * ISSUED -> COMPLETED, or ISSUED -> RETRY_PENDING -> ISSUED ..., or -> EXHAUSTED when no candidate is left;
     * HELD_BACK while the policy disables failover (the workload stays; a policy enabling it again lets it be planned).
     */
    public enum State { ISSUED, RETRY_PENDING, COMPLETED, EXHAUSTED, HELD_BACK }

    public IncidentEntry {
        Objects.requireNonNull(state, "state");
        remainingCandidates = remainingCandidates == null ? List.of() : List.copyOf(remainingCandidates);
        preservedState = preservedState == null ? Map.of() : Map.copyOf(preservedState);
    }

    IncidentEntry with(State next, Instant at) {
        return new IncidentEntry(next, commandId, attempt, targetCluster, remainingCandidates, preservedState, at);
    }
}
