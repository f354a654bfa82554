package io.fedstream.decide;

import io.fedstream.admit.Placement;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.RedivisionPurpose;
import io.fedstream.avro.ReplicaScheduling;
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
 * A {@link PlacementState} as a {@link Workloads} record keeps it: a {@link StoredPlacementState}
 * (schemas/internal), field for field; a share's pods per component as a list, in the scheduler's order.
 */
final class PlacementStateAvro {

    private PlacementStateAvro() {}

    static StoredPlacementState toAvro(PlacementState state) {
        return StoredPlacementState.newBuilder()
                .setPending(state.pending() == null ? null : toAvro(state.pending()))
                .setPlacedCluster(state.placedCluster())
                .setGroup(state.group())
                .setUnplaceableGeneration(state.unplaceableGeneration())
                .setPreserved(state.preserved())
                .setShares(state.shares() == null ? null : toAvro(state.shares()))
                .setRedivision(state.redivision() == null ? null : toAvro(state.redivision()))
                .setListedUnder(state.listedUnder())
                .build();
    }

    static PlacementState fromAvro(StoredPlacementState stored) {
        return new PlacementState(stored.getPending() == null ? null : fromAvro(stored.getPending()), stored.getPlacedCluster(), stored.getGroup(),
                stored.getUnplaceableGeneration(), stored.getPreserved(), stored.getShares() == null ? null : fromAvro(stored.getShares()),
                stored.getRedivision() == null ? null : fromAvro(stored.getRedivision()), stored.getListedUnder());
    }

    private static StoredPending toAvro(PlacementState.Pending pending) {
        return StoredPending.newBuilder()
                .setRequestId(pending.requestId())
                .setPurpose(pending.purpose())
                .setIncidentId(pending.incidentId())
                .setSourceCluster(pending.sourceCluster())
                .setCandidates(pending.candidates())
                .setIndex(pending.index())
                .setGroup(pending.group())
                .setGeneration(pending.generation())
                .setAttempt(pending.attempt())
                .build();
    }

    private static PlacementState.Pending fromAvro(StoredPending stored) {
        return new PlacementState.Pending(stored.getRequestId(), stored.getPurpose(), stored.getIncidentId(), stored.getSourceCluster(),
                stored.getCandidates(), stored.getIndex(), stored.getGroup(), stored.getGeneration(), stored.getAttempt());
    }

    private static StoredShareReservation toAvro(ShareReservation shares) {
        return StoredShareReservation.newBuilder()
                .setDecisionId(shares.decisionId())
                .setGeneration(shares.generation())
                .setGroup(shares.group())
                .setAttempt(shares.attempt())
                .setScheduling(toAvro(shares.scheduling()))
                .setShares(shares.shares().stream().map(PlacementStateAvro::toAvro).toList())
                .setRefused(shares.refused())
                .setPlaced(shares.placed())
                .build();
    }

    private static ShareReservation fromAvro(StoredShareReservation stored) {
        return new ShareReservation(stored.getDecisionId(), stored.getGeneration(), stored.getGroup(), stored.getAttempt(),
                fromAvro(stored.getScheduling()), stored.getShares().stream().map(PlacementStateAvro::fromAvro).toList(), stored.getRefused(),
                stored.getPlaced());
    }

    private static StoredRedivision toAvro(Redivision redivision) {
        return StoredRedivision.newBuilder()
                .setDecisionId(redivision.decisionId())
                .setIncidentId(redivision.incidentId())
                .setSourceCluster(redivision.sourceCluster())
                .setGeneration(redivision.generation())
                .setGroup(redivision.group())
                .setAttempt(redivision.attempt())
                .setScheduling(toAvro(redivision.scheduling()))
                .setTargets(redivision.targets().stream()
                        .map(target -> new ClusterTarget(target.cluster(), null, toAvro(target.components()))).toList())
                .setGrowth(redivision.growth().stream().map(PlacementStateAvro::toAvro).toList())
                .setRefused(redivision.refused())
                .setPurpose(RedivisionPurpose.valueOf(redivision.purpose().name()))
                .build();
    }

    private static Redivision fromAvro(StoredRedivision stored) {
        return new Redivision(stored.getDecisionId(), purpose(stored), stored.getIncidentId(), stored.getSourceCluster(), stored.getGeneration(), stored.getGroup(),
                stored.getAttempt(), fromAvro(stored.getScheduling()),
                stored.getTargets().stream().map(target -> new ScheduleResult.Target(target.getName(), fromAvro(target.getComponents()))).toList(),
                stored.getGrowth().stream().map(PlacementStateAvro::fromAvro).toList(), stored.getRefused());
    }

    /** Who re-divides; a record written before that was kept names a failed share's source cluster, a re-scale's none. */
    private static RoomAsk.Purpose purpose(StoredRedivision stored) {
        if (stored.getPurpose() != null) {
            return RoomAsk.Purpose.valueOf(stored.getPurpose().name());
        }
        return stored.getSourceCluster() != null ? RoomAsk.Purpose.REDIVIDE : RoomAsk.Purpose.RESCALE;
    }

    private static StoredShare toAvro(ShareReservation.Share share) {
        return new StoredShare(share.cluster(), toAvro(share.components()), share.requestId(), share.granted(), share.roomNote());
    }

    private static ShareReservation.Share fromAvro(StoredShare stored) {
        return new ShareReservation.Share(stored.getCluster(), fromAvro(stored.getComponents()), stored.getRequestId(), stored.getGranted(),
                stored.getRoomNote());
    }

    private static List<ComponentShare> toAvro(Map<String, Long> components) {
        return components.entrySet().stream().map(component -> new ComponentShare(component.getKey(), component.getValue())).toList();
    }

    private static Map<String, Long> fromAvro(List<ComponentShare> components) {
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
