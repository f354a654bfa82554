package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The {@code flinkConfiguration} of a Flink resource as flat keys: values may be strings or
 * numbers, and keys may be written flat ({@code taskmanager.numberOfTaskSlots: 2}) or nested
 * ({@code taskmanager: {numberOfTaskSlots: 2}}); a flat key wins over the same nested one.
 */
public final class FlinkConfiguration {

    /**
     * Every option a Flink kind reads. Declared, so that the skimming JSON reader can leave the
     * other options out of the tree (see {@link #mayHold}); reading an undeclared one fails.
     */
    private static final Set<String> READ = Set.of(
            "taskmanager.numberOfTaskSlots", "kubernetes.operator.pod-template.merge-arrays-by-name",
            "high-availability.type", "high-availability", "pipeline.jobvertex-parallelism-overrides",
            "taskmanager.cpu.cores", "kubernetes.jobmanager.cpu.amount", "kubernetes.jobmanager.cpu",
            "kubernetes.taskmanager.cpu.amount", "kubernetes.taskmanager.cpu",
            "kubernetes.jobmanager.cpu.limit-factor", "kubernetes.taskmanager.cpu.limit-factor",
            "kubernetes.jobmanager.memory.limit-factor", "kubernetes.taskmanager.memory.limit-factor",
            "jobmanager.memory.process.size", "taskmanager.memory.process.size");

    private static final Set<String> HOLDERS = holders();

    private final Map<String, Cursor> values;

    private FlinkConfiguration(Map<String, Cursor> values) {
        this.values = values;
    }

    static FlinkConfiguration of(Cursor configuration) {
        JsonNode node = configuration.node();
        if (!node.isObject()) {
            configuration.entries(); // records that a configuration which is present is not a mapping
            return new FlinkConfiguration(Map.of());
        }
        Map<String, Cursor> values = new HashMap<>();
        // Nested options first, so that a flat key replaces the same nested one.
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (mayHold(field.getKey()) && field.getValue().isObject()) {
                flatten(field.getKey(), configuration.field(field.getKey()), values);
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (mayHold(field.getKey()) && !field.getValue().isObject()) {
                values.put(field.getKey(), configuration.field(field.getKey()));
            }
        }
        return new FlinkConfiguration(values);
    }

    private static void flatten(String prefix, Cursor node, Map<String, Cursor> out) {
        node.entries().forEach((key, value) -> {
            String flatKey = prefix + "." + key;
            if (!mayHold(flatKey)) {
                return;
            }
            if (value.node().isObject()) {
                flatten(flatKey, value, out);
            } else {
                out.put(flatKey, value);
            }
        });
    }

    /**
     * True when a top-level key of {@code flinkConfiguration} can hold an option a Flink kind
     * reads: the option itself, or an object whose flattened keys may include one.
     */
    public static boolean mayHold(String key) {
        return HOLDERS.contains(key);
    }

    /** The options read and every prefix of theirs that ends before a dot. */
    private static Set<String> holders() {
        Set<String> out = new HashSet<>();
        for (String option : READ) {
            for (int dot = option.indexOf('.'); dot >= 0; dot = option.indexOf('.', dot + 1)) {
                out.add(option.substring(0, dot));
            }
            out.add(option);
        }
        return Set.copyOf(out);
    }

    /** The value of a key, or null when not set. */
    Cursor get(String key) {
        if (!READ.contains(key)) {
            throw new IllegalArgumentException("undeclared Flink option " + key + ": add it to FlinkConfiguration.READ");
        }
        Cursor c = values.get(key);
        return c == null || !c.isPresent() ? null : c;
    }

    /** The first of the keys that is set (new key first, then deprecated ones), or null. */
    Cursor first(String... keys) {
        for (String key : keys) {
            Cursor c = get(key);
            if (c != null) {
                return c;
            }
        }
        return null;
    }

    /** A positive int option (Flink parses strings and numbers alike), or the default when unset. */
    long positiveInt(String key, long defaultValue) {
        Cursor c = get(key);
        if (c == null) {
            return defaultValue;
        }
        String text = c.scalarText();
        try {
            long v = Integer.parseInt(text == null ? "" : text.trim());
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        c.error("must be a positive integer");
        return defaultValue;
    }

    /** A boolean option ("true"/"false" or a boolean), or the default when unset. */
    boolean bool(String key, boolean defaultValue) {
        Cursor c = get(key);
        if (c == null) {
            return defaultValue;
        }
        String text = c.scalarText();
        if ("true".equalsIgnoreCase(text) || "false".equalsIgnoreCase(text)) {
            return Boolean.parseBoolean(text.toLowerCase());
        }
        c.error("must be true or false");
        return defaultValue;
    }
}
