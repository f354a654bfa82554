package io.fedstream.interpret;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonTokenId;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.reader.UnicodeReader;
import org.yaml.snakeyaml.resolver.Resolver;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses manifest bytes into Jackson trees: JSON when the first non-blank character is '{',
 * YAML (possibly several documents) otherwise. Both refuse duplicate keys, nesting deeper than
 * {@value #MAX_DEPTH} levels and inputs over {@value #MAX_BYTES} bytes (checked before parsing);
 * YAML aliases are bounded. Each document comes back as a tree or as the error refusing it.
 */
public final class ManifestParser {

    /** The Kubernetes API server's own request limit: 3 MiB. */
    static final int MAX_BYTES = 3 * 1024 * 1024;
    static final int MAX_DEPTH = 100;
    static final int MAX_ALIASES_FOR_COLLECTIONS = 50;

    private static final Pattern DUPLICATE_FIELD = Pattern.compile("Duplicate (?:field|Object property) '(.*)'");

    private final ObjectMapper json;
    private final JsonFactory fastJson;
    private final JsonNodeFactory nodes = JsonNodeFactory.withExactBigDecimals(true);

    /** One document: its tree, or the reason it was refused. */
    public record Document(JsonNode root, FieldError error) {}

    public ManifestParser() {
        StreamReadConstraints limits = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_DEPTH)
                .maxStringLength(MAX_BYTES)
                .maxNumberLength(1000)
                .build();
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .streamReadConstraints(limits)
                .build();
        this.json = JsonMapper.builder(factory)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .nodeFactory(nodes)
                .build();
        this.fastJson = JsonFactory.builder().streamReadConstraints(limits).build();
    }

    /** The documents in the input; empty YAML documents are skipped. */
    public List<Document> parse(byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            return List.of(refused("is larger than 3 MiB (" + bytes.length + " bytes), the Kubernetes API server's limit"));
        }
        return looksLikeJson(bytes) ? List.of(parseJson(bytes)) : parseYaml(bytes);
    }

    /**
     * A JSON manifest's tree without the fields no built-in kind reads ({@link UnreadFields}),
     * or null when the input is not such plain JSON or is refused: {@link #parse} then reads
     * it whole and reports why. Only for built-in kinds: a customization may read any field.
     */
    JsonNode skim(byte[] bytes) {
        if (bytes.length > MAX_BYTES || !looksLikeJson(bytes)) {
            return null;
        }
        return SkimmingJsonReader.read(bytes, nodes);
    }

    private static boolean looksLikeJson(byte[] bytes) {
        int i = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            i = 3;
        }
        while (i < bytes.length && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n')) {
            i++;
        }
        return i < bytes.length && bytes[i] == '{';
    }

    private Document parseJson(byte[] bytes) {
        JsonNode tree = fastTree(bytes);
        if (tree != null) {
            return new Document(tree, null);
        }
        try {
            return new Document(json.readTree(bytes), null);
        } catch (StreamConstraintsException e) {
            return refused("is not acceptable JSON: " + firstLine(e.getOriginalMessage()));
        } catch (JsonParseException e) {
            Matcher dup = DUPLICATE_FIELD.matcher(e.getOriginalMessage());
            JsonParser parser = e.getProcessor();
            if (dup.find() && parser != null) {
                String key = dup.group(1);
                return new Document(null, new FieldError(Cursor.childPath(path(parser.getParsingContext()), key), key, "duplicate key"));
            }
            return refused("is not valid JSON: " + firstLine(e.getOriginalMessage()) + location(e));
        } catch (JsonProcessingException e) {
            return refused("is not valid JSON: " + firstLine(e.getOriginalMessage()) + location(e));
        } catch (IOException | RuntimeException e) {
            return refused("is not valid JSON: " + firstLine(String.valueOf(e.getMessage())));
        }
    }

    /**
     * The tree of a valid JSON object without duplicate keys, built straight from the parser's
     * tokens into the same nodes {@code readTree} builds (exact decimals, int/long/BigInteger by
     * size), under the same limits; null for anything else, which {@code readTree} then parses
     * to report it as before. Databind's per-call set-up and the parser's duplicate-key sets
     * were about a third of the parse time of a 4 KiB manifest.
     */
    private JsonNode fastTree(byte[] bytes) {
        try (JsonParser parser = fastJson.createParser(bytes)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            JsonNode root = object(parser);
            return root != null && parser.nextToken() == null ? root : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The object at the parser's START_OBJECT, or null when a key repeats. */
    private ObjectNode object(JsonParser parser) throws IOException {
        ObjectNode object = nodes.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            JsonNode value = value(parser);
            if (value == null || object.replace(name, value) != null) {
                return null;
            }
        }
        return object;
    }

    /** The value at the parser's current token, or null when an object in it repeats a key. */
    private JsonNode value(JsonParser parser) throws IOException {
        switch (parser.currentTokenId()) {
            case JsonTokenId.ID_START_OBJECT:
                return object(parser);
            case JsonTokenId.ID_START_ARRAY:
                ArrayNode array = nodes.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    JsonNode element = value(parser);
                    if (element == null) {
                        return null;
                    }
                    array.add(element);
                }
                return array;
            case JsonTokenId.ID_STRING:
                return nodes.textNode(parser.getText());
            case JsonTokenId.ID_NUMBER_INT:
                return switch (parser.getNumberType()) {
                    case INT -> nodes.numberNode(parser.getIntValue());
                    case LONG -> nodes.numberNode(parser.getLongValue());
                    default -> nodes.numberNode(parser.getBigIntegerValue());
                };
            case JsonTokenId.ID_NUMBER_FLOAT:
                return nodes.numberNode(parser.getDecimalValue());
            case JsonTokenId.ID_TRUE:
                return nodes.booleanNode(true);
            case JsonTokenId.ID_FALSE:
                return nodes.booleanNode(false);
            case JsonTokenId.ID_NULL:
                return nodes.nullNode();
            default:
                throw new IllegalStateException("unexpected token " + parser.currentToken());
        }
    }

    private List<Document> parseYaml(byte[] bytes) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(MAX_ALIASES_FOR_COLLECTIONS);
        options.setNestingDepthLimit(MAX_DEPTH);
        options.setCodePointLimit(MAX_BYTES);
        options.setAllowRecursiveKeys(false);
        List<Document> documents = new ArrayList<>();
        try {
            Composer composer = new Composer(new ParserImpl(wholeInputReader(decode(bytes)), options), new Resolver(), options);
            while (composer.checkNode()) {
                Node node = composer.getNode();
                if (node == null || isEmptyDocument(node)) {
                    continue;
                }
                try {
                    documents.add(new Document(YamlTrees.toTree(node), null));
                } catch (InvalidManifestException e) {
                    documents.add(new Document(null, e.error()));
                }
            }
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark();
            String where = mark == null ? "" : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
            documents.add(refused("is not valid YAML: " + firstLine(e.getProblem()) + where));
        } catch (YAMLException e) {
            documents.add(refused("is not valid YAML: " + firstLine(e.getMessage())));
        } catch (RuntimeException e) {
            documents.add(refused("is not valid YAML: " + firstLine(String.valueOf(e.getMessage()))));
        }
        return documents;
    }

    /**
     * A StreamReader that reads the whole (at most 3 MiB) input in one go. SnakeYAML's reader
     * refills a 1 KiB buffer and copies its look-ahead window on every refill, which makes one
     * long line (a 3 MiB scalar or comment) quadratic: tens of seconds. Its buffer is private,
     * so it is replaced by reflection; should that ever fail, parsing stays correct, only slower
     * on such lines.
     */
    private static StreamReader wholeInputReader(String text) {
        StreamReader streamReader = new StreamReader(new StringReader(text));
        try {
            java.lang.reflect.Field buffer = StreamReader.class.getDeclaredField("buffer");
            buffer.setAccessible(true);
            buffer.set(streamReader, new char[text.length() + 2]);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // keep SnakeYAML's own buffer
        }
        return streamReader;
    }

    /** The text of the input; UnicodeReader honours a UTF-8/UTF-16 byte order mark as SnakeYAML does. */
    private static String decode(byte[] bytes) {
        try (UnicodeReader reader = new UnicodeReader(new ByteArrayInputStream(bytes))) {
            StringBuilder text = new StringBuilder(bytes.length);
            char[] chunk = new char[64 * 1024];
            for (int n; (n = reader.read(chunk)) > 0; ) {
                text.append(chunk, 0, n);
            }
            return text.toString();
        } catch (IOException e) {
            throw new YAMLException("cannot decode the input: " + e.getMessage());
        }
    }

    private static boolean isEmptyDocument(Node node) {
        return node instanceof ScalarNode scalar && Tag.NULL.equals(scalar.getTag()) && scalar.getValue().isEmpty();
    }

    /** The dotted path of a Jackson parsing context, e.g. spec.template.spec.containers[0]. */
    private static String path(JsonStreamContext context) {
        Deque<JsonStreamContext> chain = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            chain.push(c);
        }
        String path = "";
        JsonStreamContext innermost = context;
        for (JsonStreamContext c : chain) {
            if (c == innermost) {
                break; // the innermost object's current name is the previous key, not the duplicate
            }
            path = c.inArray() ? path + "[" + c.getCurrentIndex() + "]" : Cursor.childPath(path, c.getCurrentName());
        }
        return path;
    }

    private static String location(JsonProcessingException e) {
        return e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    private static Document refused(String reason) {
        return new Document(null, new FieldError("manifest", null, reason));
    }
}
