package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * RFC 6902 add, remove and replace on a Jackson tree, with the semantics of the library Karmada
 * applies overrides with ({@code github.com/evanphx/json-patch/v5}, default options): every
 * field above the target must exist (add creates only the last one), {@code -} appends to a
 * list, negative list indices count from the end, and a missing target fails.
 */
final class JsonPatch {

    private static final Pattern INDEX = Pattern.compile("[+-]?[0-9]{1,9}");

    private JsonPatch() {}

    /** Why the text is no JSON pointer below the root, or null when it is one. */
    static String pointerProblem(String path) {
        // "" (the whole manifest) is refused too: an override replaces fields, not the workload.
        if (!path.startsWith("/")) {
            return "must be a JSON pointer (RFC 6901) starting with /";
        }
        for (int i = path.indexOf('~'); i >= 0; i = path.indexOf('~', i + 1)) {
            if (i + 1 >= path.length() || (path.charAt(i + 1) != '0' && path.charAt(i + 1) != '1')) {
                return "has a ~ that is not ~0 (for ~) or ~1 (for /)";
            }
        }
        return null;
    }

    /** Applies one operation to the tree in place; the value is copied. */
    static void apply(JsonNode root, Overriders.Operator operator, String path, JsonNode value) {
        List<String> tokens = tokens(path);
        JsonNode container = root;
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < tokens.size() - 1; i++) {
            String token = tokens.get(i);
            JsonNode next = child(container, token);
            walked.append('/').append(escape(token));
            if (next == null || !next.isContainerNode()) {
                throw new OverrideException(operator + " " + path + ": " + (next == null
                        ? "the manifest has no " + walked
                        : walked + " is " + next.getNodeType().name().toLowerCase() + ", not a mapping or list"));
            }
            container = next;
        }
        String key = tokens.get(tokens.size() - 1);
        String where = operator + " " + path + ": ";
        if (container instanceof ObjectNode object) {
            if (operator != Overriders.Operator.add && !object.has(key)) {
                throw new OverrideException(where + "the manifest has no " + path);
            }
            if (operator == Overriders.Operator.remove) {
                object.remove(key);
            } else {
                object.set(key, value.deepCopy());
            }
            return;
        }
        ArrayNode array = (ArrayNode) container;
        if (operator == Overriders.Operator.add && key.equals("-")) {
            array.add(value.deepCopy());
            return;
        }
        int size = array.size();
        int index = index(key, where, walked);
        // add may insert at the end (index == size), so its range is one longer.
        int bound = operator == Overriders.Operator.add ? size + 1 : size;
        if (index < 0) {
            index += bound;
        }
        if (index < 0 || index >= bound) {
            throw new OverrideException(where + "index " + key + " is out of range: the list at " + walked
                    + " has " + size + " element" + (size == 1 ? "" : "s"));
        }
        switch (operator) {
            case add -> array.insert(index, value.deepCopy());
            case replace -> array.set(index, value.deepCopy());
            case remove -> array.remove(index);
            default -> throw new IllegalStateException("unknown operator " + operator);
        }
    }

    /** The value a pointer names, or null when the manifest has none there. */
    static JsonNode get(JsonNode root, String path) {
        JsonNode node = root;
        for (String token : tokens(path)) {
            node = node == null ? null : child(node, token);
        }
        return node;
    }

    private static JsonNode child(JsonNode container, String token) {
        if (container.isObject()) {
            return container.get(token);
        }
        if (container.isArray() && INDEX.matcher(token).matches()) {
            int index = Integer.parseInt(token);
            if (index < 0) {
                index += container.size();
            }
            return index >= 0 && index < container.size() ? container.get(index) : null;
        }
        return null;
    }

    private static int index(String key, String where, CharSequence list) {
        if (!INDEX.matcher(key).matches()) {
            throw new OverrideException(where + list + " is a list; " + key + " is not an index");
        }
        return Integer.parseInt(key);
    }

    private static List<String> tokens(String path) {
        List<String> out = new ArrayList<>();
        for (String raw : path.substring(1).split("/", -1)) {
            out.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return out;
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
