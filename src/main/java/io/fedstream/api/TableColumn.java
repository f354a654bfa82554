package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.function.BiFunction;

/**
 * One column of a kind's table, as {@code meta.k8s.io/v1 Table} defines it ({@code TableColumnDefinition}): name, type,
 * format, description and priority (0: shown by default; more: with {@code -o wide}), and how a cell reads the object.
 */
record TableColumn(String name, String type, String format, String description, int priority,
                   BiFunction<JsonNode, Instant, String> cell) {

    /** The first column of every table: the object's name. */
    static TableColumn name(String description) {
        return new TableColumn("Name", "string", "name", description, 0, (object, now) -> object.at("/metadata/name").asText());
    }

    static TableColumn text(String name, String description, BiFunction<JsonNode, Instant, String> cell) {
        return new TableColumn(name, "string", "", description, 0, cell);
    }

    /** A column shown only with {@code -o wide}. */
    TableColumn wide() {
        return new TableColumn(name, type, format, description, 1, cell);
    }
}
