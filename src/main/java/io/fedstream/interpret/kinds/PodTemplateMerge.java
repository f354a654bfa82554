package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

    /** A new tree: {@code override} merged into a copy of {@code base}; either may be missing. */
    static JsonNode merge(JsonNode base, JsonNode override, boolean byName) {
        boolean hasBase = base != null && base.isObject();
        boolean hasOverride = override != null && override.isObject();
        if (!hasOverride) {
            return hasBase ? base.deepCopy() : MissingNode.getInstance();
        }
        if (!hasBase) {
            return override.deepCopy();
        }
        JsonNode result = base.deepCopy();
        mergeInto(result, override.deepCopy(), byName);
        return result;
    }

    private static void mergeInto(JsonNode to, JsonNode from, boolean byName) {
        Iterator<String> names = from.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            JsonNode toChild = to.get(name);
            JsonNode fromChild = from.get(name);
            if (toChild != null && toChild.isArray() && fromChild.isArray()) {
                mergeArray((ArrayNode) toChild, (ArrayNode) fromChild, byName);
            } else if (toChild != null && toChild.isObject()) {
                mergeInto(toChild, fromChild, byName);
            } else if (to instanceof ObjectNode object) {
                object.set(name, fromChild);
            }
        }
    }

    private static void mergeArray(ArrayNode to, ArrayNode from, boolean byName) {
        if (byName && allNamed(to) && allNamed(from)) {
            Map<String, JsonNode> merged = new LinkedHashMap<>();
            to.forEach(e -> merged.put(e.get("name").asText(), e));
            from.forEach(e -> merged.merge(e.get("name").asText(), e, (old, add) -> {
                mergeInto(old, add, true);
                return old;
            }));
            to.removeAll();
            merged.values().forEach(to::add);
            return;
        }
        for (int i = 0; i < from.size(); i++) {
            if (to.size() <= i) {
                to.add(from.get(i));
            } else {
                mergeInto(to.get(i), from.get(i), byName);
            }
        }
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
