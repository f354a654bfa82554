package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.BindingColumns;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Renders bindings one row each, with the columns kubectl gets from the query API's table ({@link BindingColumns}). */
final class BindingSummaryTable {

    private BindingSummaryTable() {}

    /** With {@code withNamespace}, a NAMESPACE column first, as {@code kubectl get -A} shows it. */
    static String render(Collection<JsonNode> bindings, Instant now, boolean withNamespace) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(withNamespace ? prepend("NAMESPACE", BindingColumns.headers()) : BindingColumns.headers());
        for (JsonNode binding : bindings) {
            List<String> row = BindingColumns.cells(binding, now);
            rows.add(withNamespace ? prepend(binding.at("/metadata/namespace").asText(), row) : row);
        }
        return TextTable.render(rows);
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> row = new ArrayList<>(rest.size() + 1);
        row.add(first);
        row.addAll(rest);
        return row;
    }
}
