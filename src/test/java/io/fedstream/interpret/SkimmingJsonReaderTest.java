package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.interpret.Interpretation.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skimmed JSON path of {@link Interpreter#interpret(byte[])} against the whole-tree path:
 * same interpretations on every test vector and benchmark manifest (and on thousands of
 * corrupted copies of them), the same tree as Jackson's when nothing is skipped, and unread
 * subtrees still checked for duplicate keys, nesting, size and syntax.
 */
class SkimmingJsonReaderTest {

    private static final Path VECTORS = Path.of("src/test/resources/interpret");
    private static final Path BENCH = Path.of("src/bench/resources/manifests");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final Interpreter INTERPRETER = Interpreter.builtIn();

    /** Every JSON manifest to compare: each vector's manifest as JSON, and the benchmark twins. */
    static Stream<String> manifests() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(VECTORS)) {
            files.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(p -> names.add(VECTORS.relativize(p).toString()));
        }
        try (Stream<Path> files = Files.list(BENCH)) {
            files.filter(p -> p.toString().endsWith(".json")).sorted().forEach(p -> names.add("bench/" + p.getFileName()));
        }
        return names.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifests")
    void interpretsAsTheWholeTreeDoes(String name) throws IOException {
        Case c = load(name);
        if (c == null) {
            return;
        }
        assertThat(c.interpreter.interpret(c.json)).isEqualTo(c.interpreter.interpretWhole(c.json));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifests")
    void buildsJacksonsTreeWhenNothingIsSkippedAndLeavesOutOnlyUnreadFields(String name) throws IOException {
        Case c = load(name);
        if (c == null) {
            return;
        }
        List<ManifestParser.Document> whole = new ManifestParser().parse(c.json);
        JsonNode read = SkimmingJsonReader.read(c.json, NODES, false);
        if (whole.get(0).error() != null) {
            assertThat(read).isNull();
            return;
        }
        assertThat(read).isEqualTo(whole.get(0).root());
        assertThat(SkimmingJsonReader.read(c.json, NODES, true))
                .isEqualTo(withoutUnread(whole.get(0).root().deepCopy(), UnreadFields.ROOT));
    }

    /** Corrupted copies: whatever the skimmed path does, its result is the whole-tree path's. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("manifests")
    void corruptedCopiesInterpretAsTheWholeTreeDoes(String name) throws IOException {
        Case c = load(name);
        if (c == null || !name.startsWith("bench/")) {
            return;
        }
        Random random = new Random(name.hashCode());
        byte[] alphabet = "{}[]\":,\\ 0-1.eE+tfnu\u00e9\nax".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 800; i++) {
            byte[] bytes = c.json.clone();
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(3)) {
                case 0 -> bytes[at] = alphabet[random.nextInt(alphabet.length)];
                case 1 -> bytes = splice(bytes, at, 1, new byte[0]);
                default -> bytes = splice(bytes, at, 0, new byte[] {alphabet[random.nextInt(alphabet.length)]});
            }
            assertThat(c.interpreter.interpret(bytes)).as("%s, corruption %d", name, i)
                    .isEqualTo(c.interpreter.interpretWhole(bytes));
        }
    }

    /**
     * Keys and strings of every length up to 40, at every offset against the reader's 8-byte
     * words, holding escapes, non-ASCII, control characters and quotes at random places: the
     * reader builds Jackson's tree or gives the input up exactly when Jackson refuses it.
     */
    @Test
    void readsKeysAndStringsWordByWordAsJacksonDoes() {
        Random random = new Random(42);
        String[] pieces = {"a", "Z", "0", " ", ".", "/", "\\\"", "\\\\", "\\n", "\\u00e9", "\u00e9", "\u20ac", "\ud83d\ude00",
            "\u0001", "\"", "\u007f"};
        int built = 0;
        int skipped = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder json = new StringBuilder("{" + " ".repeat(random.nextInt(8)));
            int fields = 1 + random.nextInt(4);
            for (int f = 0; f < fields; f++) {
                json.append(f == 0 ? "" : ",").append('"').append(randomText(random, pieces, f)).append("\":");
                json.append(random.nextBoolean() ? "\"" + randomText(random, pieces, -1) + "\"" : "[\"" + randomText(random, pieces, -1) + "\"]");
            }
            String object = json.append('}').toString();
            byte[] bytes = object.getBytes(StandardCharsets.UTF_8);
            List<ManifestParser.Document> whole = new ManifestParser().parse(bytes);
            JsonNode read = SkimmingJsonReader.read(bytes, NODES, false);
            if (whole.get(0).error() != null) {
                assertThat(read).as(object).isNull();
            } else if (read != null) {
                assertThat(read).as(object).isEqualTo(whole.get(0).root());
                built++;
            }
            // The same object where it is skipped: checked (duplicate keys by their hash, then bytes), not built.
            byte[] unread = ("{\"status\": " + object + ", \"kind\": \"Pod\"}").getBytes(StandardCharsets.UTF_8);
            JsonNode skim = SkimmingJsonReader.read(unread, NODES, true);
            if (whole.get(0).error() != null) {
                assertThat(skim).as(object).isNull();
            } else if (skim != null) {
                assertThat(skim).as(object).isEqualTo(JSON.createObjectNode().put("kind", "Pod"));
                skipped++;
            }
        }
        assertThat(built).isGreaterThan(5_000);
        assertThat(skipped).isGreaterThanOrEqualTo(built);
    }

    /** Up to 40 characters, mostly plain; a non-negative {@code unique} is appended so that keys differ. */
    private static String randomText(Random random, String[] pieces, int unique) {
        StringBuilder out = new StringBuilder();
        int length = random.nextInt(41);
        for (int i = 0; i < length; i++) {
            out.append(random.nextInt(40) > 0 ? pieces[random.nextInt(6)] : pieces[random.nextInt(pieces.length)]);
        }
        return unique >= 0 ? out.append('#').append(unique).toString() : out.toString();
    }

    /**
     * Keys of every length up to one byte past the key table's limit, differing from each other
     * in their first, a middle or their last byte only, read twice (the second time from the
     * table): the tree is Jackson's, duplicates are refused, and table keys are the canonical
     * strings kinds look up.
     */
    @Test
    void readsKeysOfEveryLengthAroundTheTablesWordsAsJacksonDoes() throws IOException {
        for (int length = 0; length <= 70; length++) {
            String base = "k".repeat(length);
            Set<String> keys = new LinkedHashSet<>(List.of(base));
            if (length > 0) {
                keys.add("x" + base.substring(1));
                keys.add(base.substring(0, length / 2) + "x" + base.substring(length / 2 + 1));
                keys.add(base.substring(0, length - 1) + "x");
            }
            StringBuilder json = new StringBuilder("{");
            for (String key : keys) {
                json.append(json.length() > 1 ? "," : "").append('"').append(key).append("\":\"").append(key).append('"');
            }
            String object = json.append('}').toString();
            byte[] bytes = object.getBytes(StandardCharsets.UTF_8);
            for (int round = 0; round < 2; round++) {
                JsonNode read = SkimmingJsonReader.read(bytes, NODES);
                assertThat(read).as(object).isEqualTo(JSON.readTree(bytes));
                read.fieldNames().forEachRemaining(key -> {
                    if (key.length() <= 64) {
                        assertThat(key).isSameAs(key.intern());
                    }
                });
            }
            String duplicate = "{\"spec\":" + object + ",\"status\":" + object.replace("}", ",\"" + base + "\":1}") + "}";
            assertThat(SkimmingJsonReader.read(duplicate.getBytes(StandardCharsets.UTF_8), NODES)).as(duplicate).isNull();
            String keptDuplicate = object.replace("}", ",\"" + List.copyOf(keys).get(keys.size() - 1) + "\":1}");
            assertThat(SkimmingJsonReader.read(keptDuplicate.getBytes(StandardCharsets.UTF_8), NODES)).as(keptDuplicate).isNull();
        }
    }

    /** Integers of every size the reader parses itself, and those it leaves to Jackson, become the nodes Jackson makes. */
    @Test
    void readsIntegersAsJacksonDoes() throws IOException {
        for (String number : List.of("0", "-0", "7", "-7", "2147483647", "2147483648", "-2147483648", "-2147483649",
                "123456789012345678", "-12345678901234567", "1234567890123456789", "-123456789012345678", "1.5", "-0.0", "1e3")) {
            byte[] bytes = ("{\"n\":" + number + ",\"a\":[" + number + "]}").getBytes(StandardCharsets.UTF_8);
            JsonNode read = SkimmingJsonReader.read(bytes, NODES);
            if (read != null) {
                assertThat(read).as(number).isEqualTo(new ManifestParser().parse(bytes).get(0).root());
            } else {
                assertThat(number).hasSizeGreaterThan(18);
            }
        }
    }

    /** Kept objects nested in kept objects, each wide, their members all on the reader's one stack: each object gets its own. */
    @Test
    void readsWideObjectsNestedDeepAsJacksonDoes() throws IOException {
        StringBuilder json = new StringBuilder();
        for (int level = 0; level < 20; level++) {
            json.append("{");
            for (int i = 0; i < 10; i++) {
                json.append("\"f").append(level).append('_').append(i).append("\":").append(i).append(',');
            }
            json.append("\"next\":");
        }
        json.append("null").append("}".repeat(20));
        byte[] bytes = json.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(SkimmingJsonReader.read(bytes, NODES)).isEqualTo(JSON.readTree(bytes));
    }

    /** Long keys are not canonical: two equal ones are still found duplicates, where kept and where left out. */
    @Test
    void duplicateLongKeysAreRefused() {
        String key = "x".repeat(100);
        for (String object : List.of("{\"%s\":1,\"%s\":2}", "{\"spec\":{\"selector\":1,\"%s\":1,\"%s\":2}}")) {
            String json = object.formatted(key, new String(key));
            assertThat(SkimmingJsonReader.read(json.getBytes(StandardCharsets.UTF_8), NODES)).as(json).isNull();
        }
        // Keys a role leaves unread: only long ones if any role named one; so the skipped-key check runs on canonical ones here.
        assertThat(SkimmingJsonReader.read("{\"spec\":{\"selector\":1,\"selector\":2}}".getBytes(StandardCharsets.UTF_8), NODES))
                .isNull();
    }

    /**
     * Thousands of distinct keys, far more than the key table's ways for some of its buckets, read
     * in rounds so that entries are evicted and found again: every tree is Jackson's.
     */
    @Test
    void keysThatCollideInTheTableAreReadAsJacksonDoes() throws IOException {
        Random random = new Random(7);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            keys.add(Integer.toString(i, 36) + "-".repeat(random.nextInt(20)));
        }
        for (int round = 0; round < 3; round++) {
            for (int from = 0; from < keys.size(); from += 50) {
                StringBuilder json = new StringBuilder("{");
                for (String key : keys.subList(from, from + 50)) {
                    json.append(json.length() > 1 ? "," : "").append('"').append(key).append("\":1");
                }
                byte[] bytes = json.append('}').toString().getBytes(StandardCharsets.UTF_8);
                assertThat(SkimmingJsonReader.read(bytes, NODES)).isEqualTo(JSON.readTree(bytes));
            }
        }
    }

    /**
     * Readers on several threads at once, their keys evicting each other's from the shared key
     * table: each still reads its own keys, never another's that it raced with.
     */
    @Test
    void concurrentReadersSharingTheKeyTableReadTheirOwnKeys() throws Exception {
        List<Callable<Integer>> readers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            readers.add(() -> {
                int read = 0;
                for (int i = 0; i < 4_000; i++) {
                    String suffix = Integer.toString(i % 700, 36);
                    String json = "{\"k" + thread + suffix + "\":1,\"longer-key-" + thread + "-" + suffix + "\":2}";
                    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
                    assertThat(SkimmingJsonReader.read(bytes, NODES)).as(json).isEqualTo(JSON.readTree(bytes));
                    read++;
                }
                return read;
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (Future<Integer> done : pool.invokeAll(readers)) {
                assertThat(done.get()).isEqualTo(4_000);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Keys of every length up to 17, the second copy so near the end of the input that an 8-byte
     * read from its start would run past it: a duplicate is refused in kept and skipped objects alike.
     */
    @Test
    void duplicateKeysAtTheEndOfTheInputAreRefused() {
        for (int length = 0; length <= 17; length++) {
            String key = "abcdefghijklmnopq".substring(0, length);
            for (String parent : List.of("status", "spec")) {
                String object = "{\"" + parent + "\":{\"" + key + "\":1,\"" + key + "\":1}}";
                assertThat(SkimmingJsonReader.read(object.getBytes(StandardCharsets.UTF_8), NODES)).as(object).isNull();
                String distinct = "{\"" + parent + "\":{\"" + key + "\":1,\"" + key + "x\":1}}";
                assertThat(SkimmingJsonReader.read(distinct.getBytes(StandardCharsets.UTF_8), NODES)).as(distinct).isNotNull();
            }
        }
    }

    @Test
    void duplicateKeyInsideAnUnreadSubtreeIsRefused() {
        String json = deployment("\"env\": [{\"name\": \"A\", \"value\": \"1\", \"name\": \"B\"}],");
        Interpretation result = INTERPRETER.interpret(json);
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).containsExactly(
                new FieldError("spec.template.spec.containers[0].env[0].name", "name", "duplicate key"));
        assertThat(result).isEqualTo(INTERPRETER.interpretWhole(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void duplicateUnreadKeyIsRefused() {
        String json = deployment("\"env\": [], \"env\": [],");
        Interpretation result = INTERPRETER.interpret(json);
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).containsExactly(
                new FieldError("spec.template.spec.containers[0].env", "env", "duplicate key"));
    }

    @Test
    void deepNestingInsideAnUnreadSubtreeIsRefused() {
        String deep = "[".repeat(150) + "]".repeat(150);
        String json = deployment("\"env\": " + deep + ",");
        Interpretation result = INTERPRETER.interpret(json);
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo("manifest");
            assertThat(e.reason()).startsWith("is not acceptable JSON: Document nesting depth (101) exceeds the maximum allowed");
        });
        assertThat(result).isEqualTo(INTERPRETER.interpretWhole(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void hugeStringInsideAnUnreadSubtreeIsRefusedBeyondTheSizeLimit() {
        String json = deployment("\"env\": [{\"name\": \"A\", \"value\": \"" + "x".repeat(5_000_000) + "\"}],");
        Interpretation result = INTERPRETER.interpret(json);
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo("manifest");
            assertThat(e.reason()).startsWith("is larger than 3 MiB");
        });
    }

    @Test
    void longStringInsideAnUnreadSubtreeWithinTheLimitIsRead() {
        String json = deployment("\"env\": [{\"name\": \"A\", \"value\": \"" + "x\\n\u00e9".repeat(500_000) + "\"}],");
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertThat(bytes.length).isLessThan(ManifestParser.MAX_BYTES);
        assertThat(new ManifestParser().skim(bytes)).isNotNull();
        Interpretation result = INTERPRETER.interpret(bytes);
        assertThat(result.outcome()).isEqualTo(Outcome.INTERPRETED);
        assertThat(result).isEqualTo(INTERPRETER.interpretWhole(bytes));
    }

    @Test
    void malformedJsonInsideAnUnreadSubtreeIsRefused() {
        for (String env : List.of("[{\"name\": \"A\", \"value\": tru}]", "[{\"name\": \"A\",}]", "[01]", "[\"a\u0001\"]",
                "[\"\\x\"]", "[{\"name\" \"A\"}]", "[1 2]", "[\"\\u12g4\"]")) {
            String json = deployment("\"env\": " + env + ",");
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            Interpretation result = INTERPRETER.interpret(bytes);
            assertThat(result.outcome()).as(env).isEqualTo(Outcome.INVALID);
            assertThat(result.errors()).as(env).singleElement().satisfies(e -> {
                assertThat(e.field()).isEqualTo("manifest");
                assertThat(e.reason()).startsWith("is not valid JSON: ");
            });
            assertThat(result).as(env).isEqualTo(INTERPRETER.interpretWhole(bytes));
        }
    }

    @Test
    void invalidUtf8InsideAnUnreadSubtreeIsLeftToJackson() {
        byte[] bytes = deployment("\"env\": [\"\u00e9\"],").getBytes(StandardCharsets.UTF_8);
        int at = indexOf(bytes, (byte) 0xC3);
        bytes[at + 1] = (byte) 0x41; // a lead byte without its continuation byte
        assertThat(new ManifestParser().skim(bytes)).isNull();
        assertThat(INTERPRETER.interpret(bytes)).isEqualTo(INTERPRETER.interpretWhole(bytes));
        assertThat(INTERPRETER.interpret(bytes).outcome()).isEqualTo(Outcome.INVALID);
    }

    @Test
    void errorsNameTheValuesOfTheWholeTree() {
        // The pod spec's value in this error holds its tolerations, which the skimmed tree leaves out.
        String json = deployment("").replace("\"cpu\": \"500m\"", "\"cpu\": \"9223372036854775807\"")
                .replace("\"containers\":", "\"tolerations\": [{\"key\": \"gpu\"}], \"containers\":");
        Interpretation result = INTERPRETER.interpret(json);
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result).isEqualTo(INTERPRETER.interpretWhole(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aCustomizedKindReadsFieldsThatBuiltInKindsNeverRead() throws IOException {
        byte[] customization = """
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: reads-status}
                spec:
                  target: {apiVersion: apps/v1, kind: Deployment}
                  components:
                  - name: main
                    replicas: {path: "$.spec.replicas", default: 1}
                    resources: "$.status.capacity"
                """.getBytes(StandardCharsets.UTF_8);
        Interpreter customized = INTERPRETER.withCustomizations(InterpreterCustomization.load(customization, "test"));
        String json = deployment("").replace("\"spec\": {\"replicas\": 2,",
                "\"status\": {\"capacity\": {\"requests\": {\"cpu\": \"3\"}}}, \"spec\": {\"replicas\": 2,");
        Interpretation result = customized.interpret(json);
        assertThat(result.outcome()).as("%s", result.errors()).isEqualTo(Outcome.INTERPRETED);
        assertThat(result.total().toQuantities()).isEqualTo(Map.of("cpu", "6"));
    }

    /** A Deployment of two replicas whose one container requests 500m cpu, with {@code containerFields} in its container. */
    private static String deployment(String containerFields) {
        return "{\"apiVersion\": \"apps/v1\", \"kind\": \"Deployment\", \"metadata\": {\"name\": \"web\"}, "
                + "\"spec\": {\"replicas\": 2, \"template\": {\"spec\": {\"containers\": [{\"name\": \"app\", " + containerFields
                + " \"resources\": {\"requests\": {\"cpu\": \"500m\"}}}]}}}}";
    }

    /** The tree with the fields {@link UnreadFields} names removed, computed on Jackson's tree. */
    private static JsonNode withoutUnread(JsonNode node, UnreadFields role) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (role.isUnread(field.getKey())) {
                    it.remove();
                } else {
                    withoutUnread(field.getValue(), role.child(field.getKey()));
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(element -> withoutUnread(element, role.element()));
        }
        return node;
    }

    private record Case(byte[] json, Interpreter interpreter) {}

    /** The case of a vector or benchmark manifest; null for a vector without a manifest object or with refused customizations. */
    private static Case load(String name) throws IOException {
        if (name.startsWith("bench/")) {
            return new Case(Files.readAllBytes(BENCH.resolve(name.substring("bench/".length()))), INTERPRETER);
        }
        JsonNode vector = YAML.readTree(VECTORS.resolve(name).toFile());
        Interpreter interpreter = vector.has("runtimes")
                ? Interpreter.builtIn(InterpreterVectorsTest.runtimes(vector.get("runtimes"))) : INTERPRETER;
        if (vector.has("customizations") || vector.has("customizationsText")) {
            try {
                interpreter = interpreter.withCustomizations(InterpreterVectorsTest.customizations(vector));
            } catch (InvalidCustomizationException e) {
                return null;
            }
        }
        if (vector.has("manifestText")) {
            byte[] text = vector.get("manifestText").asText().getBytes(StandardCharsets.UTF_8);
            return text.length > 0 && text[0] == '{' ? new Case(text, interpreter) : null;
        }
        return vector.has("manifest") ? new Case(JSON.writeValueAsBytes(vector.get("manifest")), interpreter) : null;
    }

    private static byte[] splice(byte[] bytes, int at, int remove, byte[] insert) {
        byte[] out = new byte[bytes.length - remove + insert.length];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(bytes, at + remove, out, at + insert.length, bytes.length - at - remove);
        return out;
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
