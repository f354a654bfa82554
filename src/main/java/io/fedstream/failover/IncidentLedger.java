package io.fedstream.failover;

import io.fedstream.avro.IncidentState;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.StoredIncident;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Makes migrations idempotent per (workload, incident) and drives their retries: a repeated Failed
 * event, a restart or a rebalance re-reads the stored entry instead of issuing a second command.
 */
public final class IncidentLedger {

    static final Duration FIRST_BACKOFF = Duration.ofSeconds(5);
    static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    private final IncidentStore store;

    public IncidentLedger(IncidentStore store) {
        this.store = store;
    }

    /**
     * Plans the incident's first attempt, or its due retry (on the remaining candidates of the failed
     * command that the request still lists as eligible); empty when a command is already out, the
     * retry is not due yet, or the incident is over. A NoTarget or Invalid result is returned once and
     * closes the incident as EXHAUSTED, so it is not re-reported on every rescan.
     */
    public Optional<PlanResult> planOnce(PlanRequest request) {
        IncidentKey key = new IncidentKey(request.workload().getWorkloadKey(), request.incidentId());
        // A HELD_BACK entry plans as a new incident: a policy that enables failover again lets the workload be planned.
        Optional<StoredIncident> existing = store.get(key).filter(entry -> entry.getState() != IncidentState.HELD_BACK);
        PlanRequest effective = request;
        if (existing.isPresent()) {
            StoredIncident entry = existing.get();
            if (entry.getState() != IncidentState.RETRY_PENDING || request.now().isBefore(entry.getNotBefore())) {
                return Optional.empty();
            }
            // The old order still rules, but a cluster that stopped being eligible since is skipped.
            List<String> still = entry.getRemainingCandidates().stream()
                    .filter(request.candidates()::contains)
                    .collect(Collectors.toList());
            effective = request.retry(entry.getAttempt() + 1, still, entry.getPreservedState(), request.now());
        }
        PlanResult result = MigrationPlanner.plan(effective);
        if (result instanceof PlanResult.Planned) {
            MigrationCommand command = ((PlanResult.Planned) result).command();
            store.put(key, new StoredIncident(IncidentState.ISSUED, command.getCommandId(), command.getAttempt(),
                    command.getTargetCluster(), command.getRemainingCandidates(), command.getPreservedState(), null));
        } else {
            store.put(key, new StoredIncident(IncidentState.EXHAUSTED, null, effective.attempt(), null,
                    List.of(), effective.previousPreservedState(), null));
        }
        return Optional.of(result);
    }

    /**
     * The executor reported the command failed: schedules the next candidate after a back-off and returns
     * when it becomes due. Empty for a stale or repeated report, or when no candidate is left (EXHAUSTED).
     */
    public Optional<Instant> onFailed(IncidentKey key, String commandId, Instant now) {
        Optional<StoredIncident> current = issued(key, commandId);
        if (current.isEmpty()) {
            return Optional.empty();
        }
        StoredIncident entry = current.get();
        if (entry.getRemainingCandidates().isEmpty()) {
            store.put(key, moved(entry, IncidentState.EXHAUSTED, null));
            return Optional.empty();
        }
        Instant notBefore = now.plus(backoff(entry.getAttempt()));
        store.put(key, moved(entry, IncidentState.RETRY_PENDING, notBefore));
        return Optional.of(notBefore);
    }

    /**
     * Records that the workload stays where it is in this incident because its policy disables failover; true the
     * first time only, so the decision is reported once.
     */
    public boolean holdBack(IncidentKey key) {
        if (store.get(key).isPresent()) {
            return false;
        }
        store.put(key, new StoredIncident(IncidentState.HELD_BACK, null, 0, null, List.of(), Map.of(), null));
        return true;
    }

    /** The executor reported the command completed; later reports and rescans change nothing. */
    public boolean onCompleted(IncidentKey key, String commandId) {
        Optional<StoredIncident> current = issued(key, commandId);
        current.ifPresent(entry -> store.put(key, moved(entry, IncidentState.COMPLETED, null)));
        return current.isPresent();
    }

    public Optional<StoredIncident> entry(IncidentKey key) {
        return store.get(key);
    }

    /** 5 s after the first failure, doubling per attempt, never more than 5 min. */
    static Duration backoff(int failedAttempt) {
        int doublings = Math.max(0, failedAttempt - 1);
        // 5 s x 2^6 already exceeds the cap; stopping there keeps the shift from overflowing.
        if (doublings >= 6) {
            return MAX_BACKOFF;
        }
        Duration delay = FIRST_BACKOFF.multipliedBy(1L << doublings);
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }

    private Optional<StoredIncident> issued(IncidentKey key, String commandId) {
        return store.get(key).filter(e -> e.getState() == IncidentState.ISSUED && e.getCommandId().equals(commandId));
    }

    private static StoredIncident moved(StoredIncident entry, IncidentState next, Instant at) {
        return new StoredIncident(next, entry.getCommandId(), entry.getAttempt(), entry.getTargetCluster(),
                entry.getRemainingCandidates(), entry.getPreservedState(), at);
    }
}
