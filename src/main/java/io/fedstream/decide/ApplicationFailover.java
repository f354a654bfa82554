package io.fedstream.decide;

import io.fedstream.avro.IncidentState;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.StoredIncident;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.failover.GracefulEviction;
import io.fedstream.failover.IncidentKey;
import io.fedstream.failover.MigrationPlanner;
import io.fedstream.failover.WorkloadHealth;
import io.fedstream.place.PropagationPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * Karmada's application failover ({@code failover.application}) inside the task: a workload whose status on a READY
 * cluster stays unhealthy for its policy's {@code tolerationSeconds} is migrated away like a one-workload cluster
 * failure (through {@link FailingOver}), and the copy it leaves there is purged as the command's {@code purgeMode} says:
 * Directly with the command, Gracefully once the new copy is healthy or {@code gracePeriodSeconds} after the first
 * command, Never not at all.
 */
final class ApplicationFailover {

    private static final StringSerializer KEYS = new StringSerializer();

    private final PlaceFailoverTask task;
    private final FailingOver failingOver;
    /** {@code workload key NUL cluster} to the workload's failure there ({@link PassState#APPLICATION_FAILURES}). */
    private final Section<ApplicationFailure> failures;

    ApplicationFailover(PlaceFailoverTask task, FailingOver failingOver, Section<ApplicationFailure> failures) {
        this.task = task;
        this.failingOver = failingOver;
        this.failures = failures;
    }

    /** Whether the incident is an application failure's rather than a cluster's. */
    static boolean isApplicationIncident(String incidentId) {
        return incidentId != null && incidentId.endsWith(ApplicationFailure.INCIDENT_SUFFIX);
    }

    /**
     * A status newer than the stored one (and now stored): an unhealthy one on a cluster the workload is placed on
     * starts the clock, a healthy or unknown one stops it before the toleration ran out; then whatever became due for
     * the workload (a migration, a graceful purge once the new copy is healthy) is done.
     */
    void onStatus(String key, WorkloadStatusEvent status) {
        String storeKey = storeKey(key, status.getCluster());
        ApplicationFailure failure = failures.get(storeKey);
        boolean unhealthy = WorkloadHealth.of(status.getPhase()) == WorkloadHealth.UNHEALTHY;
        if (failure == null && unhealthy) {
            begin(key, status);
        } else if (failure != null && !failure.migrating() && !unhealthy) {
            failures.delete(storeKey);
            ResourceBinding binding = task.bindings.of(key);
            PropagationPolicy.ApplicationFailover settings = settings(binding);
            if (binding != null && settings != null) {
                long seconds = Duration.ofMillis(status.getObservedAt().toEpochMilli() - failure.sinceMs()).toSeconds();
                task.audit(PlaceFailoverAudit.applicationFailure(binding, failure, "APPLICATION_RECOVERED",
                        "phase " + status.getPhase() + " on " + failure.cluster() + " after " + seconds
                                + " s unhealthy, within tolerationSeconds " + settings.tolerationSeconds() + ": no migration",
                        settings.tolerationSeconds(), task.now()));
            }
        }
        check(key);
    }

    /** Does what became due for each application failure of the workload (after a status, answer or report). */
    void check(String key) {
        if (key == null) {
            return;
        }
        List<KeyValue<String, ApplicationFailure>> ofWorkload = new ArrayList<>();
        try (KeyValueIterator<String, ApplicationFailure> it = failures.prefixScan(key + '\u0000', KEYS)) {
            it.forEachRemaining(ofWorkload::add);
        }
        long now = task.now();
        ofWorkload.forEach(entry -> check(key, entry.value, now));
    }

    /** Does what became due for every application failure of the task; the wall-clock punctuator calls it. */
    void checkAll() {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, ApplicationFailure> it = failures.all()) {
            while (it.hasNext()) {
                keys.add(it.peekNextKey());
                try {
                    it.next();
                } catch (RuntimeException unreadable) {
                    // Its key is listed: reading it again below dead-letters it.
                }
            }
        }
        long now = task.now();
        for (String storeKey : keys) {
            String key = storeKey.substring(0, storeKey.indexOf('\u0000'));
            try {
                ApplicationFailure failure = failures.get(storeKey);
                if (failure != null) {
                    check(key, failure, now);
                }
            } catch (RuntimeException e) {
                // Out of the store, so that an entry that cannot be read is one dead letter, not one per check interval
                // (a section deletes the bytes without reading them).
                failures.delete(storeKey);
                task.deadLetterEntry(PlaceFailoverAudit.FAILOVER, failures.where(), key, e);
            }
        }
    }

    private void begin(String key, WorkloadStatusEvent status) {
        ResourceBinding binding = task.bindings.of(key);
        PropagationPolicy.ApplicationFailover settings = settings(binding);
        // Without failover.application in its policy a workload is never migrated for its own failure.
        if (settings == null || optedOut(binding) || !WorkloadBindings.placedClusters(binding).contains(status.getCluster())) {
            return;
        }
        ApplicationFailure failure = ApplicationFailure.since(status.getCluster(), status.getObservedAt().toEpochMilli(), status.getPhase());
        failures.put(storeKey(key, failure.cluster()), failure);
        task.audit(PlaceFailoverAudit.applicationFailure(binding, failure, "APPLICATION_UNHEALTHY",
                "phase " + failure.phase() + " on " + failure.cluster() + ": migrated away unless healthy again within tolerationSeconds "
                        + settings.tolerationSeconds(), settings.tolerationSeconds(), task.now()));
    }

    private void check(String key, ApplicationFailure failure, long now) {
        String storeKey = storeKey(key, failure.cluster());
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null) {
            failures.delete(storeKey);
            return;
        }
        boolean placedThere = WorkloadBindings.placedClusters(binding).contains(failure.cluster());
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        if (!failure.migrating()) {
            PropagationPolicy.ApplicationFailover settings = settings(binding);
            // Moved away otherwise (a cluster failure), or its policy no longer asks for application failover.
            if (!placedThere || settings == null || optedOut(binding)) {
                failures.delete(storeKey);
                return;
            }
            if (now - failure.sinceMs() < settings.tolerationSeconds() * 1000L || !mayMigrate(key, failure)) {
                return;
            }
            failure = failure.migrationStarted();
            failures.put(storeKey, failure);
            task.audit(PlaceFailoverAudit.applicationFailure(binding, failure, "APPLICATION_FAILOVER",
                    "unhealthy on " + failure.cluster() + " since " + Instant.ofEpochMilli(failure.sinceMs()) + " (phase " + failure.phase()
                            + "), longer than tolerationSeconds " + settings.tolerationSeconds() + ": migrating away",
                    settings.tolerationSeconds(), now));
            failingOver.migrate(key, binding, policy, task.placementStates.of(key), failure.cluster(), failure.incidentId(), now);
            return;
        }
        Optional<StoredIncident> entry = task.ledger.entry(new IncidentKey(key, failure.incidentId()));
        if (entry.isEmpty() || entry.get().getState() == IncidentState.RETRY_PENDING) {
            if (!placedThere) {
                // Moved away otherwise meanwhile (a cluster failure): nothing is left to move from there.
                failures.delete(storeKey);
                return;
            }
            // A reservation whose answer was lost, or a failed attempt's retry: under the same rules as the first attempt.
            if (mayMigrate(key, failure)) {
                failingOver.migrate(key, binding, policy, task.placementStates.of(key), failure.cluster(), failure.incidentId(), now);
                // The move's room may be answered at once, and its answer checks this failure again (PlaceAndFailOver.onAnswer,
                // which may purge the copy): go on from what that check left, so that nothing is issued twice.
                failure = failures.get(storeKey);
                if (failure == null) {
                    return;
                }
            }
        } else if (entry.get().getState() == IncidentState.EXHAUSTED) {
            // No target: the workload stays, and its next unhealthy status starts a new spell.
            failures.delete(storeKey);
            return;
        } else if (entry.get().getState() == IncidentState.HELD_BACK && !placedThere) {
            // One copy of a multi-cluster placement left it with no command (removed or re-divided, docs/placement.md).
            failures.delete(storeKey);
            return;
        }
        entry = task.ledger.entry(new IncidentKey(key, failure.incidentId()));
        if (entry.isPresent() && entry.get().getCommandId() != null) {
            explain(entry.get().getCommandId(), failure);
            if (!failure.purged()) {
                failure = purgeIfDue(key, failure, entry.get(), now);
            }
        }
        boolean completed = entry.isPresent() && entry.get().getState() == IncidentState.COMPLETED;
        // Kept until the binding has left the cluster, so the old copy's reports in between start no new spell.
        MigrationCommand first = firstCommand(key, failure);
        if (completed && !placedThere && (failure.purged() || first == null || first.getPurgeMode() == PurgeMode.Never)) {
            failures.delete(storeKey);
        }
    }

    /**
     * Issues the PURGE of the copy left on the failing cluster when its purge mode says it is time ({@link
     * GracefulEviction}): Directly as soon as a command is out, Gracefully once the new copy reports healthy on the
     * command's target after the move completed, or the grace period since the first command passed.
     * The command says {@code gracePeriodSeconds: 0} for a graceful purge: fedstream did the waiting.
     */
    private ApplicationFailure purgeIfDue(String key, ApplicationFailure failure, StoredIncident entry, long now) {
        MigrationCommand first = firstCommand(key, failure);
        MigrationRecord latest = task.migrations.of(entry.getCommandId());
        if (first == null || latest == null) {
            return failure;
        }
        String healthyOn = entry.getState() == IncidentState.COMPLETED
                && healthySince(key, entry.getTargetCluster(), first.getIssuedAt())
                ? entry.getTargetCluster() : null;
        Optional<String> why = GracefulEviction.purgeNow(first.getPurgeMode(), first.getGracePeriodSeconds(), first.getIssuedAt(),
                Instant.ofEpochMilli(now), healthyOn);
        if (why.isEmpty()) {
            return failure;
        }
        failingOver.purge(latest.getCommand(), failure.cluster(),
                "application failure on " + failure.cluster() + "; " + why.get());
        ApplicationFailure purged = failure.purgeIssued();
        failures.put(storeKey(key, failure.cluster()), purged);
        return purged;
    }

    /** The migration record of a command just issued says why, until the executor reports on it. */
    private void explain(String commandId, ApplicationFailure failure) {
        MigrationRecord record = task.migrations.of(commandId);
        if (record != null && record.getPhase() == MigrationRecordPhase.ISSUED && record.getReason() == null) {
            task.migrations.save(commandId, MigrationRecord.newBuilder(record)
                    .setReason("application unhealthy on " + failure.cluster() + " since " + Instant.ofEpochMilli(failure.sinceMs())
                            + " (phase " + failure.phase() + ")")
                    .build());
        }
    }

    /**
     * Not while the cluster has an incident of its own (cluster failover governs it then), nor while the migration brake
     * holds (docs/health.md: no migration command is issued), nor while the workload is being moved for another incident
     * or a reservation for it is in flight.
     */
    private boolean mayMigrate(String key, ApplicationFailure failure) {
        return task.openIncidents.get(failure.cluster()) == null && task.brake() == null
                && !task.migrations.migrating(key, failure.incidentId()) && task.placementStates.of(key).pending() == null;
    }

    private boolean healthySince(String key, String cluster, Instant issuedAt) {
        WorkloadStatusEvent status = task.statuses.get(key);
        return status != null && status.getCluster().equals(cluster) && !status.getObservedAt().isBefore(issuedAt)
                && WorkloadHealth.of(status.getPhase()) == WorkloadHealth.HEALTHY;
    }

    private MigrationCommand firstCommand(String key, ApplicationFailure failure) {
        MigrationRecord first = task.migrations.of(MigrationPlanner.commandId(key, failure.incidentId(), 1));
        return first == null ? null : first.getCommand();
    }

    /** The policy's {@code failover.application}, or null when it has none (or no policy governs the workload). */
    private PropagationPolicy.ApplicationFailover settings(ResourceBinding binding) {
        return binding == null ? null : task.policies.governing(binding).map(PropagationPolicy::failover).map(PropagationPolicy.Failover::application).orElse(null);
    }

    private static boolean optedOut(ResourceBinding binding) {
        return "false".equals(binding.getLabels().get(FailingOver.OPT_OUT_LABEL));
    }

    private static String storeKey(String workloadKey, String cluster) {
        return workloadKey + '\u0000' + cluster;
    }
}
