package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.util.List;
import java.util.Set;

/**
 * Stage 4 inside the task: an admitted workload without a placement gets candidates from {@link ReplicaScheduler#place},
 * asks the room the task leases ({@link LeasedRoom}) for room on the first candidate, moves down the list when refused,
 * and hands the granted cluster to the admit step, which writes it into the binding and charges the cluster's quota
 * share. A workload that no valid policy governs is not placed (Karmada propagates nothing without one); the admit step
 * writes why into its binding.
 */
final class Placing {

    static final String DECIDED_BY = "scheduler";
    private static final String PLACE_MARK = "/place/";

    private final PlaceFailoverTask task;
    private final FedstreamMetrics metrics;
    private final ReplicaScheduler scheduler = new ReplicaScheduler();
    private final PlacingShares shares;
    /** Where the re-scales waiting in the same store as the unplaced workloads are retried. */
    private final Rescaling rescaling;

    Placing(PlaceFailoverTask task, FedstreamMetrics metrics, Rescaling rescaling) {
        this.task = task;
        this.metrics = metrics;
        this.shares = new PlacingShares(task, metrics, this);
        this.rescaling = rescaling;
    }

    /** Where placements over several clusters are made and the answers to their shares' asks go. */
    PlacingShares shares() {
        return shares;
    }

    /**
     * A binding arrived: place it when it is admitted, unplaced and not already being placed. A placement still asking
     * for an earlier version, or for a binding that needs none from fedstream now, is withdrawn first: its asks wait for
     * nothing else.
     */
    void onBinding(String key, ResourceBinding binding) {
        PlacementState workload = task.placementStates.of(key);
        if (workload.placing()
                && (binding.getPlacement() != null || !needsPlacement(binding) || generation(workload) != binding.getGeneration())) {
            workload = withdrawn(key, workload);
        }
        if (binding.getPlacement() != null) {
            task.waiting.stopWaiting(key);
            if (workload.placedCluster() != null || workload.shares() != null) {
                task.placementStates.save(key, workload.settled());
            }
            return;
        }
        if (binding.getAdmission().getState() == AdmissionState.REJECTED && workload.placedCluster() != null) {
            // The granted placement waits in the quota queue; the binding shows it once admitted (docs/admission.md).
            task.placementStates.save(key, workload.settled());
            return;
        }
        if (needsPlacement(binding) && !awaiting(workload) && workload.placedCluster() == null) {
            place(key, binding, workload);
        }
    }

    /** Whether a placement or move of the workload is under way, or made and on its way to the binding. */
    private static boolean awaiting(PlacementState workload) {
        return workload.pending() != null || workload.shares() != null;
    }

    /** The binding generation the workload's placement under way asks for. */
    private static long generation(PlacementState workload) {
        return workload.pending() != null && workload.pending().purpose() == ReservationPurpose.PLACE ? workload.pending().generation()
                : workload.shares().generation();
    }

    /** Gives back what the placement under way holds or asks. */
    private PlacementState withdrawn(String key, PlacementState workload) {
        PlacementState cleared = workload;
        if (workload.pending() != null && workload.pending().purpose() == ReservationPurpose.PLACE) {
            task.withdraw(key, workload.pending().cluster(), workload.pending().requestId());
            cleared = cleared.withPending(null);
        }
        if (workload.shares() != null && !workload.shares().placed()) {
            workload.shares().shares().forEach(share -> task.withdraw(key, share.cluster(), share.requestId()));
            cleared = cleared.withShares(null);
        }
        task.placementStates.save(key, cleared);
        return cleared;
    }

    /**
     * Tries the workloads that found no room before; new capacity or a recovered cluster may have made some. The
     * re-scales waiting in the store ({@link RescaleWait}) are handed to {@link Rescaling}. Asks under way are not asked
     * again: each is answered, or waits for its cluster's grant.
     */
    void retryUnplaced() {
        for (String key : task.waiting.keys()) {
            try {
                RescaleWait rescale = task.waiting.rescaleWait(key);
                if (rescale != null) {
                    rescaling.retry(key, rescale);
                } else {
                    retry(key);
                }
            } catch (RuntimeException e) {
                unreadable(key, e);
            }
        }
    }

    /** Listed no more, so that one entry that cannot be read is one dead letter, not one per retry interval. */
    private void unreadable(String key, RuntimeException e) {
        task.waiting.drop(key);
        task.deadLetterEntry(PlaceFailoverAudit.PLACE, Workloads.STORE, key, e);
    }

    /** Places the workload when it needs a placement and none is under way; takes it off the list when it needs none. */
    void retry(String key) {
        ResourceBinding binding = task.bindings.of(key);
        PlacementState workload = task.placementStates.of(key);
        if (binding == null || !needsPlacement(binding) || binding.getPlacement() != null) {
            task.waiting.stopWaiting(key);
        } else if (!awaiting(workload) && workload.placedCluster() == null) {
            place(key, binding, workload);
        }
    }

    void onAnswer(RoomAnswer answer, PlacementState workload, PlacementState.Pending pending) {
        String key = answer.workloadKey();
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null || !needsPlacement(binding) || binding.getPlacement() != null) {
            // Deleted, no longer admitted, or placed by its user meanwhile: the room is not needed.
            if (answer.granted()) {
                task.release(key, answer.cluster());
            }
            task.placementStates.save(key, workload.withPending(null));
            return;
        }
        if (answer.granted()) {
            task.waiting.stopWaiting(key);
            PlacementState placed = task.policyPlacements.placed(binding, pending.group(), workload.placedOn(answer.cluster(), pending.group()));
            task.placementStates.save(key, placed);
            task.emitPlacement(placement(binding, answer.cluster(), DECIDED_BY), placed);
            task.audit(PlaceFailoverAudit.placed(binding, answer.cluster(), pending, placed.listedUnder(), task.now()));
            metrics.placed();
            return;
        }
        task.audit(PlaceFailoverAudit.reservationRefused(binding, answer, task.now()));
        if (pending.hasNext()) {
            PlacementState.Pending next = pending.next(requestId(key, binding.getGeneration(), pending.index() + 1));
            task.placementStates.save(key, workload.withPending(next));
            task.hold(binding, next);
        } else {
            PropagationPolicy policy = task.policies.governing(binding).orElse(null);
            if (BeyondRoomTargets.applies(policy)) {
                // Karmada knows no leases: it takes the best cluster whatever its room, which PlacingShares places so.
                shares.place(key, binding, workload.withPending(null), policy);
                return;
            }
            String why = "every candidate refused the reservation (" + String.join(", ", pending.candidates()) + ")";
            unplaceable(key, binding, workload.withPending(null), why, why);
        }
    }

    /** An admission request that sets the workload's placement to one cluster. */
    static AdmissionRequest placement(ResourceBinding binding, String cluster, String decidedBy) {
        return placement(binding, Placement.newBuilder()
                .setClusters(List.of(new ClusterTarget(cluster, null, List.of())))
                .setScheduling(ReplicaScheduling.DUPLICATED)
                .setDecidedBy(decidedBy)
                .build());
    }

    /** An admission request that sets the workload's placement to {@code placement}. */
    static AdmissionRequest placement(ResourceBinding binding, Placement placement) {
        return placementRequest(binding).setPlacement(placement).build();
    }

    /** An admission request that says why the workload's version is not placed; a placed workload keeps its placement. */
    static AdmissionRequest unplaced(ResourceBinding binding, String why) {
        return placementRequest(binding).setUnplacedReason(why).build();
    }

    private static AdmissionRequest.Builder placementRequest(ResourceBinding binding) {
        return AdmissionRequest.newBuilder().setType(AdmissionRequestType.PLACEMENT).setNamespace(binding.getNamespace())
                .setWorkloadKey(binding.getWorkloadKey());
    }

    private void place(String key, ResourceBinding binding, PlacementState workload) {
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        if (policy == null) {
            // Karmada's detector leaves a resource that no policy selects alone: nothing is propagated.
            String why = task.policies.whyNoneGoverns(binding);
            unplaceable(key, binding, workload, why, why);
            return;
        }
        if (PlacingShares.schedules(policy)) {
            shares.place(key, binding, workload, policy);
            return;
        }
        ScheduleResult result;
        try {
            List<ComponentDemand> demands = PlaceFailoverTask.demands(binding);
            result = task.place(clusters -> scheduler.place(new ReplicaScheduler.Request(demands, policy, clusters, Set.of(), PlaceFailoverTask.kind(binding))));
        } catch (IllegalArgumentException e) {
            String why = "its requirements cannot be read: " + e.getMessage();
            unplaceable(key, binding, workload, why, why);
            return;
        }
        if (result.leftOutForRoom()) {
            // One active cluster is Duplicated: Karmada takes the best cluster whatever its room, which the scheduler notes.
            shares.place(key, binding, workload, policy);
            return;
        }
        if (result instanceof ScheduleResult.Ranked ranked) {
            List<String> candidates = FullStaticAssignmentsLast.ranked(binding,
                    ranked.candidates().stream().map(ScheduleResult.Candidate::cluster).toList());
            PlacementState.Pending pending = new PlacementState.Pending(requestId(key, binding.getGeneration(), 0),
                    ReservationPurpose.PLACE, null, null, candidates, 0, ranked.groupIndex(), binding.getGeneration(), 0);
            task.placementStates.save(key, workload.withPending(pending));
            task.hold(binding, pending);
        } else {
            ScheduleResult.Unschedulable no = (ScheduleResult.Unschedulable) result;
            unplaceable(key, binding, workload, no.why(), no.reason());
        }
    }

    /**
     * Lists the workload for the retry punctuator, audits {@code why} once per version, and has the binding say
     * {@code reason} (short and stable: the audit carries the per-cluster details, which change with every heartbeat).
     */
    void unplaceable(String key, ResourceBinding binding, PlacementState workload, String why, String reason) {
        task.waiting.waitForRoom(key);
        if (!reason.equals(binding.getUnplacedReason())) {
            task.emitPlacement(unplaced(binding, reason), workload);
        }
        if (workload.unplaceableGeneration() != binding.getGeneration()) {
            task.audit(PlaceFailoverAudit.unplaceable(binding, why, task.now()));
            metrics.unplaceable();
        }
        task.placementStates.save(key, workload.unplaceable(binding.getGeneration()));
    }

    static boolean needsPlacement(ResourceBinding binding) {
        return binding.getAdmission().getState() == AdmissionState.ADMITTED;
    }

    static String requestId(String key, long generation, int index) {
        return key + PLACE_MARK + "g" + generation + "/" + index;
    }
}
