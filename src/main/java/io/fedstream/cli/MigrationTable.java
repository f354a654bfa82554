package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.MigrationColumns;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Renders migrations of the query API one row each, sorted by workload then attempt, with the columns kubectl gets from
 * the query API's table ({@link MigrationColumns}) but the name; wide adds the state relay's summary below.
 */
final class MigrationTable {

    private static final Comparator<JsonNode> ORDER = Comparator
            .comparing((JsonNode m) -> m.at("/spec/workloadKey").asText())
            .thenComparingInt(m -> m.at("/spec/attempt").asInt())
            .thenComparing(m -> m.at("/spec/issuedAt").asText());

    private MigrationTable() {}

    static String render(List<JsonNode> migrations, boolean wide, Instant now) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(MigrationColumns.headers(wide));
        migrations.stream().sorted(ORDER).forEach(migration -> rows.add(MigrationColumns.cells(migration, wide, now)));
        return TextTable.render(rows) + (wide ? relaySummary(migrations) + "\n" : "");
    }

    /**
     * The state relay over the listed migrations that carried state: what the targets replay incrementally against
     * what moving the full state would have cost.
     */
    static String relaySummary(List<JsonNode> migrations) {
        long commands = 0;
        long incremental = 0;
        long full = 0;
        for (JsonNode migration : migrations) {
            JsonNode spec = migration.path("spec");
            long fullBytes = spec.path("fullStateBytes").asLong();
            long incrementalBytes = spec.path("incrementalBytes").asLong();
            if ("MIGRATE".equals(spec.path("action").asText()) && (fullBytes > 0 || incrementalBytes > 0)) {
                commands++;
                incremental = Math.addExact(incremental, incrementalBytes);
                full = Math.addExact(full, fullBytes);
            }
        }
        if (commands == 0) {
            return "State relay: no migration carried state.";
        }
        String share = full == 0 ? "" : String.format(Locale.ROOT, " (%.2f%%)", 100.0 * incremental / full);
        return "State relay: " + MigrationColumns.bytes(incremental) + " of deltas replayed incrementally against " + MigrationColumns.bytes(full)
                + " of full state" + share + ", over " + commands + (commands == 1 ? " migration." : " migrations.");
    }
}
