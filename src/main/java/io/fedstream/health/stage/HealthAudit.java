package io.fedstream.health.stage;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.MigrationBrake;
import java.time.Instant;

/**
 * Writes the AuditEvent of a cluster transition: decision {@code CLUSTER_<STATE>}, id
 * {@code health-<cluster>-<transition time>-<state>}, which is the same when the transition is made again after a
 * restart, so a sink that upserts by id keeps one row per transition; and of the migration brake: decisions
 * {@code BRAKE_ENGAGED} and {@code BRAKE_RELEASED}, id {@code health-brake-<engaged at>-<ENGAGED|RELEASED>}.
 */
final class HealthAudit {

    static final String STAGE = "health";

    private static final ObjectMapper JSON = new ObjectMapper();

    private HealthAudit() {}

    static String decisionId(ClusterStateEvent transition) {
        return STAGE + "-" + transition.getCluster() + "-" + transition.getTransitionAt().toEpochMilli() + "-" + transition.getState();
    }

    /** The audit record; the source is the heartbeat that caused the transition, all null when the clock did. */
    static AuditEvent of(ClusterStateEvent transition, String sourceTopic, Integer sourcePartition, Long sourceOffset) {
        ObjectNode details = JSON.createObjectNode();
        details.put("previousState", transition.getPreviousState() == null ? null : transition.getPreviousState().name());
        details.put("message", transition.getMessage());
        details.put("flapCount", transition.getFlapCount());
        details.put("lastHeartbeatAt", transition.getLastHeartbeatAt() == null ? null : transition.getLastHeartbeatAt().toString());
        return AuditEvent.newBuilder()
                .setDecisionId(decisionId(transition))
                .setDecidedAt(transition.getTransitionAt())
                .setStage(STAGE)
                .setDecision("CLUSTER_" + transition.getState().name())
                .setCluster(transition.getCluster())
                .setIncidentId(transition.getIncidentId())
                .setReason(transition.getReason())
                .setDetails(details.toString())
                .setSourceTopic(sourceTopic)
                .setSourcePartition(sourcePartition)
                .setSourceOffset(sourceOffset)
                .build();
    }

    /** The brake engaged ({@code released} null) or released at {@code released}. */
    static AuditEvent brake(MigrationBrake brake, Instant released) {
        ObjectNode details = JSON.createObjectNode();
        details.put("message", brake.getMessage());
        details.put("since", brake.getSince().toString());
        details.put("knownClusters", brake.getKnownClusters());
        brake.getClusters().forEach(details.putArray("clusters")::add);
        String what = released == null ? "ENGAGED" : "RELEASED";
        return AuditEvent.newBuilder()
                .setDecisionId(STAGE + "-brake-" + brake.getSince().toEpochMilli() + "-" + what)
                .setDecidedAt(released == null ? brake.getSince() : released)
                .setStage(STAGE)
                .setDecision("BRAKE_" + what)
                .setReason(brake.getReason())
                .setDetails(details.toString())
                .build();
    }
}
