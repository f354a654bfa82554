package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Quantities;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders clusters of the query API one row each, as {@code kubectl get}: NAME, STATE, READY, LAST-HEARTBEAT (an
 * age), INCIDENT, FLAPS, CPU and MEMORY as allocated/allocatable and the share allocated, TAINTS each with the time
 * since it was added; wide
 * adds REASON and the time in the state.
 * Below the rows: the migration brake while it holds, and each cluster's latest refused heartbeat.
 */
final class ClusterTable {

    private static final List<String> HEADER = List.of("NAME", "STATE", "READY", "LAST-HEARTBEAT", "INCIDENT", "FLAPS", "CPU", "MEMORY",
            "TAINTS");
    private static final List<String> WIDE = List.of("REASON", "SINCE");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private ClusterTable() {}

    static String render(List<JsonNode> clusters, boolean wide, Instant now) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(HEADER);
        if (wide) {
            header.addAll(WIDE);
        }
        rows.add(header);
        for (JsonNode cluster : clusters) {
            JsonNode status = cluster.path("status");
            List<String> row = new ArrayList<>(List.of(
                    cluster.at("/metadata/name").asText(),
                    status.path("state").asText(),
                    ready(status.path("conditions")),
                    age(status.path("lastHeartbeatAt"), now),
                    text(status.path("incidentId")),
                    status.path("flapCount").asText("0"),
                    usage(status.path("resourceSummary"), "cpu"),
                    usage(status.path("resourceSummary"), "memory"),
                    taints(cluster.at("/spec/taints"), now)));
            if (wide) {
                row.add(text(status.path("reason")));
                row.add(age(status.path("since"), now));
            }
            rows.add(row);
        }
        StringBuilder text = new StringBuilder(TextTable.render(rows));
        clusters.stream().map(cluster -> cluster.at("/status/brake")).filter(brake -> brake.isObject()).findFirst()
                .ifPresent(brake -> text.append("Migration brake HOLDS since ").append(brake.path("since").asText())
                        .append(" (").append(brake.path("reason").asText()).append("): ").append(brake.path("message").asText())
                        .append(". No migration command is issued while it holds.\n"));
        for (JsonNode cluster : clusters) {
            JsonNode refused = cluster.at("/status/lastRefusedHeartbeat");
            if (refused.isObject()) {
                text.append("Heartbeat of ").append(cluster.at("/metadata/name").asText()).append(" refused ")
                        .append(age(refused.path("refusedAt"), now)).append(" ago: ").append(refused.path("message").asText()).append('\n');
            }
        }
        return text.toString();
    }

    private static String ready(JsonNode conditions) {
        for (JsonNode condition : conditions) {
            if ("Ready".equals(condition.path("type").asText())) {
                return condition.path("status").asText();
            }
        }
        return "-";
    }

    private static String usage(JsonNode summary, String resource) {
        String allocated = summary.path("allocated").path(resource).asText("");
        String allocatable = summary.path("allocatable").path(resource).asText("");
        if (allocated.isEmpty() && allocatable.isEmpty()) {
            return "-";
        }
        return (allocated.isEmpty() ? "0" : allocated) + "/" + (allocatable.isEmpty() ? "?" : allocatable)
                + share(allocated, allocatable);
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
    private static String taints(JsonNode taints, Instant now) {
        List<String> shown = new ArrayList<>();
        taints.forEach(t -> shown.add(t.path("key").asText() + (t.hasNonNull("value") ? "=" + t.path("value").asText() : "")
                + ":" + t.path("effect").asText() + (t.hasNonNull("timeAdded") ? "(" + age(t.path("timeAdded"), now) + ")" : "")));
        return shown.isEmpty() ? "-" : String.join(",", shown);
    }

    private static String age(JsonNode time, Instant now) {
        if (time.isNull() || time.isMissingNode()) {
            return "-";
        }
        return BindingSummaryTable.age(Duration.between(Instant.parse(time.asText()), now));
    }

    private static String text(JsonNode node) {
        return node.isNull() || node.isMissingNode() || node.asText().isEmpty() ? "-" : node.asText();
    }
}
