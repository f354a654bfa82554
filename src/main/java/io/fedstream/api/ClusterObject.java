package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.HeartbeatRefusal;
import io.fedstream.avro.MigrationBrake;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A cluster as the API shows it, shaped like Karmada's Cluster ({@code metadata.labels}, {@code spec.taints} with
 * {@code timeAdded}: the Cluster's own and the not-ready/unreachable taint fedstream adds, {@code status.conditions},
 * {@code status.resourceSummary}) with fedstream's life-cycle state in {@code status}.
 */
public final class ClusterObject {

    public static final String API_VERSION = "fedstream.io/v1alpha1";
    public static final String KIND = "Cluster";
    public static final String LIST_KIND = "ClusterList";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ClusterObject() {}

    public static ObjectNode toJson(ClusterWatch watch) {
        ClusterHealthEvent heartbeat = watch.getHeartbeat();
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", KIND);
        ObjectNode metadata = object.putObject("metadata").put("name", watch.getCluster());
        metadata.set("labels", strings(heartbeat == null ? Map.of() : heartbeat.getLabels()));
        ArrayNode taints = object.putObject("spec").putArray("taints");
        for (CarriedTaint taint : watch.getTaints()) {
            ObjectNode node = taints.addObject().put("key", taint.getKey());
            putIfPresent(node, "value", taint.getValue());
            node.put("effect", taint.getEffect()).put("timeAdded", time(taint.getTimeAdded()));
        }
        object.set("status", status(watch, heartbeat));
        return object;
    }

    /** The list, with the migration brake (the same on every cluster) at its top while it holds. */
    public static ObjectNode listJson(List<ClusterWatch> watches) {
        ObjectNode list = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", LIST_KIND);
        watches.stream().map(ClusterWatch::getBrake).filter(Objects::nonNull).findFirst()
                .ifPresent(brake -> list.set("brake", brake(brake)));
        ArrayNode items = list.putArray("items");
        watches.forEach(watch -> items.add(toJson(watch)));
        return list;
    }

    private static ObjectNode status(ClusterWatch watch, ClusterHealthEvent heartbeat) {
        ObjectNode status = NODES.objectNode()
                .put("state", watch.getState().name())
                .put("reason", watch.getReason())
                .put("message", watch.getMessage())
                .put("since", time(watch.getSince()))
                .put("incidentId", watch.getIncidentId())
                .put("flapCount", watch.getFlapCount())
                .put("lastHeartbeatAt", time(watch.getLastHeartbeatAt()))
                .put("lastReceivedAt", time(watch.getLastReceivedAt()));
        ArrayNode conditions = status.putArray("conditions");
        if (heartbeat != null) {
            for (ClusterCondition condition : heartbeat.getConditions()) {
                ObjectNode node = conditions.addObject().put("type", condition.getType()).put("status", condition.getStatus());
                putIfPresent(node, "reason", condition.getReason());
                putIfPresent(node, "message", condition.getMessage());
                putIfPresent(node, "lastTransitionTime", time(condition.getLastTransitionTime()));
            }
        }
        if (watch.getBrake() != null) {
            status.set("brake", brake(watch.getBrake()));
        }
        HeartbeatRefusal refusal = watch.getRefusal();
        if (refusal != null) {
            ObjectNode refused = status.putObject("lastRefusedHeartbeat")
                    .put("refusedAt", time(refusal.getRefusedAt()))
                    .put("heartbeatAt", time(refusal.getHeartbeatAt()))
                    .put("field", refusal.getField());
            putIfPresent(refused, "value", refusal.getValue());
            refused.put("message", refusal.getMessage());
        }
        ObjectNode summary = status.putObject("resourceSummary");
        summary.set("allocatable", strings(heartbeat == null ? Map.of() : heartbeat.getAllocatable()));
        summary.set("allocated", strings(heartbeat == null ? Map.of() : heartbeat.getAllocated()));
        return status;
    }

    /** The migration brake: while it holds, no migration command is issued (docs/health.md). */
    private static ObjectNode brake(MigrationBrake brake) {
        ObjectNode node = NODES.objectNode()
                .put("reason", brake.getReason())
                .put("message", brake.getMessage())
                .put("since", time(brake.getSince()))
                .put("knownClusters", brake.getKnownClusters());
        brake.getClusters().forEach(node.putArray("clusters")::add);
        return node;
    }

    private static ObjectNode strings(Map<String, String> values) {
        ObjectNode node = NODES.objectNode();
        new TreeMap<>(values).forEach(node::put);
        return node;
    }

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static String time(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
