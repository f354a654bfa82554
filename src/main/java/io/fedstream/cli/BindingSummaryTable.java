package io.fedstream.cli;

import io.fedstream.api.BindingObject;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Renders bindings one row each, as {@code kubectl get}: NAME, KIND, STATE, TEMPLATES, CPU, MEMORY, UPDATED (an age). */
final class BindingSummaryTable {

    private static final List<String> HEADER = List.of("NAME", "KIND", "STATE", "TEMPLATES", "CPU", "MEMORY", "UPDATED");

    private BindingSummaryTable() {}

    static String render(Collection<ResourceBinding> bindings, Instant now) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (ResourceBinding binding : bindings) {
            rows.add(List.of(
                    BindingObject.address(binding).name(),
                    binding.getKind(),
                    binding.getInterpretation().getState().name(),
                    Integer.toString(binding.getComponents().size()),
                    binding.getTotal().getOrDefault("cpu", "0"),
                    binding.getTotal().getOrDefault("memory", "0"),
                    age(Duration.between(binding.getUpdatedAt(), now))));
        }
        int[] widths = new int[HEADER.size()];
        rows.forEach(row -> {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        });
        StringBuilder table = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.size(); c++) {
                line.append(String.format("%-" + (widths[c] + 3) + "s", row.get(c)));
            }
            table.append(line.toString().stripTrailing()).append('\n');
        }
        return table.toString();
    }

    /** kubectl's short ages: 45s, 12m, 5h, 3d. */
    static String age(Duration elapsed) {
        long seconds = Math.max(0, elapsed.toSeconds());
        if (seconds < 120) {
            return seconds + "s";
        }
        if (seconds < 120 * 60) {
            return seconds / 60 + "m";
        }
        if (seconds < 48 * 3600) {
            return seconds / 3600 + "h";
        }
        return seconds / 86400 + "d";
    }
}
