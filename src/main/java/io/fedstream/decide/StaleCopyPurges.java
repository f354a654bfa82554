package io.fedstream.decide;

import io.fedstream.avro.IncidentState;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.StoredIncident;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.failover.GracefulEviction;
import io.fedstream.failover.IncidentKey;
import io.fedstream.failover.WorkloadHealth;
import java.time.Instant;
import java.util.Optional;

/**
 * Purges the copy that a cluster failure evicted, at Karmada's moment ({@link GracefulEviction}) once the binding no
 * longer places the workload on that cluster (Karmada's eviction takes the cluster out of the binding at once; fedstream's
 * binding leaves it when the move completes, and a PURGE before would race the executor's propagation of the binding):
 * Directly then; Gracefully once the new copy reports healthy on a cluster the binding now places the workload on
 * (checked on the workload's statuses and the executor's reports), or {@code gracePeriodSeconds} after the eviction
 * (checked on the {@code health.check.interval.ms} punctuation, which reads no store for a copy whose grace period runs),
 * whichever comes first; Never not at all. Whether the evicted cluster is up again does not matter: its executor carries
 * the PURGE out when it reads it.
 */
final class StaleCopyPurges {

    private final PlaceFailoverTask task;
    private final FailingOver failingOver;

    StaleCopyPurges(PlaceFailoverTask task, FailingOver failingOver) {
        this.task = task;
        this.failingOver = failingOver;
    }

    /**
     * The copy on {@code evicting}'s source cluster was evicted by it (a cluster incident's first MIGRATE, or the record
     * of a share that left the placement): remembered until its moment, purged now when that has come.
     */
    void evicted(MigrationCommand evicting) {
        if (evicting.getPurgeMode() == PurgeMode.Never) {
            return;
        }
        long grace = evicting.getPurgeMode() == PurgeMode.Gracefully && evicting.getGracePeriodSeconds() != null
                ? evicting.getGracePeriodSeconds() : 0;
        purgeIfDue(task.staleCopies.remember(evicting.getWorkloadKey(), evicting.getSourceCluster(),
                evicting.getIssuedAt().plusSeconds(grace).toEpochMilli(), evicting.getCommandId()));
    }

    /** Purges what became due of the workload's evicted copies (after a status or a report of it). */
    void check(String workloadKey) {
        if (workloadKey != null) {
            task.staleCopies.of(workloadKey).forEach(this::purgeIfDue);
        }
    }

    /** Purges the evicted copies whose grace period ran out; the punctuator calls it. */
    void checkAll() {
        long now = task.now();
        for (StaleCopies.Waiting waiting : task.staleCopies.all()) {
            if (now < waiting.graceEndsAt()) {
                continue;
            }
            try {
                purgeIfDue(waiting);
            } catch (RuntimeException e) {
                // Forgotten, so that an entry that cannot be read is one dead letter, not one per check interval.
                try {
                    task.staleCopies.forget(waiting);
                } catch (RuntimeException again) {
                    // Out of the index all the same: the record that cannot be read is what the dead letter tells of.
                    e.addSuppressed(again);
                }
                task.deadLetterEntry(PlaceFailoverAudit.FAILOVER, Workloads.STORE, waiting.workloadKey(), e);
            }
        }
    }

    private void purgeIfDue(StaleCopies.Waiting waiting) {
        MigrationRecord record = task.migrations.of(waiting.commandId());
        if (record == null) {
            task.staleCopies.forget(waiting);
            return;
        }
        MigrationCommand evicting = record.getCommand();
        String key = evicting.getWorkloadKey();
        ResourceBinding binding = task.bindings.of(key);
        Optional<StoredIncident> incident = task.ledger.entry(new IncidentKey(key, evicting.getIncidentId()));
        // Deleted (its copies go with the binding), or no move found: the workload keeps running where it was.
        if (binding == null || incident.isPresent() && incident.get().getState() == IncidentState.EXHAUSTED) {
            task.staleCopies.forget(waiting);
            return;
        }
        if (WorkloadBindings.placedClusters(binding).contains(evicting.getSourceCluster())) {
            return;
        }
        Optional<String> why = GracefulEviction.purgeNow(evicting.getPurgeMode(), evicting.getGracePeriodSeconds(), evicting.getIssuedAt(),
                task.instant(), healthyOn(key, binding, evicting.getSourceCluster(), evicting.getIssuedAt()));
        if (why.isPresent()) {
            task.staleCopies.forget(waiting);
            String cluster = evicting.getSourceCluster();
            failingOver.purge(evicting, cluster, "evicted from " + cluster + "; " + why.get());
        }
    }

    /**
     * The cluster whose copy reported healthy since the eviction, when it is one the binding places the workload on now
     * and not the evicted one (Karmada reads the binding's aggregated status of the clusters scheduled now); null otherwise.
     */
    private String healthyOn(String key, ResourceBinding binding, String evicted, Instant evictedAt) {
        WorkloadStatusEvent status = task.statuses.get(key);
        if (status == null || status.getCluster().equals(evicted) || status.getObservedAt().isBefore(evictedAt)
                || WorkloadHealth.of(status.getPhase()) != WorkloadHealth.HEALTHY
                || !WorkloadBindings.placedClusters(binding).contains(status.getCluster())) {
            return null;
        }
        return status.getCluster();
    }
}
