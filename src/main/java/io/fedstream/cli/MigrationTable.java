package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Renders migrations of the query API one row each, sorted by workload then attempt: WORKLOAD, INCIDENT, ATTEMPT,
 * FROM, TO, STRATEGY, PHASE, AGE; wide adds CHECKPOINT, DELTAS, INCREMENTAL/FULL, CANDIDATES and REASON.
 */
final class MigrationTable {

    private static final List<String> HEADER = List.of("WORKLOAD", "INCIDENT", "ATTEMPT", "FROM", "TO", "STRATEGY", "PHASE", "AGE");
    private static final List<String> WIDE = List.of("CHECKPOINT", "DELTAS", "INCREMENTAL/FULL", "CANDIDATES", "REASON");
    private static final String[] UNITS = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final Comparator<JsonNode> ORDER = Comparator
            .comparing((JsonNode m) -> m.at("/spec/workloadKey").asText())
            .thenComparingInt(m -> m.at("/spec/attempt").asInt())
            .thenComparing(m -> m.at("/spec/issuedAt").asText());

    private MigrationTable() {}

    static String render(List<JsonNode> migrations, boolean wide, Instant now) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(HEADER);
        if (wide) {
            header.addAll(WIDE);
        }
        rows.add(header);
        for (JsonNode migration : migrations.stream().sorted(ORDER).toList()) {
            JsonNode spec = migration.path("spec");
            JsonNode status = migration.path("status");
            List<String> row = new ArrayList<>(List.of(
                    spec.path("workloadKey").asText(),
                    text(spec.path("incidentId")),
                    spec.path("attempt").asText(),
                    text(spec.path("sourceCluster")),
                    target(spec),
                    text(spec.path("strategy")),
                    text(status.path("phase")),
                    age(spec.path("issuedAt"), now)));
            if (wide) {
                row.add(text(spec.at("/checkpoint/id")));
                row.add(deltas(spec.path("deltaReplay")));
                row.add(bytes(spec.path("incrementalBytes").asLong()) + "/" + bytes(spec.path("fullStateBytes").asLong()));
                row.add(candidates(spec.path("remainingCandidates")));
                row.add(text(status.path("reason")));
            }
            rows.add(row);
        }
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
        return "State relay: " + bytes(incremental) + " of deltas replayed incrementally against " + bytes(full)
                + " of full state" + share + ", over " + commands + (commands == 1 ? " migration." : " migrations.");
    }

    /** A purge moves the workload nowhere, so it shows as such rather than as a missing target. */
    private static String target(JsonNode spec) {
        return "PURGE".equals(spec.path("action").asText()) ? "(purge)" : text(spec.path("targetCluster"));
    }

    /** The replayed offsets as {@code from..to} (from exclusive, to inclusive) and their payload size. */
    private static String deltas(JsonNode range) {
        if (range.isNull() || range.isMissingNode()) {
            return "-";
        }
        return range.path("fromOffsetExclusive").asText() + ".." + range.path("toOffsetInclusive").asText()
                + " (" + bytes(range.path("bytes").asLong()) + ")";
    }

    private static String candidates(JsonNode candidates) {
        List<String> names = new ArrayList<>();
        candidates.forEach(candidate -> names.add(candidate.asText()));
        return names.isEmpty() ? "-" : String.join(",", names);
    }

    /** Bytes in binary units with one decimal, e.g. {@code 5.0Mi}: a table is read, not computed with. */
    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + "B";
        }
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f%s", value, UNITS[unit]);
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
