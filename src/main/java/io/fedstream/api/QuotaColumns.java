package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a FederatedResourceQuota's row for kubectl: USED/HARD of every key of {@code status.overall}, then
 * ADMITTED, REJECTED and the first PROBLEM of a refused version. ({@code fedstream get quotas} gives each key a column of
 * its own, which a table whose columns are fixed before its rows cannot.)
 */
final class QuotaColumns {

    static final List<TableColumn> ALL = List.of(
            TableColumn.name("The quota's name."),
            TableColumn.text("Used/Hard", "What admitted workloads use of each limited resource, over the quota's limit.",
                    (quota, now) -> usedOfHard(quota)),
            TableColumn.text("Admitted", "Workloads admitted under the quota.", (quota, now) -> quota.at("/status/admittedCount").asText("-")),
            TableColumn.text("Rejected", "Workloads it refuses now.", (quota, now) -> quota.at("/status/rejectedCount").asText("-")),
            TableColumn.text("Problem", "Why a version was refused: its first problem.", (quota, now) -> problem(quota)));

    private QuotaColumns() {}

    private static String usedOfHard(JsonNode quota) {
        List<String> shown = new ArrayList<>();
        JsonNode used = quota.at("/status/overallUsed");
        quota.at("/status/overall").fields().forEachRemaining(hard ->
                shown.add(hard.getKey() + "=" + used.path(hard.getKey()).asText("0") + "/" + hard.getValue().asText()));
        return shown.isEmpty() ? "-" : String.join(",", shown);
    }

    private static String problem(JsonNode quota) {
        JsonNode problems = quota.at("/status/problems");
        if (problems.isEmpty()) {
            return "-";
        }
        JsonNode first = problems.get(0);
        return first.path("field").asText() + ": " + first.path("reason").asText()
                + (first.hasNonNull("value") ? " (value: " + first.get("value").asText() + ")" : "");
    }
}
