package io.fedstream.health;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Karmada {@code Cluster} ({@code cluster.karmada.io/v1alpha1}) as a heartbeat: {@code metadata.labels},
 * {@code spec.taints}, {@code spec.provider/region/zones}, {@code status.conditions} and
 * {@code status.resourceSummary.allocatable/allocated}, with
 * quantities made canonical; every other field is left out. Refuses a manifest naming the field and value.
 */
public final class ClusterManifest {

    public static final String GROUP = "cluster.karmada.io";
    public static final String KIND = "Cluster";

    private static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    private ClusterManifest() {}

    /** Thrown with every problem of the manifest. */
    public static final class InvalidClusterException extends Exception {
        private final List<FieldError> errors;

        InvalidClusterException(List<FieldError> errors) {
            super(String.join("; ", errors.stream().map(FieldError::message).toList()));
            this.errors = List.copyOf(errors);
        }

        public List<FieldError> errors() {
            return errors;
        }
    }

    /** The heartbeat the manifest reports, stamped {@code heartbeatAt}. */
    public static ClusterHealthEvent heartbeat(JsonNode cluster, Instant heartbeatAt, String source) throws InvalidClusterException {
        List<FieldError> errors = new ArrayList<>();
        String name = cluster.path("metadata").path("name").asText("");
        if (name.isEmpty()) {
            errors.add(new FieldError("metadata.name", null, "is required"));
        }
        ClusterHealthEvent event = ClusterHealthEvent.newBuilder()
                .setCluster(name)
                .setHeartbeatAt(heartbeatAt)
                .setLabels(strings(cluster.path("metadata").path("labels"), "metadata.labels", errors))
                .setTaints(taints(cluster.path("spec").path("taints"), errors))
                .setConditions(conditions(cluster.path("status").path("conditions"), errors))
                .setAllocatable(quantities(cluster.path("status").path("resourceSummary").path("allocatable"),
                        "status.resourceSummary.allocatable", errors))
                .setAllocated(quantities(cluster.path("status").path("resourceSummary").path("allocated"),
                        "status.resourceSummary.allocated", errors))
                .setSource(source)
                .setProvider(optional(cluster.path("spec"), "provider", "spec", errors))
                .setRegion(optional(cluster.path("spec"), "region", "spec", errors))
                .setZones(zones(cluster.path("spec"), errors))
                .build();
        if (!errors.isEmpty()) {
            throw new InvalidClusterException(errors);
        }
        return event;
    }

    private static List<Taint> taints(JsonNode list, List<FieldError> errors) {
        List<Taint> taints = new ArrayList<>();
        JsonNode items = list(list, "spec.taints", errors);
        for (int i = 0; i < items.size(); i++) {
            JsonNode taint = items.get(i);
            String path = "spec.taints[" + i + "]";
            String key = required(taint, "key", path, errors);
            String effect = required(taint, "effect", path, errors);
            if (effect != null && !EFFECTS.contains(effect)) {
                errors.add(new FieldError(path + ".effect", effect, "must be NoSchedule, PreferNoSchedule or NoExecute"));
            }
            if (key != null && effect != null) {
                taints.add(Taint.newBuilder().setKey(key).setValue(optional(taint, "value", path, errors)).setEffect(effect).build());
            }
        }
        return taints;
    }

    /** {@code spec.zones}, or the deprecated single {@code spec.zone} when no list is given (Karmada reads zones). */
    private static List<String> zones(JsonNode spec, List<FieldError> errors) {
        List<String> zones = new ArrayList<>();
        JsonNode items = list(spec.path("zones"), "spec.zones", errors);
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).isTextual() && !items.get(i).asText().isEmpty()) {
                zones.add(items.get(i).asText());
            } else {
                errors.add(new FieldError("spec.zones[" + i + "]", items.get(i).toString(), "must be a zone name"));
            }
        }
        String zone = optional(spec, "zone", "spec", errors);
        if (zones.isEmpty() && zone != null && !zone.isEmpty()) {
            zones.add(zone);
        }
        return zones;
    }

    private static List<ClusterCondition> conditions(JsonNode list, List<FieldError> errors) {
        List<ClusterCondition> conditions = new ArrayList<>();
        JsonNode items = list(list, "status.conditions", errors);
        for (int i = 0; i < items.size(); i++) {
            JsonNode condition = items.get(i);
            String path = "status.conditions[" + i + "]";
            String type = required(condition, "type", path, errors);
            String status = required(condition, "status", path, errors);
            String since = optional(condition, "lastTransitionTime", path, errors);
            Instant transition = null;
            if (since != null) {
                try {
                    transition = Instant.parse(since);
                } catch (DateTimeParseException e) {
                    errors.add(new FieldError(path + ".lastTransitionTime", since, "must be an RFC 3339 time, e.g. 2026-11-29T10:00:00Z"));
                }
            }
            if (type != null && status != null) {
                conditions.add(ClusterCondition.newBuilder().setType(type).setStatus(status)
                        .setReason(optional(condition, "reason", path, errors))
                        .setMessage(optional(condition, "message", path, errors))
                        .setLastTransitionTime(transition)
                        .build());
            }
        }
        return conditions;
    }

    private static Map<String, String> quantities(JsonNode map, String path, List<FieldError> errors) {
        Map<String, String> given = new LinkedHashMap<>();
        if (map.isMissingNode() || map.isNull()) {
            return given;
        }
        if (!map.isObject()) {
            errors.add(new FieldError(path, map.toString(), "must be a mapping of resource names to quantities"));
            return given;
        }
        map.fields().forEachRemaining(entry -> {
            JsonNode value = entry.getValue();
            String text = value.isTextual() || value.isNumber() ? value.asText() : value.toString();
            if (text.strip().startsWith("-")) {
                errors.add(new FieldError(path + "." + entry.getKey(), text, "must not be negative"));
                return;
            }
            try {
                given.putAll(Resources.fromQuantities(Map.of(entry.getKey(), text)).toQuantities());
            } catch (IllegalArgumentException | ArithmeticException e) {
                errors.add(new FieldError(path + "." + entry.getKey(), text, e.getMessage() == null ? "is not a quantity" : e.getMessage()));
            }
        });
        return given;
    }

    private static Map<String, String> strings(JsonNode map, String path, List<FieldError> errors) {
        Map<String, String> values = new LinkedHashMap<>();
        if (map.isMissingNode() || map.isNull()) {
            return values;
        }
        if (!map.isObject()) {
            errors.add(new FieldError(path, map.toString(), "must be a mapping"));
            return values;
        }
        map.fields().forEachRemaining(entry -> {
            if (entry.getValue().isTextual()) {
                values.put(entry.getKey(), entry.getValue().asText());
            } else {
                errors.add(new FieldError(path + "." + entry.getKey(), entry.getValue().toString(), "must be a string"));
            }
        });
        return values;
    }

    private static JsonNode list(JsonNode node, String path, List<FieldError> errors) {
        if (node.isMissingNode() || node.isNull()) {
            return JsonNodeFactory.instance.arrayNode();
        }
        if (!node.isArray()) {
            errors.add(new FieldError(path, node.toString(), "must be a list"));
            return JsonNodeFactory.instance.arrayNode();
        }
        return node;
    }

    private static String required(JsonNode parent, String field, String path, List<FieldError> errors) {
        JsonNode node = parent.path(field);
        if (node.isMissingNode() || node.isNull() || node.isTextual() && node.asText().isEmpty()) {
            errors.add(new FieldError(path + "." + field, null, "is required"));
            return null;
        }
        return optional(parent, field, path, errors);
    }

    private static String optional(JsonNode parent, String field, String path, List<FieldError> errors) {
        JsonNode node = parent.path(field);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            errors.add(new FieldError(path + "." + field, node.toString(), "must be a string"));
            return null;
        }
        return node.asText();
    }
}
