package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.HeartbeatRefusal;
import io.fedstream.avro.MigrationBrake;
import io.fedstream.avro.Taint;
import io.fedstream.health.CarriedTaints;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A cluster as the API shows it, shaped like Karmada's Cluster ({@code metadata.labels}, {@code spec.taints} with
 * {@code timeAdded}: the Cluster's own and the not-ready/unreachable taint fedstream adds, {@code status.conditions},
 * {@code status.resourceSummary}) with fedstream's life-cycle state in {@code status}; {@link #fromJson} reads it back.
 */
public final class ClusterObject {

    public static final String API_VERSION = "cluster.karmada.io/v1alpha1";
    public static final String KIND = "Cluster";

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

    /**
     * Reads an object written by {@link #toJson} back into a watch that {@link #toJson} shows the same. What the object
     * does not show comes back empty: the start times of earlier incidents in the flap window, {@code notReadySince},
     * and the heartbeat's source; the heartbeat's own time is taken as {@code lastHeartbeatAt}, and its taints are the
     * shown ones but the not-ready and unreachable taints fedstream adds.
     */
    public static ClusterWatch fromJson(JsonNode object) {
        String name = object.path("metadata").path("name").asText();
        JsonNode status = object.path("status");
        return ClusterWatch.newBuilder()
                .setCluster(name)
                .setState(ClusterState.valueOf(status.path("state").asText()))
                .setReason(status.path("reason").asText())
                .setMessage(text(status.path("message")))
                .setSince(time(status.path("since")))
                .setIncidentId(text(status.path("incidentId")))
                .setFlapCount(status.path("flapCount").asInt())
                .setLastHeartbeatAt(time(status.path("lastHeartbeatAt")))
                .setLastReceivedAt(time(status.path("lastReceivedAt")))
                .setHeartbeat(heartbeat(name, object))
                .setRefusal(status.path("lastRefusedHeartbeat").isObject() ? refusal(status.path("lastRefusedHeartbeat")) : null)
                .setBrake(status.path("brake").isObject() ? brake(status.path("brake")) : null)
                .setTaints(carriedTaints(object))
                .build();
    }

    private static List<CarriedTaint> carriedTaints(JsonNode object) {
        List<CarriedTaint> taints = new ArrayList<>();
        object.path("spec").path("taints").forEach(t -> taints.add(CarriedTaint.newBuilder()
                .setKey(t.path("key").asText()).setValue(text(t.path("value"))).setEffect(t.path("effect").asText())
                .setTimeAdded(time(t.path("timeAdded"))).build()));
        return taints;
    }

    /** The heartbeat behind labels, taints, conditions and resources; none when the object shows none of them. */
    private static ClusterHealthEvent heartbeat(String name, JsonNode object) {
        JsonNode status = object.path("status");
        List<ClusterCondition> conditions = new ArrayList<>();
        status.path("conditions").forEach(c -> conditions.add(ClusterCondition.newBuilder()
                .setType(c.path("type").asText())
                .setStatus(c.path("status").asText())
                .setReason(text(c.path("reason")))
                .setMessage(text(c.path("message")))
                .setLastTransitionTime(time(c.path("lastTransitionTime")))
                .build()));
        List<Taint> taints = new ArrayList<>();
        for (CarriedTaint carried : carriedTaints(object)) {
            if (!CarriedTaints.isAddedByFedstream(carried.getKey())) {
                taints.add(Taint.newBuilder().setKey(carried.getKey()).setValue(carried.getValue()).setEffect(carried.getEffect()).build());
            }
        }
        Map<String, String> labels = strings(object.path("metadata").path("labels"));
        Map<String, String> allocatable = strings(status.path("resourceSummary").path("allocatable"));
        Map<String, String> allocated = strings(status.path("resourceSummary").path("allocated"));
        Instant heartbeatAt = time(status.path("lastHeartbeatAt"));
        if (heartbeatAt == null && conditions.isEmpty() && taints.isEmpty() && labels.isEmpty()
                && allocatable.isEmpty() && allocated.isEmpty()) {
            return null;
        }
        return ClusterHealthEvent.newBuilder()
                .setCluster(name)
                .setHeartbeatAt(heartbeatAt != null ? heartbeatAt : time(status.path("since")))
                .setConditions(conditions)
                .setAllocatable(allocatable)
                .setAllocated(allocated)
                .setLabels(labels)
                .setTaints(taints)
                .build();
    }

    private static HeartbeatRefusal refusal(JsonNode node) {
        return HeartbeatRefusal.newBuilder()
                .setRefusedAt(time(node.path("refusedAt")))
                .setHeartbeatAt(time(node.path("heartbeatAt")))
                .setField(node.path("field").asText())
                .setValue(text(node.path("value")))
                .setMessage(node.path("message").asText())
                .build();
    }

    private static MigrationBrake brake(JsonNode node) {
        List<String> clusters = new ArrayList<>();
        node.path("clusters").forEach(c -> clusters.add(c.asText()));
        return MigrationBrake.newBuilder()
                .setReason(node.path("reason").asText())
                .setMessage(node.path("message").asText())
                .setSince(time(node.path("since")))
                .setClusters(clusters)
                .setKnownClusters(node.path("knownClusters").asInt())
                .build();
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

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> values = new TreeMap<>();
        node.fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        return values;
    }

    private static String time(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant time(JsonNode node) {
        return node.isTextual() ? Instant.parse(node.asText()) : null;
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
