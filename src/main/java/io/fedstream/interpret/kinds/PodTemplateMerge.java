package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.interpret.FieldMap;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Merges a component pod template over a common one as the Flink operator does: objects merge
 * deeply, other values are replaced, and lists merge element by element by position (or, with
 * {@code kubernetes.operator.pod-template.merge-arrays-by-name}, by their {@code name}).
 */
final class PodTemplateMerge {

    private PodTemplateMerge() {}

    /**
     * {@code override} merged over {@code base}; either may be missing. Neither input is
     * modified: merged objects and lists are new nodes, and every subtree that one side alone
     * provides is shared with the result (which is only read, never modified).
     */
    static JsonNode merge(JsonNode base, JsonNode override, boolean byName) {
        boolean hasBase = base != null && base.isObject();
        boolean hasOverride = override != null && override.isObject();
        if (!hasOverride) {
            return hasBase ? base : MissingNode.getInstance();
        }
        if (!hasBase) {
            return override;
        }
        return mergeObject((ObjectNode) base, override, byName);
    }

    /**
     * The field {@code key} of {@code merge(base, override, byName)}, or null when the merged
     * template has none: that field alone is merged, not the rest of the templates.
     */
    static JsonNode mergeField(JsonNode base, JsonNode override, String key, boolean byName) {
        boolean hasBase = base != null && base.isObject();
        boolean hasOverride = override != null && override.isObject();
        if (!hasOverride) {
            return hasBase ? base.get(key) : null;
        }
        if (!hasBase) {
            return override.get(key);
        }
        JsonNode fromChild = override.get(key);
        JsonNode toChild = base.get(key);
        return fromChild == null ? toChild : mergeValue(toChild, fromChild, byName);
    }

    /** {@code from}'s fields merged into {@code to}; a {@code to} that is not an object stays as it is. */
    private static JsonNode mergeInto(JsonNode to, JsonNode from, boolean byName) {
        if (!(to instanceof ObjectNode object) || from.isEmpty() || !from.isObject()) {
            return to;
        }
        return mergeObject(object, from, byName);
    }

    private static ObjectNode mergeObject(ObjectNode to, JsonNode from, boolean byName) {
        FieldMap result = new FieldMap(to.size() + from.size());
        for (Iterator<Map.Entry<String, JsonNode>> fields = to.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            result.put(field.getKey(), field.getValue());
        }
        Iterator<Map.Entry<String, JsonNode>> fields = from.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            // The result starts with to's fields, so a key of to keeps its place.
            result.put(name, mergeValue(result.get(name), field.getValue(), byName));
        }
        // Merged objects are only read, so the factory (which makes new child nodes) does not matter.
        return new ObjectNode(JsonNodeFactory.instance, result);
    }

    /** The value of a field that {@code from} sets, over the same field of {@code to} (null when unset). */
    private static JsonNode mergeValue(JsonNode toChild, JsonNode fromChild, boolean byName) {
        if (toChild != null && toChild.isArray() && fromChild.isArray()) {
            return mergeArray((ArrayNode) toChild, (ArrayNode) fromChild, byName);
        }
        if (toChild != null && toChild.isObject()) {
            return mergeInto(toChild, fromChild, byName);
        }
        return fromChild;
    }

    private static ArrayNode mergeArray(ArrayNode to, ArrayNode from, boolean byName) {
        ArrayNode result = to.arrayNode(Math.max(to.size(), from.size()));
        if (byName && allNamed(to) && allNamed(from)) {
            Map<String, JsonNode> merged = new LinkedHashMap<>();
            to.forEach(e -> merged.put(e.get("name").asText(), e));
            from.forEach(e -> merged.merge(e.get("name").asText(), e, (old, add) -> mergeInto(old, add, true)));
            merged.values().forEach(result::add);
            return result;
        }
        for (int i = 0; i < Math.max(to.size(), from.size()); i++) {
            if (i >= from.size()) {
                result.add(to.get(i));
            } else if (i >= to.size()) {
                result.add(from.get(i));
            } else {
                result.add(mergeInto(to.get(i), from.get(i), byName));
            }
        }
        return result;
    }

    private static boolean allNamed(ArrayNode array) {
        for (JsonNode e : array) {
            if (!e.has("name")) {
                return false;
            }
        }
        return true;
    }
}
