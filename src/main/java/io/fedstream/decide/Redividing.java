package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Stage 6 for a failed share whose re-schedule changes the shares of clusters that keep running (static weights divide
 * afresh; the missing replicas of a dynamic or Aggregated division land on several clusters; a Duplicated spread bound
 * calls for more than one new cluster), as Karmada's scheduler writes its new {@code spec.clusters}: the room the task
 * leases ({@link LeasedRoom}) is asked for the growth of every cluster whose pods grow ({@link RoomAsk.Purpose#REDIVIDE}),
 * and once all are granted, the placement becomes the re-schedule's (the admit step charges each cluster its new
 * share), the failed share leaves it and its copy is purged ({@link ShareFailover#leave}). A growth is a scale-up of a
 * copy or a new copy of pods that keep no state of their own, so no MigrationCommand (and no relay) is issued. A refusal
 * gives back what was granted and schedules again, up to {@link PlacingShares#MAX_ATTEMPTS} schedules; then
 * MIGRATION_NO_TARGET.
 */
final class Redividing extends Rescheduling {

    private static final String MARK = "/redivide/";

    private final ShareFailover shareFailover;

    Redividing(PlaceFailoverTask task, ShareFailover shareFailover) {
        super(task);
        this.shareFailover = shareFailover;
    }

    /** Asks every cluster whose pods grow for the growth; with none, the placement changes at once. */
    void start(String key, ResourceBinding binding, PlacementState workload, String source, String incidentId, ScheduleResult.Scheduled scheduled,
               List<ScheduleResult.Target> kept, int attempt, List<String> refused) {
        Redivision redivision = Redivision.of(key + "/" + incidentId + MARK + "s" + attempt, RoomAsk.Purpose.REDIVIDE, incidentId, source,
                binding.getGeneration(), attempt, refused, scheduled, kept);
        Redivision settled = ask(key, binding, workload, redivision, scheduled.roomNotes());
        if (settled != null) {
            redivide(key, binding, settled);
        }
    }

    @Override
    boolean stillApplies(ResourceBinding binding, Redivision redivision) {
        return WorkloadBindings.placedClusters(binding).contains(redivision.sourceCluster());
    }

    @Override
    void refused(String key, ResourceBinding binding, PlacementState cleared, Redivision redivision, List<String> refused) {
        if (redivision.attempt() + 1 >= PlacingShares.MAX_ATTEMPTS) {
            task.audit(PlaceFailoverAudit.noTarget(binding, redivision.incidentId(), redivision.sourceCluster(), "MIGRATION_NO_TARGET",
                    "its share stays on " + redivision.sourceCluster() + ": every re-division was refused a reservation (refused by "
                            + String.join(", ", refused) + ")", task.now()));
            return;
        }
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        shareFailover.schedule(key, binding, policy, cleared, redivision.sourceCluster(), redivision.incidentId(), redivision.attempt() + 1,
                refused, task.now());
    }

    @Override
    void apply(String key, ResourceBinding binding, PlacementState workload, Redivision redivision) {
        task.placementStates.save(key, workload.withRedivision(null));
        redivide(key, binding, redivision);
    }

    /** Every growth is reserved: the placement becomes the re-division's, and the copies that leave it are purged. */
    private void redivide(String key, ResourceBinding binding, Redivision redivision) {
        String source = redivision.sourceCluster();
        ShareFailover.Shares before = ShareFailover.shares(binding, source);
        task.emitPlacement(redivision.placement(binding, FailingOver.DECIDED_BY, null));
        task.release(key, source);
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        List<String> changes = new ArrayList<>();
        List<String> fates = new ArrayList<>();
        fates.add(shareFailover.leave(key, source, redivision.incidentId(), policy,
                !ApplicationFailover.isApplicationIncident(redivision.incidentId())));
        for (ScheduleResult.Target kept : before.kept()) {
            if (!redivision.targets(kept.cluster())) {
                changes.add(kept.cluster() + " " + kept.replicas() + " -> 0 pods");
                task.release(key, kept.cluster());
                fates.add(shareFailover.leave(key, kept.cluster(), redivision.incidentId(), policy, false));
            }
        }
        changes.addAll(redivision.targetChanges(before.kept()));
        task.audit(PlaceFailoverAudit.noTarget(binding, redivision.incidentId(), source, "SHARES_REDIVIDED", "the share on " + source
                + " (" + before.source().values().stream().mapToLong(Long::longValue).sum() + " pods) leaves the placement and the"
                + " re-schedule divides anew: " + String.join(", ", changes) + "; " + String.join("; ", fates), task.now()));
    }
}
