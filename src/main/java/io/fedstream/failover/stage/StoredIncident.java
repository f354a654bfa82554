package io.fedstream.failover.stage;

import io.fedstream.failover.IncidentEntry;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An {@link IncidentEntry} as the incidents store keeps it (times as epoch milliseconds). */
public record StoredIncident(IncidentEntry.State state, String commandId, int attempt, String targetCluster,
                             List<String> remainingCandidates, Map<String, String> preservedState, Long notBeforeMs) {

    static StoredIncident of(IncidentEntry entry) {
        return new StoredIncident(entry.state(), entry.commandId(), entry.attempt(), entry.targetCluster(),
                entry.remainingCandidates(), entry.preservedState(),
                entry.notBefore() == null ? null : entry.notBefore().toEpochMilli());
    }

    IncidentEntry entry() {
        return new IncidentEntry(state, commandId, attempt, targetCluster, remainingCandidates, preservedState,
                notBeforeMs == null ? null : Instant.ofEpochMilli(notBeforeMs));
    }
}
