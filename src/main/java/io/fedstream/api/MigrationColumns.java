package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The columns of a migration's row, read from the object the API shows: WORKLOAD, INCIDENT, ATTEMPT, FROM, TO,
 * STRATEGY, PHASE, AGE; with {@code -o wide}, CHECKPOINT, DELTAS, INCREMENTAL/FULL, CANDIDATES and REASON. kubectl's
 * table begins with the migration's name; {@code fedstream get migrations} names it by its workload instead.
 */
public final class MigrationColumns {

    private static final String[] UNITS = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    static final List<TableColumn> ALL = List.of(
            TableColumn.name("<binding name>-<incident>-<attempt>; the command id is the annotation fedstream.io/command-id."),
            TableColumn.text("Workload", "The workload key group/kind/namespace/name.", (m, now) -> m.at("/spec/workloadKey").asText()),
            TableColumn.text("Incident", "The cluster incident that caused it.", (m, now) -> text(m.at("/spec/incidentId"))),
            TableColumn.text("Attempt", "1 for the first command of the incident, more for each retry.", (m, now) -> m.at("/spec/attempt").asText()),
            TableColumn.text("From", "The failed cluster.", (m, now) -> text(m.at("/spec/sourceCluster"))),
            TableColumn.text("To", "The target cluster, (purge) for a purge.", (m, now) -> target(m.path("spec"))),
            TableColumn.text("Strategy", "How state moves: checkpoint, offsets or graceful.", (m, now) -> text(m.at("/spec/strategy"))),
            TableColumn.text("Phase", "ISSUED, STARTED, RESTORED, COMPLETED or FAILED.", (m, now) -> text(m.at("/status/phase"))),
            TableColumn.text("Age", "Time since it was issued.", (m, now) -> Ages.since(m.at("/spec/issuedAt"), now)),
            TableColumn.text("Checkpoint", "The checkpoint restored from.", (m, now) -> text(m.at("/spec/checkpoint/id"))).wide(),
            TableColumn.text("Deltas", "The delta offsets replayed and their size.", (m, now) -> deltas(m.at("/spec/deltaReplay"))).wide(),
            TableColumn.text("Incremental/Full", "Bytes replayed against the full state's.", (m, now) -> bytes(m.at("/spec/incrementalBytes").asLong())
                    + "/" + bytes(m.at("/spec/fullStateBytes").asLong())).wide(),
            TableColumn.text("Candidates", "Clusters left to try.", (m, now) -> candidates(m.at("/spec/remainingCandidates"))).wide(),
            TableColumn.text("Reason", "Why it is in its phase.", (m, now) -> text(m.at("/status/reason"))).wide());

    private MigrationColumns() {}

    /** The headers {@code fedstream get migrations} prints: every column but the name. */
    public static List<String> headers(boolean wide) {
        return ALL.stream().skip(1).filter(column -> wide || column.priority() == 0).map(column -> column.name().toUpperCase()).toList();
    }

    public static List<String> cells(JsonNode migration, boolean wide, Instant now) {
        return ALL.stream().skip(1).filter(column -> wide || column.priority() == 0).map(column -> column.cell().apply(migration, now)).toList();
    }

    /** Bytes in binary units with one decimal, e.g. {@code 5.0Mi}: a table is read, not computed with. */
    public static String bytes(long bytes) {
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

    private static String text(JsonNode node) {
        return node.isNull() || node.isMissingNode() || node.asText().isEmpty() ? "-" : node.asText();
    }
}
