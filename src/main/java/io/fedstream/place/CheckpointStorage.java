package io.fedstream.place;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A policy's {@code failover.checkpointStorage} (fedstream's own field, in the seed's spelling): where a workload's
 * checkpoints live, e.g. {@code {s3: {endpoint, bucket}}}. It is carried into every MigrationCommand twice: verbatim, as
 * the JSON text of the mapping as written (any nesting), and flattened to dotted keys ({@code s3.endpoint}) for readers
 * of the older flat string map.
 *
 * @param json the mapping as written, as compact JSON; null when the policy gives none
 * @param entries every scalar of the mapping under its dotted path; a list as its compact JSON
 */
public record CheckpointStorage(String json, Map<String, String> entries) {

    public static final CheckpointStorage NONE = new CheckpointStorage(null, Map.of());

    public CheckpointStorage {
        // In the order written: Map.copyOf's order changes from one JVM to the next, and the commands carry it.
        entries = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(entries, "entries")));
    }

    /**
     * Reads the mapping at {@code at}, recording a problem (naming field and value) for a value that is not a mapping,
     * a null leaf, or two paths that flatten to the same key; {@link #NONE} when absent.
     */
    public static CheckpointStorage read(Cursor at) {
        if (!at.isPresent()) {
            return NONE;
        }
        if (!at.node().isObject()) {
            at.error("must be a mapping, e.g. {s3: {endpoint: ..., bucket: ...}}");
            return NONE;
        }
        int before = at.problems().size();
        Map<String, String> entries = new LinkedHashMap<>();
        Map<String, String> flattenedFrom = new LinkedHashMap<>();
        flatten(at, "", entries, flattenedFrom);
        return at.problems().size() == before ? new CheckpointStorage(at.node().toString(), entries) : NONE;
    }

    private static void flatten(Cursor mapping, String prefix, Map<String, String> entries, Map<String, String> flattenedFrom) {
        mapping.entries().forEach((key, value) -> {
            String dotted = prefix + key;
            JsonNode node = value.node();
            if (node.isObject()) {
                flatten(value, dotted + ".", entries, flattenedFrom);
                return;
            }
            if (!value.isPresent()) {
                value.error("must have a value");
                return;
            }
            String earlier = flattenedFrom.putIfAbsent(dotted, value.path());
            if (earlier != null) {
                value.error("flattens to " + dotted + ", as " + earlier + " does; the executor could not tell them apart");
                return;
            }
            entries.put(dotted, node.isValueNode() ? node.asText() : node.toString());
        });
    }
}
