package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Quantities;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a cluster's row, read from the object the API shows, for kubectl's tables and {@code fedstream get
 * clusters} alike: STATE, READY, LAST-HEARTBEAT (an age), INCIDENT, FLAPS, CPU and MEMORY as allocated/allocatable and
 * the share allocated, TAINTS each with the time since it was added; with {@code -o wide}, REASON and SINCE.
 */
public final class ClusterColumns {

    static final List<TableColumn> ALL = List.of(
            TableColumn.name("The member cluster's name."),
            TableColumn.text("State", "READY, SUSPECT, FAILED or RECOVERING, as fedstream's cluster watch sees it.",
                    (cluster, now) -> cluster.at("/status/state").asText("-")),
            TableColumn.text("Ready", "The Ready condition the cluster reports.", (cluster, now) -> ready(cluster)),
            TableColumn.text("Last-Heartbeat", "Time since the last heartbeat.",
                    (cluster, now) -> Ages.since(cluster.at("/status/lastHeartbeatAt"), now)),
            TableColumn.text("Incident", "The open incident, if any.", (cluster, now) -> text(cluster.at("/status/incidentId"))),
            TableColumn.text("Flaps", "State changes within the flap window.", (cluster, now) -> cluster.at("/status/flapCount").asText("0")),
            TableColumn.text("CPU", "Allocated/allocatable (share allocated).", (cluster, now) -> usage(cluster, "cpu")),
            TableColumn.text("Memory", "Allocated/allocatable (share allocated).", (cluster, now) -> usage(cluster, "memory")),
            TableColumn.text("Taints", "key=value:Effect(age) of each taint.", ClusterColumns::taints),
            TableColumn.text("Reason", "Why the cluster is in its state.", (cluster, now) -> text(cluster.at("/status/reason"))).wide(),
            TableColumn.text("Since", "Time in the state.", (cluster, now) -> Ages.since(cluster.at("/status/since"), now)).wide());

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private ClusterColumns() {}

    /** The headers {@code fedstream get clusters} prints, with {@code -o wide} or without. */
    public static List<String> headers(boolean wide) {
        return ALL.stream().filter(column -> wide || column.priority() == 0).map(column -> column.name().toUpperCase()).toList();
    }

    public static List<String> cells(JsonNode cluster, boolean wide, Instant now) {
        return ALL.stream().filter(column -> wide || column.priority() == 0).map(column -> column.cell().apply(cluster, now)).toList();
    }

    private static String ready(JsonNode cluster) {
        for (JsonNode condition : cluster.at("/status/conditions")) {
            if ("Ready".equals(condition.path("type").asText())) {
                return condition.path("status").asText();
            }
        }
        return "-";
    }

    private static String usage(JsonNode cluster, String resource) {
        JsonNode summary = cluster.at("/status/resourceSummary");
        String allocated = summary.path("allocated").path(resource).asText("");
        String allocatable = summary.path("allocatable").path(resource).asText("");
        if (allocated.isEmpty() && allocatable.isEmpty()) {
            return "-";
        }
        return (allocated.isEmpty() ? "0" : allocated) + "/" + (allocatable.isEmpty() ? "?" : allocatable) + share(allocated, allocatable);
    }

    /** {@code " (42%)"}, rounded down as {@code kubectl describe node} rounds; empty when it cannot be computed. */
    private static String share(String allocated, String allocatable) {
        try {
            BigDecimal whole = Quantities.parse(allocatable);
            if (whole.signum() <= 0) {
                return "";
            }
            BigDecimal part = allocated.isEmpty() ? BigDecimal.ZERO : Quantities.parse(allocated);
            return " (" + part.multiply(HUNDRED).divide(whole, 0, RoundingMode.DOWN).toPlainString() + "%)";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    /** kubectl's {@code key=value:Effect}, with the time since it was added: {@code cluster.karmada.io/unreachable:NoExecute(45s)}. */
    private static String taints(JsonNode cluster, Instant now) {
        List<String> shown = new ArrayList<>();
        cluster.at("/spec/taints").forEach(t -> shown.add(t.path("key").asText() + (t.hasNonNull("value") ? "=" + t.path("value").asText() : "")
                + ":" + t.path("effect").asText() + (t.hasNonNull("timeAdded") ? "(" + Ages.since(t.path("timeAdded"), now) + ")" : "")));
        return shown.isEmpty() ? "-" : String.join(",", shown);
    }

    private static String text(JsonNode node) {
        return node.isNull() || node.isMissingNode() || node.asText().isEmpty() ? "-" : node.asText();
    }
}
