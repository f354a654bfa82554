package io.fedstream.decide;

import io.fedstream.admit.Placement;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.RedivisionPurpose;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.StoredPending;
import io.fedstream.avro.StoredPlacementState;
import io.fedstream.avro.StoredRedivision;
import io.fedstream.avro.StoredShare;
import io.fedstream.avro.StoredShareReservation;
import io.fedstream.place.ScheduleResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each workload's {@link PlacementState}, in its {@link Workloads} record (a workload with none is
 * {@link PlacementState#NEW}) as a {@link StoredPlacementState} (schemas/internal), field for field; a share's pods per
 * component as a list, in the scheduler's order.
 */
final class PlacementStates {

    private final Workloads workloads;

    PlacementStates(Workloads workloads) {
        this.workloads = workloads;
    }

    PlacementState of(String workloadKey) {
        StoredPlacementState stored = workloads.of(workloadKey).getPlacement();
        return stored == null ? PlacementState.NEW : fromAvro(stored);
    }

    void save(String workloadKey, PlacementState state) {
        boolean onlyAsksForRoomToMove = asksForRoomToMove(state) && state.withPending(null).equals(of(workloadKey).withPending(null));
        workloads.of(workloadKey).setPlacement(toAvro(state));
        if (onlyAsksForRoomToMove) {
            // A waiting ask is in memory only (LeasedRoom), so a restart loses it whether or not it is written: a written ask
            // is asked again when the task starts, an unwritten one by the incident's next check. The grant's processing
            // writes the ask with the command, one write a move.
            workloads.changedInMemory(workloadKey);
        } else {
            workloads.changed(workloadKey);
        }
    }

    private static boolean asksForRoomToMove(PlacementState state) {
        return state.pending() != null && state.pending().purpose() == ReservationPurpose.MIGRATE;
    }

    void forget(String workloadKey) {
        if (workloads.of(workloadKey).getPlacement() != null) {
            workloads.of(workloadKey).setPlacement(null);
            workloads.changed(workloadKey);
        }
    }

    static StoredPlacementState toAvro(PlacementState state) {
        return new StoredPlacementState(state.pending() == null ? null : toAvro(state.pending()), state.placedCluster(),
                state.group(), state.unplaceableGeneration(), state.preserved(),
                state.shares() == null ? null : toAvro(state.shares()),
                state.redivision() == null ? null : toAvro(state.redivision()), state.listedUnder());
    }

    static PlacementState fromAvro(StoredPlacementState stored) {
        return new PlacementState(stored.getPending() == null ? null : fromAvro(stored.getPending()),
                stored.getPlacedCluster(), stored.getGroup(), stored.getUnplaceableGeneration(), stored.getPreserved(),
                stored.getShares() == null ? null : fromAvro(stored.getShares()),
                stored.getRedivision() == null ? null : fromAvro(stored.getRedivision()), stored.getListedUnder());
    }

    private static StoredPending toAvro(PlacementState.Pending pending) {
        return new StoredPending(pending.requestId(), pending.purpose(), pending.incidentId(), pending.sourceCluster(),
                pending.candidates(), pending.index(), pending.group(), pending.generation(), pending.attempt());
    }

    private static PlacementState.Pending fromAvro(StoredPending stored) {
        return new PlacementState.Pending(stored.getRequestId(), stored.getPurpose(), stored.getIncidentId(),
                stored.getSourceCluster(), stored.getCandidates(), stored.getIndex(), stored.getGroup(),
                stored.getGeneration(), stored.getAttempt());
    }

    private static StoredShareReservation toAvro(ShareReservation shares) {
        return new StoredShareReservation(shares.decisionId(), shares.generation(), shares.group(), shares.attempt(),
                toAvro(shares.scheduling()), toAvro(shares.shares()), shares.refused(), shares.placed());
    }

    private static ShareReservation fromAvro(StoredShareReservation stored) {
        return new ShareReservation(stored.getDecisionId(), stored.getGeneration(), stored.getGroup(),
                stored.getAttempt(), fromAvro(stored.getScheduling()), fromAvro(stored.getShares()),
                stored.getRefused(), stored.getPlaced());
    }

    private static StoredRedivision toAvro(Redivision redivision) {
        return new StoredRedivision(redivision.decisionId(), redivision.incidentId(), redivision.sourceCluster(),
                redivision.generation(), redivision.group(), redivision.attempt(), toAvro(redivision.scheduling()),
                redivision.targets().stream()
                        .map(target -> new ClusterTarget(target.cluster(), null, pods(target.components()))).toList(),
                toAvro(redivision.growth()), redivision.refused(),
                RedivisionPurpose.valueOf(redivision.purpose().name()));
    }

    private static Redivision fromAvro(StoredRedivision stored) {
        return new Redivision(stored.getDecisionId(), purpose(stored), stored.getIncidentId(),
                stored.getSourceCluster(), stored.getGeneration(), stored.getGroup(), stored.getAttempt(),
                fromAvro(stored.getScheduling()),
                stored.getTargets().stream()
                        .map(target -> new ScheduleResult.Target(target.getName(), pods(target.getComponents())))
                        .toList(),
                fromAvro(stored.getGrowth()), stored.getRefused());
    }

    /**
     * Who re-divides; a record written before that was kept names a failed share's source cluster, a re-scale's none.
     */
    private static RoomAsk.Purpose purpose(StoredRedivision stored) {
        if (stored.getPurpose() != null) {
            return RoomAsk.Purpose.valueOf(stored.getPurpose().name());
        }
        return stored.getSourceCluster() != null ? RoomAsk.Purpose.REDIVIDE : RoomAsk.Purpose.RESCALE;
    }

    private static List<StoredShare> toAvro(List<ShareReservation.Share> shares) {
        return shares.stream().map(share -> new StoredShare(share.cluster(), pods(share.components()),
                share.requestId(), share.granted(), share.roomNote())).toList();
    }

    private static List<ShareReservation.Share> fromAvro(List<StoredShare> stored) {
        return stored.stream().map(share -> new ShareReservation.Share(share.getCluster(), pods(share.getComponents()),
                share.getRequestId(), share.getGranted(), share.getRoomNote())).toList();
    }

    private static List<ComponentShare> pods(Map<String, Long> components) {
        return components.entrySet().stream()
                .map(component -> new ComponentShare(component.getKey(), component.getValue())).toList();
    }

    private static Map<String, Long> pods(List<ComponentShare> components) {
        Map<String, Long> pods = new LinkedHashMap<>();
        components.forEach(component -> pods.put(component.getName(), component.getReplicas()));
        return pods;
    }

    private static ReplicaScheduling toAvro(Placement.Scheduling scheduling) {
        return ReplicaScheduling.valueOf(scheduling.name());
    }

    private static Placement.Scheduling fromAvro(ReplicaScheduling scheduling) {
        return Placement.Scheduling.valueOf(scheduling.name());
    }
}
