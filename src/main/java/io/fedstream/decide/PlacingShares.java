package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.RoomNote;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stage 4 for a policy that schedules replicas over several clusters (Divided, or Duplicated with spread constraints),
 * and for one active cluster that room alone keeps {@link ReplicaScheduler#place} from (Karmada takes the best cluster
 * whatever its room): {@link ReplicaScheduler#schedule} picks the target clusters and each one's share, the room the
 * task leases ({@link LeasedRoom}) is asked for every share under one decision ({@link RoomAsk.Purpose#PLACE_SHARE}),
 * and when every share is granted, the placement goes to the admit step; a refusal ({@link RoomAnswer}) gives back what
 * was granted and schedules again without the refusing cluster, up to {@link #MAX_ATTEMPTS} schedules.
 */
final class PlacingShares {

    /** Schedules tried per binding generation before the workload is reported unplaceable. */
    static final int MAX_ATTEMPTS = 3;

    private final PlaceFailoverTask task;
    private final FedstreamMetrics metrics;
    private final Placing placing;
    private final ReplicaScheduler scheduler = new ReplicaScheduler();

    PlacingShares(PlaceFailoverTask task, FedstreamMetrics metrics, Placing placing) {
        this.task = task;
        this.metrics = metrics;
        this.placing = placing;
    }

    /** Whether the policy's placement is scheduled here rather than on one cluster by {@link ReplicaScheduler#place}. */
    static boolean schedules(PropagationPolicy policy) {
        return policy != null && ReplicaScheduler.needsSeveralClusters(policy.placement());
    }

    /** Schedules the workload afresh (attempt 0) and asks every target for its share. */
    void place(String key, ResourceBinding binding, PlacementState workload, PropagationPolicy policy) {
        schedule(key, binding, workload, policy, 0, List.of());
    }

    private void schedule(String key, ResourceBinding binding, PlacementState workload, PropagationPolicy policy, int attempt,
                          List<String> refused) {
        ScheduleResult result;
        try {
            List<ComponentDemand> demands = PlaceFailoverTask.demands(binding);
            Set<String> avoid = Set.copyOf(refused);
            result = FullStaticAssignmentsLast.scheduled(binding, avoid, without -> task.place(
                    clusters -> scheduler.schedule(new ReplicaScheduler.Request(demands, policy, clusters, without, PlaceFailoverTask.kind(binding)))));
        } catch (IllegalArgumentException e) {
            String why = "its requirements cannot be read: " + e.getMessage();
            placing.unplaceable(key, binding, workload.withShares(null), why, why);
            return;
        }
        if (!(result instanceof ScheduleResult.Scheduled scheduled)) {
            ScheduleResult.Unschedulable no = (ScheduleResult.Unschedulable) result;
            // The binding keeps the reason without amounts; the audit carries the per-cluster problems, which change with every heartbeat.
            placing.unplaceable(key, binding, workload.withShares(null), unschedulable(no, refused), no.reason());
            return;
        }
        String decisionId = Placing.requestId(key, binding.getGeneration(), 0) + "/s" + attempt;
        List<ShareReservation.Share> targets = scheduled.targets().stream()
                .map(target -> new ShareReservation.Share(target.cluster(), target.components(), decisionId + "/" + target.cluster())).toList();
        // A share beyond its cluster's room is placed all the same (Karmada); its lease holds only what the room holds.
        Map<String, Map<String, Long>> held = new LinkedHashMap<>();
        List<ShareReservation.Share> shares = noted(targets, scheduled.roomNotes(), held);
        ShareReservation reservation = new ShareReservation(decisionId, binding.getGeneration(), scheduled.groupIndex(), attempt,
                scheduled.scheduling(), shares, refused, false);
        if (reservation.allGranted()) {
            placed(key, binding, workload.withPending(null), reservation);
            return;
        }
        task.placementStates.save(key, workload.withPending(null).withShares(reservation));
        task.holdShares(RoomAsk.Purpose.PLACE_SHARE, binding, shares, held);
    }

    /** Every share is granted or placed beyond its room: the placement goes to the admit step. */
    private void placed(String key, ResourceBinding binding, PlacementState workload, ShareReservation reservation) {
        task.waiting.stopWaiting(key);
        PlacementState placed = task.policyPlacements.placed(binding, reservation.group(), workload.withShares(reservation.asPlaced()));
        task.placementStates.save(key, placed);
        task.emitPlacement(placement(binding, reservation), placed);
        task.audit(PlaceFailoverAudit.placedShares(binding, reservation, placed.listedUnder(), task.now()));
        metrics.placed();
    }

    /** The answer to one share's ask of the leased room. */
    void onAnswer(RoomAnswer answer, PlacementState workload) {
        String key = answer.workloadKey();
        ShareReservation reservation = workload.shares();
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null || !Placing.needsPlacement(binding) || binding.getPlacement() != null
                || binding.getGeneration() != reservation.generation()) {
            // Deleted, no longer admitted, placed by its user or changed meanwhile: the room is not needed.
            releaseGranted(key, reservation.granted(answer.requestId()), answer);
            task.placementStates.save(key, workload.withShares(null));
            if (binding != null && Placing.needsPlacement(binding) && binding.getPlacement() == null) {
                // Its new version was not placed while this decision was in flight: it is placed now.
                placing.retry(key);
            }
            return;
        }
        boolean roomBinds = roomBinds(reservation.scheduling(), task.policies.governing(binding).orElse(null));
        if (answer.granted() || !roomBinds) {
            ShareReservation next = reservation.answered(answer);
            if (!answer.granted()) {
                task.audit(PlaceFailoverAudit.reservationRefused(binding, answer, task.now()));
            }
            if (!next.allGranted()) {
                task.placementStates.save(key, workload.withShares(next));
                return;
            }
            placed(key, binding, workload, next);
            return;
        }
        task.audit(PlaceFailoverAudit.reservationRefused(binding, answer, task.now()));
        releaseGranted(key, reservation, answer);
        List<String> refused = new ArrayList<>(reservation.refused());
        refused.add(answer.cluster());
        PlacementState cleared = workload.withShares(null);
        if (reservation.attempt() + 1 >= MAX_ATTEMPTS) {
            placing.unplaceable(key, binding, cleared, "every schedule was refused a reservation" + refusedBefore(refused),
                    "every schedule was refused a reservation");
            return;
        }
        schedule(key, binding, cleared, task.policies.governing(binding).orElse(null), reservation.attempt() + 1, refused);
    }

    /**
     * Whether a refused share makes the workload schedule again without its cluster: only for a division by available
     * replicas, where room is a filter. Room binds neither a Duplicated nor a statically weighted share (Karmada's
     * {@code assignByDuplicatedStrategy}, {@code assignByStaticWeightStrategy}): its cluster keeps it, unheld.
     */
    static boolean roomBinds(io.fedstream.admit.Placement.Scheduling scheduling, PropagationPolicy policy) {
        return scheduling == io.fedstream.admit.Placement.Scheduling.DIVIDED
                && (policy == null || policy.placement().division().byAvailableReplicas());
    }

    /**
     * The shares as they are asked for: one whose cluster's room cannot hold it ({@code notes}) carries its note and asks
     * only for what the room holds ({@link ScheduleResult.RoomNote#held}), and is settled at once when that is nothing.
     * {@code asked} receives each share's ask id ({@link RoomAsk#requestId}) with the pods it asks the lease for.
     */
    static List<ShareReservation.Share> noted(List<ShareReservation.Share> shares, List<ScheduleResult.RoomNote> notes,
                                             Map<String, Map<String, Long>> asked) {
        Map<String, ScheduleResult.RoomNote> byCluster = new HashMap<>();
        notes.forEach(note -> byCluster.put(note.cluster(), note));
        List<ShareReservation.Share> out = new ArrayList<>();
        for (ShareReservation.Share share : shares) {
            ScheduleResult.RoomNote note = byCluster.get(share.cluster());
            Map<String, Long> holds = note == null ? share.components() : note.held();
            boolean nothingToHold = note != null && holds.values().stream().allMatch(pods -> pods == 0);
            out.add(new ShareReservation.Share(share.cluster(), share.components(), share.requestId(), share.granted() || nothingToHold,
                    note == null ? share.roomNote() : note.message()));
            if (!nothingToHold && !share.granted()) {
                asked.put(share.requestId(), holds);
            }
        }
        return out;
    }

    /** The binding's notes of the shares placed beyond their cluster's room, in the shares' order. */
    static List<RoomNote> roomNotes(List<ShareReservation.Share> shares) {
        return shares.stream().filter(share -> share.roomNote() != null).map(share -> new RoomNote(share.cluster(), share.roomNote())).toList();
    }

    /**
     * The notes of a new schedule's placement ({@code targets}, from the binding's placement): each growth's note, and for
     * a cluster whose pods stay as the binding's placement had them, the note that placement gave it, so that the
     * placement names every cluster beyond its reported room, not only those grown last. A cluster whose pods shrink
     * loses its note: how far its room falls short now is not known without scheduling it anew.
     */
    static List<RoomNote> roomNotes(ResourceBinding binding, List<ScheduleResult.Target> targets, List<ShareReservation.Share> growth) {
        Map<String, ShareReservation.Share> grown = new HashMap<>();
        growth.forEach(share -> grown.put(share.cluster(), share));
        Map<String, String> earlier = new HashMap<>();
        List<ScheduleResult.Target> before = List.of();
        if (binding.getPlacement() != null && !binding.getPlacement().getRoomNotes().isEmpty()) {
            binding.getPlacement().getRoomNotes().forEach(note -> earlier.put(note.getCluster(), note.getMessage()));
            ShareFailover.Shares shares = ShareFailover.shares(binding, null);
            before = shares == null ? List.of() : shares.kept();
        }
        List<RoomNote> notes = new ArrayList<>();
        for (ScheduleResult.Target target : targets) {
            ShareReservation.Share grew = grown.get(target.cluster());
            if (grew != null) {
                if (grew.roomNote() != null) {
                    notes.add(new RoomNote(target.cluster(), grew.roomNote()));
                }
            } else if (earlier.containsKey(target.cluster()) && before.contains(target)) {
                notes.add(new RoomNote(target.cluster(), earlier.get(target.cluster())));
            }
        }
        return notes;
    }

    /** Why a share is placed with no room held: its room note, or else the refusal. */
    static String unheld(ShareReservation.Share share, String refusal) {
        String placed = "cluster " + share.cluster() + "'s pods " + share.components() + " are placed with no room held";
        return share.roomNote() != null ? share.roomNote() + "; " + placed : placed + ": " + refusal;
    }

    /** Gives back the shares granted so far; answers still to come are given back as answers to a decision given up. */
    private void releaseGranted(String key, ShareReservation reservation, RoomAnswer answer) {
        Set<String> granted = new HashSet<>();
        reservation.shares().stream().filter(ShareReservation.Share::granted).forEach(s -> granted.add(s.cluster()));
        if (!answer.granted()) {
            granted.remove(answer.cluster());
        }
        granted.forEach(cluster -> task.release(key, cluster));
    }

    /** Why no schedule was found: each cluster's problem, and the clusters that refused an earlier attempt. */
    static String unschedulable(ScheduleResult.Unschedulable no, List<String> refused) {
        return no.why() + refusedBefore(refused);
    }

    private static String refusedBefore(List<String> refused) {
        return refused.isEmpty() ? "" : " (refused by " + String.join(", ", refused) + ")";
    }

    /** The admission request that sets the workload's placement to every share's cluster. */
    static AdmissionRequest placement(ResourceBinding binding, ShareReservation reservation) {
        Placement placement = ScheduledPlacement.of(binding, reservation.scheduling(), reservation.targets(),
                Placing.DECIDED_BY, null);
        placement.setRoomNotes(roomNotes(reservation.shares()));
        return Placing.placement(binding, placement);
    }
}
