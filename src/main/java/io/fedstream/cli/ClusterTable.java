package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.Ages;
import io.fedstream.api.ClusterColumns;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders clusters of the query API one row each, with the columns kubectl gets from the query API's table
 * ({@link ClusterColumns}); below the rows, the migration brake while it holds, and each cluster's latest refused heartbeat.
 */
final class ClusterTable {

    private ClusterTable() {}

    static String render(List<JsonNode> clusters, boolean wide, Instant now) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(ClusterColumns.headers(wide));
        clusters.forEach(cluster -> rows.add(ClusterColumns.cells(cluster, wide, now)));
        StringBuilder text = new StringBuilder(TextTable.render(rows));
        clusters.stream().map(cluster -> cluster.at("/status/brake")).filter(brake -> brake.isObject()).findFirst()
                .ifPresent(brake -> text.append("Migration brake HOLDS since ").append(brake.path("since").asText())
                        .append(" (").append(brake.path("reason").asText()).append("): ").append(brake.path("message").asText())
                        .append(". No migration command is issued while it holds.\n"));
        for (JsonNode cluster : clusters) {
            JsonNode refused = cluster.at("/status/lastRefusedHeartbeat");
            if (refused.isObject()) {
                text.append("Heartbeat of ").append(cluster.at("/metadata/name").asText()).append(" refused ")
                        .append(Ages.since(refused.path("refusedAt"), now)).append(" ago: ").append(refused.path("message").asText()).append('\n');
            }
        }
        return text.toString();
    }
}
