package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A position in a manifest tree: a node (possibly absent) and its field path, e.g.
 * {@code spec.template.spec.containers[0].resources.requests.memory}. Typed reads record a
 * {@link FieldError} naming this path and the offending value in the shared {@link Problems}
 * and return a harmless fallback, so a kind interpreter reads on and reports every problem.
 *
 * <p>Map keys containing '.', '[' or ']' are rendered in brackets, as Kubernetes does:
 * {@code spec.flinkConfiguration[taskmanager.numberOfTaskSlots]}.
 */
public final class Cursor {

    private static final int MAX_INT32 = Integer.MAX_VALUE;

    private final JsonNode node;
    private final Problems problems;
    // The path is built only when asked for (errors, replicas fields): most reads never need it.
    private final Cursor parent;
    private final String key;
    private final int index;
    private String path;

    private Cursor(JsonNode node, String path, Problems problems) {
        this.node = node == null ? MissingNode.getInstance() : node;
        this.problems = problems;
        this.parent = null;
        this.key = null;
        this.index = -1;
        this.path = path;
    }

    private Cursor(JsonNode node, Cursor parent, String key, int index) {
        this.node = node == null ? MissingNode.getInstance() : node;
        this.problems = parent.problems;
        this.parent = parent;
        this.key = key;
        this.index = index;
    }

    /** A cursor at the root of a manifest. */
    public static Cursor root(JsonNode node, Problems problems) {
        return new Cursor(node, "", problems);
    }

    /** A cursor at a node whose field path is already known (e.g. a merged pod template). */
    public static Cursor root(JsonNode node, String path, Problems problems) {
        return new Cursor(node, path, problems);
    }

    /** The node at a dotted path below this one, e.g. {@code at("spec.template.spec")}; absent nodes are fine. */
    public Cursor at(String dottedPath) {
        // The parts String.split("\\.") gives, without its regex and array: trailing empty parts are dropped.
        int end = dottedPath.length();
        while (end > 0 && dottedPath.charAt(end - 1) == '.') {
            end--;
        }
        if (end == 0 && !dottedPath.isEmpty()) {
            return this;
        }
        Cursor c = this;
        int start = 0;
        for (int dot = dottedPath.indexOf('.'); dot >= 0 && dot < end; dot = dottedPath.indexOf('.', start)) {
            c = c.field(dottedPath.substring(start, dot));
            start = dot + 1;
        }
        return c.field(start == 0 && end == dottedPath.length() ? dottedPath : dottedPath.substring(start, end));
    }

    /** A cursor at one key of this one that holds another node (e.g. the merged value of that field); records nothing. */
    public Cursor fieldWithNode(String key, JsonNode other) {
        return new Cursor(other, this, key, -1);
    }

    /** The value of one key of this mapping (a key may contain dots). */
    public Cursor field(String key) {
        JsonNode child = null;
        if (node.isObject()) {
            child = node.get(key);
        } else if (isPresent()) {
            error("must be a mapping");
        }
        return new Cursor(child, this, key, -1);
    }

    /** The i-th element of this list. */
    public Cursor index(int i) {
        return new Cursor(node.isArray() ? node.get(i) : null, this, null, i);
    }

    /** The field path, e.g. {@code spec.template.spec.containers[0]}; "" at the root. */
    public String path() {
        String p = path;
        if (p == null && parent != null) {
            String up = parent.path();
            p = key != null ? childPath(up, key) : up + "[" + index + "]";
            path = p;
        }
        return p;
    }

    /** The node; a MissingNode when absent. */
    public JsonNode node() {
        return node;
    }

    /** The sink this cursor records problems in. */
    public Problems problems() {
        return problems;
    }

    /** True when the field exists and is not null. */
    public boolean isPresent() {
        // Type checks instead of JsonNode's virtual isMissingNode()/isNull(), called on every read.
        return !(node instanceof MissingNode) && !(node instanceof NullNode);
    }

    /** Records a problem with this field, naming its path and value. */
    public void error(String reason) {
        String p = path();
        problems.add(p.isEmpty() ? "manifest" : p, valueText(node), reason);
    }

    /** Records that this field is read but has no effect (naming its path and value); it changes no outcome. */
    public void warning(String reason) {
        String p = path();
        problems.addWarning(new FieldError(p.isEmpty() ? "manifest" : p, valueText(node), reason));
    }

    /**
     * Records that the manifest cannot be interpreted because of what this field refers to
     * (naming this path and value), e.g. a runtime the interpreter does not know.
     */
    public void uninterpretable(String reason) {
        String p = path();
        problems.addUninterpretable(new FieldError(p.isEmpty() ? "manifest" : p, valueText(node), reason));
    }

    /** A string value; null when absent; a non-string is an error. */
    public String string() {
        if (!isPresent()) {
            return null;
        }
        if (!node.isTextual()) {
            error("must be a string");
            return null;
        }
        return node.textValue();
    }

    /**
     * The string value of one key of this mapping, as {@code field(key).string()} gives it, with
     * no cursor made when there is nothing to report (the usual string or absent value).
     */
    public String fieldString(String key) {
        if (node.isObject()) {
            JsonNode child = node.get(key);
            if (child == null || child instanceof NullNode || child instanceof MissingNode) {
                return null;
            }
            if (child.isTextual()) {
                return child.textValue();
            }
        }
        return field(key).string();
    }

    /**
     * True when this is a mapping without a value (or with null) for the key: its field is absent,
     * and reading it could record nothing.
     */
    public boolean lacks(String key) {
        if (!node.isObject()) {
            return false;
        }
        JsonNode child = node.get(key);
        return child == null || child instanceof NullNode || child instanceof MissingNode;
    }

    /** A non-empty string value; absence is an error. */
    public String requiredString() {
        String s = string();
        if (s == null && !isPresent()) {
            error("is required");
        } else if (s != null && s.isEmpty()) {
            error("must not be empty");
            return null;
        }
        return s;
    }

    /** Requires the string at this cursor and reports an error unless it is {@code expected}. */
    public void requireValue(String expected) {
        String value = requiredString();
        if (value != null && !value.equals(expected)) {
            error("must be " + expected);
        }
    }

    /** Reports an error for each field of this mapping that is not one of {@code known}. */
    public void onlyFields(List<String> known) {
        for (String key : entries().keySet()) {
            if (!known.contains(key)) {
                field(key).error("is not a known field (expected " + String.join(", ", known) + ")");
            }
        }
    }

    /** A boolean value, or the default when absent. */
    public boolean bool(boolean defaultValue) {
        if (!isPresent()) {
            return defaultValue;
        }
        if (!node.isBoolean()) {
            error("must be true or false");
            return defaultValue;
        }
        return node.booleanValue();
    }

    /**
     * A count (replicas, parallelism, ...): a non-negative 32-bit integer, as the Kubernetes API
     * requires; the default when absent. Strings, fractions and negatives are errors.
     */
    public long count(long defaultValue) {
        Long value = optionalCount();
        return value == null ? defaultValue : value;
    }

    /** A count as in {@link #count(long)}, or null when absent or invalid. */
    public Long optionalCount() {
        if (!isPresent()) {
            return null;
        }
        if (!node.isNumber()) {
            error("must be an integer");
            return null;
        }
        if (!node.isIntegralNumber()) {
            error("must be an integer, not a fraction");
            return null;
        }
        if (node.bigIntegerValue().signum() < 0) {
            error("must not be negative");
            return null;
        }
        if (!node.canConvertToLong() || node.longValue() > MAX_INT32) {
            error("must be at most " + MAX_INT32);
            return null;
        }
        return node.longValue();
    }

    /**
     * An exact decimal from a number or a numeric string (e.g. Flink's cpu: 0.5 or "0.5");
     * null when absent.
     */
    public BigDecimal decimal() {
        if (!isPresent()) {
            return null;
        }
        try {
            if (node.isNumber()) {
                return node.isFloatingPointNumber() && !node.isBigDecimal()
                        ? new BigDecimal(Double.toString(node.doubleValue()))
                        : node.decimalValue();
            }
            if (node.isTextual() && node.textValue().length() <= Quantities.MAX_LENGTH) {
                return new BigDecimal(node.textValue().trim());
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        error("must be a number");
        return null;
    }

    /**
     * A Kubernetes quantity in integer units of the named resource (bytes or milli-units),
     * rounded up; null when absent; a malformed or negative quantity or one that overflows is
     * an error.
     */
    public Long quantity(String resourceName) {
        if (!isPresent()) {
            return null;
        }
        String text = scalarText();
        if (text == null) {
            error("must be a quantity string or number");
            return null;
        }
        try {
            return Quantities.toUnits(resourceName, text);
        } catch (IllegalArgumentException e) {
            error(e.getMessage());
        } catch (ArithmeticException e) {
            error("does not fit a 64-bit integer of " + (Resources.isByteResource(resourceName) ? "bytes" : "milli-units"));
        }
        return null;
    }

    /** A ResourceList (resource name to quantity) as integer units; empty when absent. */
    public Resources resourceList() {
        if (!isPresent()) {
            return Resources.NONE;
        }
        if (!node.isObject()) {
            error("must be a mapping");
            return Resources.NONE;
        }
        Resources.Builder amounts = new Resources.Builder(node.size());
        ArithmeticException overflow = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String name = entry.getKey();
            JsonNode value = entry.getValue();
            // The usual quantity ("500m", "2Gi") needs no cursor: it cannot be an error.
            long units = value.isTextual() ? Quantities.commonUnits(name, value.textValue()) : -1;
            if (units < 0) {
                Long read = new Cursor(value, this, name, -1).quantity(name);
                if (read == null) {
                    continue;
                }
                units = read;
            }
            if (overflow == null) {
                try {
                    amounts.add(Resources.normalizeName(name), units);
                } catch (ArithmeticException e) {
                    overflow = e; // thrown once every entry has been read, so that all their errors are recorded
                }
            }
        }
        if (overflow != null) {
            throw overflow;
        }
        return amounts.build();
    }

    /** The elements of a list; empty when absent; a non-list is an error. */
    public List<Cursor> elements() {
        if (!isPresent()) {
            return List.of();
        }
        if (!node.isArray()) {
            error("must be a list");
            return List.of();
        }
        List<Cursor> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(index(i));
        }
        return out;
    }

    /** The entries of a mapping in document order; empty when absent; a non-mapping is an error. */
    public Map<String, Cursor> entries() {
        if (!isPresent()) {
            return Map.of();
        }
        if (!node.isObject()) {
            error("must be a mapping");
            return Map.of();
        }
        Map<String, Cursor> out = new LinkedHashMap<>();
        node.fieldNames().forEachRemaining(key -> out.put(key, field(key)));
        return Collections.unmodifiableMap(out);
    }

    /** The text of a scalar (string, number or boolean); null for absent nodes and collections. */
    public String scalarText() {
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBigDecimal()) {
            return decimalText(node.decimalValue());
        }
        if (node.isFloatingPointNumber()) {
            return decimalText(new BigDecimal(Double.toString(node.doubleValue())));
        }
        if (node.isNumber() || node.isBoolean()) {
            return node.asText();
        }
        return null;
    }

    /** The path of a key below a path: {@code a.b}, or {@code a[b.c]} for keys with dots or brackets. */
    static String childPath(String path, String key) {
        boolean plain = !key.isEmpty() && key.indexOf('.') < 0 && key.indexOf('[') < 0 && key.indexOf(']') < 0;
        if (!plain) {
            return path + "[" + key + "]";
        }
        return path.isEmpty() ? key : path + "." + key;
    }

    /** Plain notation for ordinary decimals; scientific for huge or tiny ones, whose plain form could be enormous. */
    static String decimalText(BigDecimal value) {
        boolean ordinary = value.scale() <= 40 && value.precision() - value.scale() <= 40;
        return ordinary ? value.toPlainString() : value.toString();
    }

    private static String valueText(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return null;
        }
        if (node.isNull()) {
            return "null";
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBigDecimal()) {
            return decimalText(node.decimalValue());
        }
        if (node.isValueNode()) {
            return node.asText();
        }
        String json = node.toString();
        return json.length() > FieldError.MAX_VALUE_LENGTH ? json.substring(0, FieldError.MAX_VALUE_LENGTH) : json;
    }
}
