package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
final class Redividing {

    private static final String MARK = "/redivide/";

    private final PlaceFailoverTask task;
    private final ShareFailover shareFailover;

    Redividing(PlaceFailoverTask task, ShareFailover shareFailover) {
        this.task = task;
        this.shareFailover = shareFailover;
    }

    /** Asks every cluster whose pods grow for the growth; with none, the placement changes at once. */
    void start(String key, ResourceBinding binding, PlacementState workload, String source, String incidentId, ScheduleResult.Scheduled scheduled,
               List<ScheduleResult.Target> kept, int attempt, List<String> refused) {
        String decisionId = key + "/" + incidentId + MARK + "s" + attempt;
        // A Duplicated or statically weighted growth beyond its cluster's room is placed all the same, holding what the room holds.
        Map<String, Map<String, Long>> asked = new LinkedHashMap<>();
        List<ShareReservation.Share> growth = PlacingShares.noted(Redivision.growth(decisionId, scheduled.targets(), kept),
                scheduled.roomNotes(), asked);
        Redivision redivision = new Redivision(decisionId, RoomAsk.Purpose.REDIVIDE, incidentId, source, binding.getGeneration(), scheduled.groupIndex(), attempt,
                scheduled.scheduling(), scheduled.targets(), growth, refused);
        if (redivision.allGranted()) {
            apply(key, binding, redivision);
            return;
        }
        task.placementStates.save(key, workload.withRedivision(redivision));
        task.holdShares(RoomAsk.Purpose.REDIVIDE, binding, growth, asked);
    }

    /** The answer to one growth's ask of the leased room (or to one of an attempt given up, whose room goes back). */
    void onAnswer(RoomAnswer answer, PlacementState workload) {
        String key = answer.workloadKey();
        Redivision redivision = workload.redivision();
        ResourceBinding binding = task.bindings.of(key);
        if (redivision == null || redivision.growth(answer.requestId()) == null) {
            // Its request was replaced by the current attempt's where that one gives the cluster pods; the workload's
            // running pods there are counted by the cluster's heartbeats.
            if (answer.granted() && (redivision == null || !redivision.targets(answer.cluster()))
                    && !WorkloadBindings.placedClusters(binding).contains(answer.cluster())) {
                task.release(key, answer.cluster());
            }
            return;
        }
        if (binding == null || binding.getGeneration() != redivision.generation()
                || !WorkloadBindings.placedClusters(binding).contains(redivision.sourceCluster())) {
            // Deleted, changed or moved meanwhile: this re-division is void.
            task.releaseGrantedGrowth(key, answer.granted() ? redivision.granted(answer.requestId()) : redivision, null);
            task.placementStates.save(key, workload.withRedivision(null));
            return;
        }
        boolean roomBinds = PlacingShares.roomBinds(redivision.scheduling(), task.policies.governing(binding).orElse(null));
        if (answer.granted() || !roomBinds) {
            if (!answer.granted()) {
                task.audit(PlaceFailoverAudit.reservationRefused(binding, answer, task.now()));
            }
            // A refused Duplicated or statically weighted growth is placed with no room held, as Karmada places it.
            Redivision next = redivision.answered(answer);
            task.placementStates.save(key, workload.withRedivision(next.allGranted() ? null : next));
            if (next.allGranted()) {
                apply(key, binding, next);
            }
            return;
        }
        task.audit(PlaceFailoverAudit.reservationRefused(binding, answer, task.now()));
        task.releaseGrantedGrowth(key, redivision, answer.cluster());
        List<String> refused = redivision.refusedWith(answer.cluster());
        PlacementState cleared = workload.withRedivision(null);
        task.placementStates.save(key, cleared);
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

    /** Every growth is reserved: the placement becomes the re-division's, and the copies that leave it are purged. */
    private void apply(String key, ResourceBinding binding, Redivision redivision) {
        String source = redivision.sourceCluster();
        ShareFailover.Shares before = ShareFailover.shares(binding, source);
        boolean divided = redivision.scheduling() == io.fedstream.admit.Placement.Scheduling.DIVIDED;
        List<ClusterTarget> clusters = ScheduledPlacement.clusters(binding, redivision.scheduling(), redivision.targets());
        AdmissionRequest placement = ShareFailover.placement(binding, clusters, divided ? ReplicaScheduling.DIVIDED : ReplicaScheduling.DUPLICATED);
        placement.getPlacement().setRoomNotes(PlacingShares.roomNotes(binding, redivision.targets(), redivision.growth()));
        task.emitPlacement(placement);
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
