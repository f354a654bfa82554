package io.fedstream.cli;

import io.fedstream.decide.QuotaReport;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.QuotaNote;
import io.fedstream.avro.QuotaProblem;
import io.fedstream.avro.QuotaStatus;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Renders quotas one row each: NAMESPACE, NAME, {@code used/hard} per quota key, ADMITTED, REJECTED, PROBLEMS when a
 * quota has any and NOTES when a quota has any; wide adds a CLUSTER column and one row per cluster of each quota's status.
 */
final class QuotaTable {

    private static final String OVERALL = "(all)";

    private QuotaTable() {}

    static String render(Collection<QuotaReport> reports, boolean wide) {
        TreeSet<String> keys = new TreeSet<>();
        reports.forEach(r -> keys.addAll(r.status().getHard().keySet()));
        boolean problems = reports.stream().anyMatch(r -> !r.status().getProblems().isEmpty());
        boolean notes = reports.stream().anyMatch(r -> !r.status().getNotes().isEmpty());
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("NAMESPACE", "NAME"));
        if (wide) {
            header.add("CLUSTER");
        }
        keys.forEach(key -> header.add(key.toUpperCase(Locale.ROOT)));
        header.addAll(List.of("ADMITTED", "REJECTED"));
        if (problems) {
            header.add("PROBLEMS");
        }
        if (notes) {
            header.add("NOTES");
        }
        rows.add(header);
        for (QuotaReport report : reports) {
            QuotaStatus status = report.status();
            boolean inForce = report.inForce().isPresent();
            List<String> row = new ArrayList<>(List.of(report.namespace(), report.name()));
            if (wide) {
                row.add(inForce ? OVERALL : "");
            }
            keys.forEach(key -> row.add(usedOfHard(status.getUsed(), status.getHard(), key)));
            row.add(inForce ? Long.toString(status.getAdmittedCount()) : "");
            row.add(inForce ? Long.toString(status.getRejectedCount()) : "");
            if (problems) {
                row.add(problems(status.getProblems()));
            }
            if (notes) {
                row.add(notes(status.getNotes()));
            }
            rows.add(row);
            if (wide) {
                for (ClusterQuotaUsage cluster : status.getClusters()) {
                    List<String> clusterRow = new ArrayList<>(List.of("", "", cluster.getCluster()));
                    keys.forEach(key -> clusterRow.add(usedOfHard(cluster.getUsed(), cluster.getHard(), key)));
                    clusterRow.addAll(List.of("", ""));
                    if (problems) {
                        clusterRow.add("");
                    }
                    if (notes) {
                        clusterRow.add("");
                    }
                    rows.add(clusterRow);
                }
            }
        }
        return TextTable.render(rows);
    }

    /** {@code used/hard} where the key is limited; only what is used where it is not (a cluster without an assignment). */
    private static String usedOfHard(Map<String, String> used, Map<String, String> hard, String key) {
        if (hard.containsKey(key)) {
            return used.getOrDefault(key, "0") + "/" + hard.get(key);
        }
        return used.getOrDefault(key, "");
    }

    private static String problems(List<QuotaProblem> problems) {
        if (problems.isEmpty()) {
            return "";
        }
        QuotaProblem first = problems.get(0);
        return first.getField() + ": " + first.getReason() + (first.getValue() == null ? "" : " (value: " + first.getValue() + ")")
                + (problems.size() > 1 ? " (+" + (problems.size() - 1) + " more)" : "");
    }

    private static String notes(List<QuotaNote> notes) {
        return String.join("; ", notes.stream().map(n -> n.getField() + ": " + n.getText()).toList());
    }
}
