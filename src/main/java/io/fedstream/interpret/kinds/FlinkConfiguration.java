package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Cursor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code flinkConfiguration} of a Flink resource as flat keys: values may be strings or
 * numbers, and keys may be written flat ({@code taskmanager.numberOfTaskSlots: 2}) or nested
 * ({@code taskmanager: {numberOfTaskSlots: 2}}); a flat key wins over the same nested one.
 */
final class FlinkConfiguration {

    private final Map<String, Cursor> values;

    private FlinkConfiguration(Map<String, Cursor> values) {
        this.values = values;
    }

    static FlinkConfiguration of(Cursor configuration) {
        Map<String, Cursor> nested = new LinkedHashMap<>();
        Map<String, Cursor> flat = new LinkedHashMap<>();
        configuration.entries().forEach((key, value) -> {
            if (value.node().isObject()) {
                flatten(key, value, nested);
            } else {
                flat.put(key, value);
            }
        });
        nested.putAll(flat);
        return new FlinkConfiguration(nested);
    }

    private static void flatten(String prefix, Cursor node, Map<String, Cursor> out) {
        node.entries().forEach((key, value) -> {
            if (value.node().isObject()) {
                flatten(prefix + "." + key, value, out);
            } else {
                out.put(prefix + "." + key, value);
            }
        });
    }

    /** The value of a key, or null when not set. */
    Cursor get(String key) {
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
