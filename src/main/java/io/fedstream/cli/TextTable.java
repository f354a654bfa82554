package io.fedstream.cli;

import java.util.List;

/** Lays out rows of cells in left-aligned columns three spaces apart, as {@code kubectl get} does. */
final class TextTable {

    private TextTable() {}

    static String render(List<List<String>> rows) {
        int columns = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
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
}
