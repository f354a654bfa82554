package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Converts one composed SnakeYAML node graph into a Jackson tree, refusing duplicate keys,
 * recursive aliases and alias expansions beyond a fixed budget (so an alias bomb that stays
 * under SnakeYAML's alias count still fails fast). Numbers stay exact: floats become BigDecimal.
 */
final class YamlTrees {

    /** Nodes a whole document may expand to: far above any real manifest of at most 3 MiB. */
    static final int MAX_NODES = 1_000_000;
    /** Nodes that aliases (re-uses of an anchored collection) may add in total. */
    static final int MAX_ALIAS_NODES = 100_000;
    /** Numbers longer than this stay strings: they are no count or quantity anyway. */
    private static final int MAX_NUMBER_LENGTH = 1000;

    private static final Set<String> TRUE = Set.of("yes", "true", "on");
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private final IdentityHashMap<Node, Boolean> seen = new IdentityHashMap<>();
    private final IdentityHashMap<Node, Boolean> inProgress = new IdentityHashMap<>();
    private int nodes;
    private int aliasNodes;

    private YamlTrees() {}

    /** The Jackson tree of one document. */
    static JsonNode toTree(Node root) {
        return new YamlTrees().convert(root, Path.ROOT, false);
    }

    /** A field path built only when an error needs it: most nodes never do. */
    private record Path(Path parent, String key, int index) {
        static final Path ROOT = new Path(null, null, -1);

        Path key(String name) {
            return new Path(this, name, -1);
        }

        Path index(int i) {
            return new Path(this, null, i);
        }

        @Override
        public String toString() {
            if (parent == null) {
                return "";
            }
            String up = parent.toString();
            return key != null ? Cursor.childPath(up, key) : up + "[" + index + "]";
        }
    }

    private JsonNode convert(Node node, Path path, boolean aliased) {
        count(path, aliased);
        if (node instanceof ScalarNode scalar) {
            return scalar(scalar);
        }
        boolean reused = seen.put(node, Boolean.TRUE) != null;
        if (inProgress.put(node, Boolean.TRUE) != null) {
            throw new InvalidManifestException(new FieldError(orManifest(path), null, "recursive YAML alias"));
        }
        try {
            if (node instanceof SequenceNode sequence) {
                ArrayNode array = NODES.arrayNode();
                List<Node> values = sequence.getValue();
                for (int i = 0; i < values.size(); i++) {
                    array.add(convert(values.get(i), path.index(i), aliased || reused));
                }
                return array;
            }
            return mapping((MappingNode) node, path, aliased || reused);
        } finally {
            inProgress.remove(node);
        }
    }

    private ObjectNode mapping(MappingNode mapping, Path path, boolean aliased) {
        ObjectNode object = NODES.objectNode();
        List<Node> merges = new ArrayList<>();
        for (NodeTuple tuple : mapping.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                throw new InvalidManifestException(new FieldError(orManifest(path), null, "mapping keys must be strings"));
            }
            if (Tag.MERGE.equals(key.getTag())) {
                merges.add(tuple.getValueNode());
                continue;
            }
            String name = key.getValue();
            Path childPath = path.key(name);
            if (object.has(name)) {
                throw new InvalidManifestException(new FieldError(childPath.toString(), name, "duplicate key"));
            }
            object.set(name, convert(tuple.getValueNode(), childPath, aliased));
        }
        // YAML merge keys (<<): explicitly written keys win, then earlier merged mappings.
        for (Node merge : merges) {
            List<Node> sources = merge instanceof SequenceNode seq ? seq.getValue() : List.of(merge);
            for (Node source : sources) {
                if (!(source instanceof MappingNode)) {
                    throw new InvalidManifestException(
                            new FieldError(path.key("<<").toString(), null, "merge key needs a mapping or a list of mappings"));
                }
                JsonNode merged = convert(source, path, true);
                for (Map.Entry<String, JsonNode> e : merged.properties()) {
                    if (!object.has(e.getKey())) {
                        object.set(e.getKey(), e.getValue());
                    }
                }
            }
        }
        return object;
    }

    private void count(Path path, boolean aliased) {
        if (++nodes > MAX_NODES) {
            throw new InvalidManifestException(new FieldError(orManifest(path), null,
                    "document expands to more than " + MAX_NODES + " nodes"));
        }
        if (aliased && ++aliasNodes > MAX_ALIAS_NODES) {
            throw new InvalidManifestException(new FieldError(orManifest(path), null,
                    "YAML aliases expand to more than " + MAX_ALIAS_NODES + " nodes (alias bomb?)"));
        }
    }

    private static JsonNode scalar(ScalarNode scalar) {
        Tag tag = scalar.getTag();
        String value = scalar.getValue();
        if (Tag.NULL.equals(tag)) {
            return NullNode.getInstance();
        }
        if (Tag.BOOL.equals(tag)) {
            return BooleanNode.valueOf(TRUE.contains(value.toLowerCase(Locale.ROOT)));
        }
        if (Tag.INT.equals(tag) && value.length() <= MAX_NUMBER_LENGTH) {
            JsonNode n = integer(value);
            if (n != null) {
                return n;
            }
        }
        if (Tag.FLOAT.equals(tag) && value.length() <= MAX_NUMBER_LENGTH) {
            try {
                return DecimalNode.valueOf(new BigDecimal(value.replace("_", "")));
            } catch (NumberFormatException e) {
                // .inf, .nan and sexagesimal floats stay text: no field here expects them
            }
        }
        return TextNode.valueOf(value);
    }

    /** YAML 1.1 integers (as SnakeYAML resolves them): decimal, 0b binary, 0 octal, 0x hex; else null. */
    private static JsonNode integer(String text) {
        String s = text.replace("_", "");
        if (s.indexOf(':') >= 0) {
            return null;
        }
        boolean negative = s.startsWith("-");
        if (s.startsWith("-") || s.startsWith("+")) {
            s = s.substring(1);
        }
        int radix = 10;
        if (s.startsWith("0b")) {
            radix = 2;
            s = s.substring(2);
        } else if (s.startsWith("0x")) {
            radix = 16;
            s = s.substring(2);
        } else if (s.length() > 1 && s.startsWith("0")) {
            radix = 8;
            s = s.substring(1);
        }
        try {
            BigInteger v = new BigInteger(s, radix);
            if (negative) {
                v = v.negate();
            }
            if (v.bitLength() < 32) {
                return IntNode.valueOf(v.intValue());
            }
            return v.bitLength() < 64 ? LongNode.valueOf(v.longValue()) : BigIntegerNode.valueOf(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String orManifest(Path path) {
        String text = path.toString();
        return text.isEmpty() ? "manifest" : text;
    }
}
