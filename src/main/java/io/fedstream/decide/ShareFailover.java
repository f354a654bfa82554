package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.StoredIncident;
import io.fedstream.bind.BindingShares;
import io.fedstream.failover.FailoverBehavior;
import io.fedstream.failover.FailoverSettings;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stage 6 for a workload placed on several clusters: when one of them fails (or one copy's application fails), {@link
 * ReplicaScheduler#reschedule} decides what becomes of that cluster's share. It moves to a new cluster (a
 * MigrationCommand with the relay, as a whole workload's move, retried on the next candidate when refused or failed) when
 * the group and spread bound call for one; it is removed from the placement, and purged, when the clusters left satisfy
 * the schedule; any other outcome (the shares of the clusters that keep running change) is carried out by {@link
 * Redividing}.
 */
final class ShareFailover {

    private final PlaceFailoverTask task;
    private final FailingOver failingOver;
    private final Redividing redividing;

    ShareFailover(PlaceFailoverTask task, FailingOver failingOver) {
        this.task = task;
        this.failingOver = failingOver;
        this.redividing = new Redividing(task, this);
    }

    Redividing redividing() {
        return redividing;
    }

    /**
     * Schedules again without {@code source} and without the clusters in {@code refused} that run no share (a running
     * cluster that refused its growth stays: the view now counts what it said it holds), and carries out the outcome.
     */
    void schedule(String key, ResourceBinding binding, PropagationPolicy policy, PlacementState workload, String source, String incidentId,
                  int attempt, List<String> refused, long now) {
        Shares shares = shares(binding, source);
        if (shares == null) {
            held(binding, incidentId, source, BindingShares.of(binding, binding.getPlacement()).problem(), now);
            return;
        }
        Set<String> avoid = new HashSet<>(Set.of(source));
        refused.stream().filter(cluster -> !shares.runs(cluster)).forEach(avoid::add);
        ScheduleResult result;
        try {
            result = reschedule(binding, policy, workload, shares.kept(), avoid);
        } catch (IllegalArgumentException e) {
            held(binding, incidentId, source, "its requirements cannot be read: " + e.getMessage(), now);
            return;
        }
        if (result instanceof ScheduleResult.Unschedulable no) {
            task.audit(PlaceFailoverAudit.noTarget(binding, incidentId, source, "MIGRATION_NO_TARGET",
                    "its share stays on " + source + ": " + PlacingShares.unschedulable(no, refused), now));
            return;
        }
        ScheduleResult.Scheduled scheduled = (ScheduleResult.Scheduled) result;
        String newCluster = movedTo(scheduled, shares.kept());
        if (newCluster == null && scheduled.targets().size() == shares.kept().size() && unchanged(scheduled, shares.kept())) {
            remove(key, binding, binding.getPlacement(), source, incidentId, policy, now);
        } else if (newCluster != null) {
            List<String> candidates = FullStaticAssignmentsLast.ranked(binding,
                    moveTargets(binding, policy, workload, shares.kept(), avoid, newCluster));
            PlacementState.Pending pending = FailingOver.move(key, incidentId, source, candidates,
                    scheduled.groupIndex(), binding.getGeneration(), 1);
            String shortOfRoom = scheduled.roomNotes().stream().filter(note -> note.cluster().equals(pending.cluster()))
                    .map(ScheduleResult.RoomNote::message).findFirst().orElse(null);
            if (shortOfRoom != null && !roomBinds(binding, policy)) {
                // Karmada's re-schedule selects the cluster whatever its room; its lease is not asked for what its room cannot hold.
                failingOver.issue(key, binding, workload, pending, shortOfRoom);
                return;
            }
            task.placementStates.save(key, workload.withPending(pending));
            task.hold(binding, pending, shares.source());
        } else {
            redividing.start(key, binding, workload, source, incidentId, scheduled, shares.kept(), attempt, refused);
        }
    }

    /** The retry of a share migration whose command failed: the failed command's remaining candidates still eligible. */
    void retry(String key, ResourceBinding binding, PropagationPolicy policy, PlacementState workload, String source,
               String incidentId, StoredIncident previous) {
        Shares shares = shares(binding, source);
        if (shares == null) {
            return;
        }
        Set<String> avoid = previous.getTargetCluster() == null
                ? Set.of(source) : Set.of(source, previous.getTargetCluster());
        List<String> eligible = List.of();
        try {
            ScheduleResult result = reschedule(binding, policy, workload, shares.kept(), avoid);
            String next = result instanceof ScheduleResult.Scheduled scheduled ? movedTo(scheduled, shares.kept()) : null;
            if (next != null) {
                eligible = moveTargets(binding, policy, workload, shares.kept(), avoid, next);
            }
        } catch (IllegalArgumentException e) {
            // Unreadable requirements leave no eligible candidate: the retry finds no target.
        }
        List<String> candidates = previous.getRemainingCandidates().stream().filter(eligible::contains).toList();
        int attempt = previous.getAttempt() + 1;
        PlacementState.Pending pending = FailingOver.move(key, incidentId, source, candidates, workload.group(),
                binding.getGeneration(), attempt);
        if (candidates.isEmpty()) {
            failingOver.noTarget(key, binding, pending);
            return;
        }
        task.placementStates.save(key, workload.withPending(pending));
        task.hold(binding, pending, shares.source());
    }

    /**
     * Every candidate's lease refused the share's room: a Duplicated share (room binds no Duplicated or statically weighted
     * share, Karmada's {@code assignByDuplicatedStrategy}) moves all the same to its first candidate, the re-schedule's
     * choice, with no room held there. False when room binds the share or no policy governs the workload.
     */
    boolean movedBeyondRoom(String key, ResourceBinding binding, PropagationPolicy policy, PlacementState workload,
                            PlacementState.Pending pending, String unheld) {
        Shares shares = shares(binding, pending.sourceCluster());
        if (policy == null || shares == null || roomBinds(binding, policy)) {
            return false;
        }
        PlacementState.Pending first = FailingOver.move(key, pending.incidentId(), pending.sourceCluster(),
                pending.candidates(), pending.group(), pending.generation(), pending.attempt());
        failingOver.issue(key, binding, workload, first,
                "cluster " + first.cluster() + "'s pods " + shares.source() + " are placed with no room held: " + unheld);
        return true;
    }

    /** Whether room binds a move of the workload's share: a division by available replicas, or a workload no policy governs. */
    private static boolean roomBinds(ResourceBinding binding, PropagationPolicy policy) {
        return policy == null || PlacingShares.roomBinds(binding.getPlacement().getScheduling() == ReplicaScheduling.DUPLICATED
                ? io.fedstream.admit.Placement.Scheduling.DUPLICATED : io.fedstream.admit.Placement.Scheduling.DIVIDED, policy);
    }

    private ScheduleResult reschedule(ResourceBinding binding, PropagationPolicy policy, PlacementState workload, List<ScheduleResult.Target> kept,
                                      Set<String> avoid) {
        return FullStaticAssignmentsLast.scheduled(binding, avoid,
                without -> Rescheduling.reschedule(task, binding, policy, workload.group(), kept, without));
    }

    /**
     * Where the share may move, in order: {@code first}, then each cluster a re-schedule without the ones before would
     * move it to (the fallbacks of a refused reservation or a failed command, as a whole workload's candidates).
     */
    private List<String> moveTargets(ResourceBinding binding, PropagationPolicy policy, PlacementState workload, List<ScheduleResult.Target> kept,
                                     Set<String> avoid, String first) {
        List<String> out = new ArrayList<>(List.of(first));
        Set<String> without = new HashSet<>(avoid);
        while (without.add(out.get(out.size() - 1))) {
            ScheduleResult result = reschedule(binding, policy, workload, kept, without);
            String next = result instanceof ScheduleResult.Scheduled scheduled ? movedTo(scheduled, kept) : null;
            if (next == null || out.contains(next)) {
                break;
            }
            out.add(next);
        }
        return out;
    }

    /** The one new cluster of a schedule that keeps every other share as it runs, or null when it is not such a move. */
    private static String movedTo(ScheduleResult.Scheduled scheduled, List<ScheduleResult.Target> kept) {
        List<ScheduleResult.Target> added = scheduled.targets().stream()
                .filter(t -> kept.stream().noneMatch(k -> k.cluster().equals(t.cluster()))).toList();
        if (added.size() != 1 || scheduled.targets().size() != kept.size() + 1 || !unchanged(scheduled, kept)) {
            return null;
        }
        return added.get(0).cluster();
    }

    /** Whether every share that keeps running is in the schedule with the same pods. */
    private static boolean unchanged(ScheduleResult.Scheduled scheduled, List<ScheduleResult.Target> kept) {
        return kept.stream().allMatch(k -> scheduled.targets().stream()
                .anyMatch(t -> t.cluster().equals(k.cluster()) && t.components().equals(k.components())));
    }

    /** The clusters left satisfy the schedule: the share leaves the placement now, and its copy is purged. */
    private void remove(String key, ResourceBinding binding, Placement placement, String source, String incidentId,
                        PropagationPolicy policy, long now) {
        List<ClusterTarget> left = placement.getClusters().stream().filter(t -> !t.getName().equals(source)).toList();
        task.emitPlacement(placement(binding, left, placement.getScheduling()));
        task.release(key, source);
        String fate = leave(key, source, incidentId, policy, !ApplicationFailover.isApplicationIncident(incidentId));
        task.audit(PlaceFailoverAudit.noTarget(binding, incidentId, source, "SHARE_REMOVED", "the share on " + source + " leaves the placement: "
                + String.join(", ", left.stream().map(ClusterTarget::getName).toList()) + " satisfy the schedule; " + fate, now));
    }

    /**
     * The copy on {@code cluster} has left the placement for the incident: the record a PURGE is made from, as a
     * completed migration's, and the PURGE itself, at Karmada's moment when the cluster failed ({@code failedCluster}:
     * {@link StaleCopyPurges}) or now (a healthy cluster: one copy's application failure, or a running cluster a
     * re-division gives no pods); purgeMode Never keeps the copy. Returns what becomes of the copy, for the audit.
     */
    String leave(String key, String cluster, String incidentId, PropagationPolicy policy, boolean failedCluster) {
        boolean application = ApplicationFailover.isApplicationIncident(incidentId);
        FailoverSettings settings = FailoverSettings.of(policy == null ? null : policy.failover());
        FailoverBehavior behavior = application && settings.application() != null ? settings.application() : settings.cluster();
        MigrationCommand removed = failingOver.removal(key, incidentId, cluster, behavior.purgeMode(), behavior.gracePeriodSeconds());
        task.migrations.save(removed.getCommandId(), MigrationRecord.newBuilder()
                .setCommand(removed).setPhase(MigrationRecordPhase.COMPLETED).setUpdatedAt(removed.getIssuedAt()).build());
        if (behavior.purgeMode() == PurgeMode.Never) {
            return "purgeMode Never keeps its copy";
        }
        if (failedCluster) {
            failingOver.stalePurges().evicted(removed);
            return behavior.purgeMode() == PurgeMode.Directly ? "its copy on " + cluster + " is purged once it has left the placement"
                    : "its copy is purged once the workload is healthy where it runs now, or gracePeriodSeconds " + behavior.gracePeriodSeconds()
                            + " after";
        }
        // Nothing to wait for: no new copy replaces this one, the clusters that keep it run already.
        failingOver.purge(removed, cluster,
                cluster + " runs no share of the workload any more; purge " + behavior.purgeMode() + " the copy there");
        return "its copy on " + cluster + " is purged now";
    }

    private void held(ResourceBinding binding, String incidentId, String source, String why, long now) {
        task.audit(PlaceFailoverAudit.noTarget(binding, incidentId, source, "MIGRATION_HELD", "its share stays on " + source + ": " + why
                + "; the other clusters keep running", now));
    }

    /** The shares of the clusters that keep running and the share of the failed one. */
    record Shares(List<ScheduleResult.Target> kept, Map<String, Long> source) {

        boolean runs(String cluster) {
            return kept.stream().anyMatch(t -> t.cluster().equals(cluster));
        }
    }

    /**
     * The binding's shares split around {@code source}: as its placement lists them per component ({@link BindingShares}),
     * else as {@link #share} reads them; null when the binding does not say each component's share.
     */
    static Shares shares(ResourceBinding binding, String source) {
        Placement placement = binding.getPlacement();
        List<Map<String, Long>> listed = BindingShares.lists(placement) ? BindingShares.of(binding, placement).shares() : null;
        List<ScheduleResult.Target> kept = new ArrayList<>();
        Map<String, Long> sourceShare = Map.of();
        for (int i = 0; i < placement.getClusters().size(); i++) {
            ClusterTarget target = placement.getClusters().get(i);
            Map<String, Long> share = listed != null ? listed.get(i) : share(binding, placement, target);
            if (share == null) {
                return null;
            }
            if (target.getName().equals(source)) {
                sourceShare = share;
            } else {
                kept.add(new ScheduleResult.Target(target.getName(), share));
            }
        }
        return new Shares(kept, sourceShare);
    }

    /**
     * Each component's pods on the target: all when Duplicated or when there is nothing to divide, its replicas for one
     * component when Divided, else null.
     */
    private static Map<String, Long> share(ResourceBinding binding, Placement placement, ClusterTarget target) {
        Map<String, Long> share = new LinkedHashMap<>();
        if (placement.getScheduling() == ReplicaScheduling.DUPLICATED || binding.getComponents().isEmpty()) {
            // Nothing to divide (a ConfigMap, a Namespace): a Divided placement holds a copy on each cluster, as Duplicated.
            binding.getComponents().forEach(c -> share.put(c.getName(), (long) c.getReplicas()));
            return share;
        }
        if (binding.getComponents().size() != 1 || target.getReplicas() == null) {
            return null;
        }
        share.put(binding.getComponents().get(0).getName(), target.getReplicas());
        return share;
    }

    /** The placement after a share moved from {@code source} to {@code target}: the same shares, one cluster renamed. */
    static AdmissionRequest moved(ResourceBinding binding, String source, String target) {
        Placement placement = binding.getPlacement();
        List<ClusterTarget> clusters = placement.getClusters().stream()
                .map(t -> t.getName().equals(source) ? ClusterTarget.newBuilder(t).setName(target).build() : t).toList();
        AdmissionRequest request = placement(binding, clusters, placement.getScheduling());
        // The clusters that keep their shares keep their notes; the source's goes with it.
        request.getPlacement().setRoomNotes(placement.getRoomNotes().stream().filter(note -> !note.getCluster().equals(source)).toList());
        return request;
    }

    static AdmissionRequest placement(ResourceBinding binding, List<ClusterTarget> clusters, ReplicaScheduling scheduling) {
        return Placing.placement(binding,
                Placement.newBuilder().setClusters(clusters).setScheduling(scheduling).setDecidedBy(FailingOver.DECIDED_BY).build());
    }
}
