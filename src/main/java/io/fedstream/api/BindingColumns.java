package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.FieldError;
import io.fedstream.propagate.BindingStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a binding's row, read from the object the API shows, for kubectl's tables and {@code fedstream get}
 * alike: Karmada's SCHEDULED and FULLYAPPLIED (its CRD's printer columns) and fedstream's KIND, STATE (interpretation),
 * ADMISSION, CLUSTERS (names, each with its replicas when they are divided; - while unplaced), TEMPLATES, CPU, MEMORY,
 * UPDATED (the age of the last change) and REASON (why it is not interpreted, admitted or placed; - when it is all three).
 */
public final class BindingColumns {

    static final List<TableColumn> ALL = List.of(
            TableColumn.name("Karmada's binding name, <workload name>-<lower-case kind>."),
            TableColumn.text("Scheduled", "Whether the binding is placed (Karmada's Scheduled condition).",
                    (object, now) -> condition(object, BindingStatus.SCHEDULED)),
            TableColumn.text("FullyApplied", "Whether every placed cluster applied the workload (Karmada's FullyApplied condition).",
                    (object, now) -> condition(object, BindingStatus.FULLY_APPLIED)),
            TableColumn.text("Kind", "The workload's kind.", (object, now) -> object.at("/spec/resource/kind").asText()),
            TableColumn.text("State", "INTERPRETED, UNINTERPRETED or INVALID.", (object, now) -> object.at("/status/interpretation/state").asText("-")),
            TableColumn.text("Admission", "PENDING, ADMITTED, REJECTED or NOT_APPLICABLE.",
                    (object, now) -> object.at("/status/admission/state").asText("-")),
            TableColumn.text("Clusters", "Where it runs: names, each with its replicas where they are divided.", (object, now) -> clusters(object)),
            TableColumn.text("Templates", "How many pod templates the workload has.",
                    (object, now) -> Integer.toString(object.at("/spec/components").size())),
            TableColumn.text("CPU", "What all its pods request.", (object, now) -> object.at("/status/total/cpu").asText("0")),
            TableColumn.text("Memory", "What all its pods request.", (object, now) -> object.at("/status/total/memory").asText("0")),
            TableColumn.text("Updated", "Time since its last change.", (object, now) -> Ages.since(object.at("/status/updatedAt"), now)),
            TableColumn.text("Reason", "Why it is not interpreted, admitted or placed.", (object, now) -> reason(object)),
            TableColumn.text("Workload", "The workload key group/kind/namespace/name.",
                    (object, now) -> object.at("/metadata/annotations").path(BindingObject.WORKLOAD_KEY_ANNOTATION).asText()).wide());

    private BindingColumns() {}

    /** The cells of the columns shown by default, in order, for {@code fedstream get}. */
    public static List<String> headers() {
        return ALL.stream().filter(column -> column.priority() == 0).map(column -> column.name().toUpperCase()).toList();
    }

    public static List<String> cells(JsonNode binding, Instant now) {
        return ALL.stream().filter(column -> column.priority() == 0).map(column -> column.cell().apply(binding, now)).toList();
    }

    private static String condition(JsonNode object, String type) {
        for (JsonNode condition : object.at("/status/conditions")) {
            if (type.equals(condition.path("type").asText())) {
                return condition.path("status").asText();
            }
        }
        return "<none>";
    }

    /** {@code member1,member2} for copies, {@code member1:3,member2:2} for divided replicas, {@code -} while unplaced. */
    private static String clusters(JsonNode object) {
        List<String> shown = new ArrayList<>();
        for (JsonNode cluster : object.at("/spec/clusters")) {
            shown.add(cluster.path("name").asText() + (cluster.hasNonNull("replicas") ? ":" + cluster.get("replicas").asText() : ""));
        }
        return shown.isEmpty() ? "-" : String.join(",", shown);
    }

    /** Its first interpretation error, its admission's reason, or why it is not placed; {@code -} when none applies. */
    static String reason(JsonNode object) {
        JsonNode status = object.path("status");
        if (!"INTERPRETED".equals(status.at("/interpretation/state").asText())) {
            JsonNode errors = status.at("/interpretation/errors");
            if (errors.isEmpty()) {
                return "-";
            }
            JsonNode error = errors.get(0);
            return new FieldError(error.path("field").asText(), error.hasNonNull("value") ? error.get("value").asText() : null,
                    error.path("reason").asText()).message();
        }
        if (!"ADMITTED".equals(status.at("/admission/state").asText()) && status.at("/admission/reason").isTextual()) {
            return status.at("/admission/reason").asText();
        }
        if (!object.at("/spec/placement").isObject() && status.path("unplacedReason").isTextual()) {
            return status.path("unplacedReason").asText();
        }
        return "-";
    }
}
