package io.fedstream.decide;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The AuditEvents of placement and failover decisions. Ids are made of what was decided (workload, generation,
 * request or command id), so a decision made again after a restart has the same id and an upserting sink keeps one row.
 */
final class PlaceFailoverAudit {

    static final String PLACE = "place";
    static final String FAILOVER = "failover";

    private static final ObjectMapper JSON = new ObjectMapper();

    private PlaceFailoverAudit() {}

    /** A placement on one cluster, which reserved room for it, under the policy {@code policyKey} (Karmada's claim). */
    static AuditEvent placed(ResourceBinding binding, String cluster, PlacementState.Pending pending, String policyKey, long now) {
        ObjectNode details = JSON.createObjectNode();
        details.put("generation", binding.getGeneration());
        details.put("policy", policyKey);
        details.put("affinityGroup", pending.group());
        details.putPOJO("candidates", pending.candidates());
        return about(binding, PLACE, "PLACED", pending.requestId(), now)
                .setTargetCluster(cluster)
                .setReason("reserved room on " + cluster)
                .setDetails(details.toString())
                .build();
    }

    /** A placement over several clusters, under the policy {@code policyKey}: every share's cluster reserved its share. */
    static AuditEvent placedShares(ResourceBinding binding, ShareReservation reservation, String policyKey, long now) {
        ObjectNode details = JSON.createObjectNode();
        details.put("generation", binding.getGeneration());
        details.put("policy", policyKey);
        details.put("affinityGroup", reservation.group());
        details.put("scheduling", reservation.scheduling().name());
        ObjectNode shares = details.putObject("shares");
        reservation.shares().forEach(share -> shares.putPOJO(share.cluster(), share.components()));
        details.putPOJO("refused", reservation.refused());
        String clusters = String.join(",", reservation.shares().stream().map(ShareReservation.Share::cluster).toList());
        List<String> held = reservation.shares().stream().filter(share -> share.roomNote() == null)
                .map(share -> share.cluster() + " (" + share.replicas() + " pods)").toList();
        List<String> beyondRoom = reservation.shares().stream().map(ShareReservation.Share::roomNote).filter(Objects::nonNull).toList();
        String reason = (held.isEmpty() ? "" : "reserved room on " + String.join(", ", held))
                + (held.isEmpty() || beyondRoom.isEmpty() ? "" : "; ")
                + (beyondRoom.isEmpty() ? "" : "placed beyond the room reported, as Karmada places it: " + String.join("; ", beyondRoom));
        return about(binding, PLACE, "PLACED", reservation.decisionId(), now)
                .setTargetCluster(clusters)
                .setReason(reason)
                .setDetails(details.toString())
                .build();
    }

    static AuditEvent unplaceable(ResourceBinding binding, String why, long now) {
        return about(binding, PLACE, "UNPLACEABLE", binding.getWorkloadKey() + "/g" + binding.getGeneration() + "/unplaceable", now)
                .setReason(why)
                .build();
    }

    /** The room the task holds refused an ask: a placement's under the stage {@code place}, a failover's under {@code failover}. */
    static AuditEvent reservationRefused(ResourceBinding binding, RoomAnswer answer, long now) {
        String stage = switch (answer.ask().purpose()) {
            case PLACE, PLACE_SHARE -> PLACE;
            case RESCALE, POLICY_RESCHEDULE, REDIVIDE, MIGRATE -> FAILOVER;
        };
        return about(binding, stage, "RESERVATION_REFUSED", answer.requestId() + "/refused", now)
                .setTargetCluster(answer.cluster())
                .setReason(answer.refusal())
                .build();
    }

    static AuditEvent command(ResourceBinding binding, MigrationCommand command, String decision, String reason, long now) {
        ObjectNode details = JSON.createObjectNode();
        details.put("strategy", command.getStrategy().name());
        details.put("attempt", command.getAttempt());
        details.putPOJO("remainingCandidates", command.getRemainingCandidates());
        if (command.getCheckpoint() != null) {
            details.put("checkpointId", command.getCheckpoint().getId());
            details.put("checkpointPath", command.getCheckpoint().getPath());
        }
        if (command.getDeltaReplay() != null) {
            details.put("deltaFromOffsetExclusive", command.getDeltaReplay().getFromOffsetExclusive());
            details.put("deltaToOffsetInclusive", command.getDeltaReplay().getToOffsetInclusive());
        }
        details.put("incrementalBytes", command.getIncrementalBytes());
        details.put("fullStateBytes", command.getFullStateBytes());
        return about(binding, FAILOVER, decision, command.getCommandId() + "/" + decision, now)
                .setWorkloadKey(command.getWorkloadKey())
                .setCluster(command.getSourceCluster())
                .setTargetCluster(command.getTargetCluster())
                .setIncidentId(command.getIncidentId())
                .setReason(reason)
                .setDetails(details.toString())
                .build();
    }

    static AuditEvent noTarget(ResourceBinding binding, String incidentId, String sourceCluster, String decision, String why, long now) {
        return about(binding, FAILOVER, decision, binding.getWorkloadKey() + "/" + incidentId + "/" + decision, now)
                .setCluster(sourceCluster)
                .setIncidentId(incidentId)
                .setReason(why)
                .build();
    }

    /** A decision on an application failure: its clock started, stopped, or ran out (docs/failover.md). */
    static AuditEvent applicationFailure(ResourceBinding binding, ApplicationFailure failure, String decision, String why,
                                         long tolerationSeconds, long now) {
        ObjectNode details = JSON.createObjectNode();
        details.put("phase", failure.phase());
        details.put("unhealthySince", Instant.ofEpochMilli(failure.sinceMs()).toString());
        details.put("tolerationSeconds", tolerationSeconds);
        return about(binding, FAILOVER, decision, binding.getWorkloadKey() + "/" + failure.incidentId() + "/" + decision, now)
                .setCluster(failure.cluster())
                .setIncidentId(failure.incidentId())
                .setReason(why)
                .setDetails(details.toString())
                .build();
    }

    /** A decision on a Divided placement whose workload's replicas changed ({@link Rescaling}). */
    static AuditEvent rescaling(ResourceBinding binding, String decision, String id, String why, long now) {
        return about(binding, PLACE, decision, id + "/" + decision, now)
                .setReason(why)
                .build();
    }

    private static AuditEvent.Builder about(ResourceBinding binding, String stage, String decision, String id, long now) {
        return AuditEvent.newBuilder()
                .setDecisionId(stage + "-" + id)
                .setDecidedAt(Instant.ofEpochMilli(now))
                .setStage(stage)
                .setDecision(decision)
                .setWorkloadKey(binding.getWorkloadKey())
                .setNamespace(binding.getNamespace())
                .setKind(binding.getKind());
    }
}
