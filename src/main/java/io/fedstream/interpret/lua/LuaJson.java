package io.fedstream.interpret.lua;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * Converts between JSON trees and Lua values as Karmada's luavm does (decodeValue; gopher-json's Encode, then
 * {@code convertEmptySliceToEmptyStructPartly}). Lua cannot tell an empty list from an empty object, so an empty table
 * in a script's result becomes what the same field was in the reference objects (the script's inputs): {@code {}} where
 * it was an empty object there, {@code []} where it was an empty list, and is left out where it was neither.
 */
public final class LuaJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Deeper results are refused: manifests are at most 100 levels deep, and a table may refer to itself. */
    private static final int MAX_DEPTH = 200;

    private LuaJson() {}

    /** The Lua value of a JSON tree: objects and lists become tables, null nothing. */
    public static LuaValue toLua(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return LuaValue.NIL;
        }
        if (node.isObject()) {
            LuaTable table = new LuaTable(0, node.size());
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                LuaValue value = toLua(field.getValue());
                if (!value.isnil()) {
                    table.rawset(field.getKey(), value);
                }
            }
            return table;
        }
        if (node.isArray()) {
            LuaTable table = new LuaTable(node.size(), 0);
            for (int i = 0; i < node.size(); i++) {
                table.rawset(i + 1, toLua(node.get(i)));
            }
            return table;
        }
        if (node.isTextual()) {
            return LuaValue.valueOf(node.textValue().getBytes(StandardCharsets.UTF_8));
        }
        if (node.isBoolean()) {
            return LuaValue.valueOf(node.booleanValue());
        }
        if (node.isIntegralNumber() && node.canConvertToInt()) {
            return LuaValue.valueOf(node.intValue());
        }
        if (node.isNumber()) {
            return LuaValue.valueOf(node.doubleValue());
        }
        return LuaValue.valueOf(node.asText());
    }

    /**
     * The JSON tree of a script's result.
     *
     * @param rootIsObject whether the caller reads an object (an empty table is then {@code {}}) or a list
     * @param references the objects the script was given, which say what an empty table stood for
     * @throws IllegalArgumentException naming the path of a value JSON cannot hold (a function, a cycle)
     */
    public static JsonNode toJson(LuaValue value, boolean rootIsObject, List<JsonNode> references) {
        if (value.istable() && isEmpty((LuaTable) value)) {
            return rootIsObject ? NODES.objectNode() : NODES.arrayNode();
        }
        EmptyFields empty = new EmptyFields();
        for (JsonNode reference : references) {
            empty.collect(reference, "");
        }
        JsonNode out = convert(value, "", "$", empty, 0);
        return out == null ? NODES.nullNode() : out;
    }

    /** The JSON tree of a value a script handed to a library function, where an empty table is left out. */
    public static JsonNode toJson(LuaValue value) {
        return toJson(value, true, List.of());
    }

    /** Null means: leave the field out. */
    private static JsonNode convert(LuaValue value, String fieldPath, String where, EmptyFields empty, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException(where + ": nested more than " + MAX_DEPTH + " levels (a table that holds itself?)");
        }
        switch (value.type()) {
            case LuaValue.TNIL:
                return NODES.nullNode();
            case LuaValue.TBOOLEAN:
                return NODES.booleanNode(value.toboolean());
            case LuaValue.TNUMBER:
                return number(value.todouble());
            case LuaValue.TSTRING:
                return NODES.textNode(value.tojstring());
            case LuaValue.TTABLE:
                return table((LuaTable) value, fieldPath, where, empty, depth);
            default:
                throw new IllegalArgumentException(where + ": a " + value.typename() + " cannot be converted to JSON");
        }
    }

    private static JsonNode table(LuaTable table, String fieldPath, String where, EmptyFields empty, int depth) {
        if (isEmpty(table)) {
            if (empty.objects.contains(fieldPath)) {
                return NODES.objectNode();
            }
            return empty.lists.contains(fieldPath) ? NODES.arrayNode() : null;
        }
        int length = table.length();
        if (length > 0 && countKeys(table) == length) {
            ArrayNode array = NODES.arrayNode(length);
            for (int i = 1; i <= length; i++) {
                JsonNode element = convert(table.rawget(i), fieldPath, where + "[" + (i - 1) + "]", empty, depth + 1);
                if (element != null) {
                    array.add(element);
                }
            }
            return array;
        }
        // Go's encoder writes a map's keys in sorted order; so does this, for stable results.
        TreeMap<String, LuaValue> fields = new TreeMap<>();
        for (LuaValue key = table.next(LuaValue.NIL).arg1(); !key.isnil(); key = table.next(key).arg1()) {
            fields.put(key.tojstring(), table.rawget(key));
        }
        ObjectNode object = NODES.objectNode();
        for (Map.Entry<String, LuaValue> field : fields.entrySet()) {
            String childPath = fieldPath.isEmpty() ? field.getKey() : fieldPath + "." + field.getKey();
            JsonNode child = convert(field.getValue(), childPath, where + "." + field.getKey(), empty, depth + 1);
            if (child != null) {
                object.set(field.getKey(), child);
            }
        }
        return object;
    }

    private static JsonNode number(double value) {
        if (value == Math.rint(value) && !Double.isInfinite(value) && Math.abs(value) < 0x1p63) {
            return NODES.numberNode((long) value);
        }
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("the number " + value + " cannot be converted to JSON");
        }
        return NODES.numberNode(value);
    }

    private static boolean isEmpty(LuaTable table) {
        return table.next(LuaValue.NIL).arg1().isnil();
    }

    private static int countKeys(LuaTable table) {
        int count = 0;
        for (LuaValue key = table.next(LuaValue.NIL).arg1(); !key.isnil(); key = table.next(key).arg1()) {
            count++;
        }
        return count;
    }

    /** The field paths (list indexes left out, as Karmada leaves them out) of empty objects and empty lists. */
    private static final class EmptyFields {
        final Set<String> objects = new HashSet<>();
        final Set<String> lists = new HashSet<>();

        void collect(JsonNode node, String path) {
            if (node == null) {
                return;
            }
            if (node.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                    note(field.getValue(), child);
                }
            } else if (node.isArray()) {
                node.forEach(element -> note(element, path));
            }
        }

        private void note(JsonNode value, String path) {
            if (value.isObject() && value.isEmpty()) {
                objects.add(path);
            } else if (value.isArray() && value.isEmpty()) {
                lists.add(path);
            } else {
                collect(value, path);
            }
        }
    }
}
