package io.fedstream.interpret;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Karmada's own third-party ResourceInterpreterCustomizations, loaded verbatim, give the outputs Karmada's own test
 * cases expect (src/test/resources/karmada-thirdparty/README.md).
 */
class KarmadaThirdPartyCustomizationsTest {

    private static final Path ROOT = Path.of("src/test/resources/karmada-thirdparty");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> RUN = Set.of("InterpretReplica", "InterpretComponent", "InterpretHealth", "AggregateStatus",
            "InterpretDependency", "ReviseReplica", "Retain");
    private static final String EXCLUDE = "{{EXCLUDE}}";

    /** One of Karmada's test cases: the kind's directory, the file and the case. */
    record Case(Path kindDir, String file, JsonNode test) {
        @Override
        public String toString() {
            return ROOT.relativize(kindDir) + " " + test.path("operation").asText() + ": " + test.path("name").asText();
        }
    }

    static Stream<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(p -> p.toString().endsWith("-test.yaml")).sorted().toList()) {
                Path kindDir = file.getParent().getParent();
                for (JsonNode test : YAML.readValues(YAML.createParser(file.toFile()), JsonNode.class).readAll()) {
                    if (RUN.contains(test.path("operation").asText())) {
                        out.add(new Case(kindDir, file.getFileName().toString(), test));
                    }
                }
            }
        }
        return out.stream();
    }

    private static final Map<Path, Interpreter> INTERPRETERS = new HashMap<>();

    private static Interpreter interpreter(Path kindDir) {
        return INTERPRETERS.computeIfAbsent(kindDir, dir -> {
            try {
                Path file = dir.resolve("customizations.yaml");
                return Interpreter.builtIn().withCustomizations(List.of(), LuaCustomization.load(Files.readAllBytes(file), file.toString()));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static LuaCustomization customization(Path kindDir) throws IOException {
        Path file = kindDir.resolve("customizations.yaml");
        return LuaCustomization.load(Files.readAllBytes(file), file.toString()).get(0);
    }

    @Test
    void atLeastTenKindsAreCountedAsKarmadasTestsExpect() throws IOException {
        long kindsWithCounts = cases().filter(c -> Set.of("InterpretReplica", "InterpretComponent").contains(c.test.path("operation").asText()))
                .map(Case::kindDir).distinct().count();
        assertThat(kindsWithCounts).isGreaterThanOrEqualTo(10);
        assertThat(cases().count()).isGreaterThan(250);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void givesWhatKarmadasTestExpects(Case c) throws IOException {
        JsonNode test = c.test;
        JsonNode object = test.has("desiredObj") ? test.get("desiredObj") : test.get("observedObj");
        JsonNode output = test.path("output");
        Interpreter interpreter = interpreter(c.kindDir);
        switch (test.path("operation").asText()) {
            case "InterpretReplica" -> {
                // GetReplicas itself, also for a kind whose componentResource script says its pods
                Problems problems = new Problems();
                List<Component> components = new LuaKind(customization(c.kindDir), LuaOperation.REPLICA_RESOURCE,
                        io.fedstream.interpret.lua.CallLimits.DEFAULT).components(Cursor.root(object, problems));
                assertThat(problems.list()).isEmpty();
                assertThat(components).hasSize(1);
                Component main = components.get(0);
                assertThat(main.replicas()).isEqualTo(output.path("replica").asLong());
                assertThat(main.pod().resources()).isEqualTo(resources(output.path("requires").path("resourceRequest")));
                if (output.path("requires").has("priorityClassName")) {
                    assertThat(main.pod().priorityClassName()).isEqualTo(output.path("requires").path("priorityClassName").asText());
                }
            }
            case "InterpretComponent" -> {
                Interpretation result = interpreter.interpret(JSON.writeValueAsString(object));
                assertThat(result.errors()).isEmpty();
                Map<String, ComponentRequirement> byName = new HashMap<>();
                result.components().forEach(component -> byName.put(component.name(), component));
                assertThat(byName).hasSameSizeAs(output.path("components"));
                for (JsonNode expected : output.path("components")) {
                    ComponentRequirement got = byName.get(expected.path("name").asText());
                    assertThat(got).as(expected.path("name").asText()).isNotNull();
                    assertThat(got.replicas()).as(got.name() + " replicas").isEqualTo(expected.path("replicas").asLong());
                    assertThat(got.perPod()).as(got.name() + " requests")
                            .isEqualTo(resources(expected.path("replicaRequirements").path("resourceRequest")));
                }
            }
            case "InterpretHealth" -> assertThat(interpreter.interpretHealth(object)).contains(output.path("healthy").asBoolean());
            case "InterpretDependency" -> {
                List<DependentObject> expected = new ArrayList<>();
                for (JsonNode d : output.path("dependencies")) {
                    expected.add(new DependentObject(d.path("apiVersion").asText(), d.path("kind").asText(), d.path("namespace").asText(""),
                            d.hasNonNull("name") ? d.get("name").asText() : null, d.get("labelSelector")));
                }
                expected.sort(Comparator.comparing(DependentObject::apiVersion).thenComparing(DependentObject::kind)
                        .thenComparing(DependentObject::namespace).thenComparing(d -> d.name() == null ? "" : d.name()));
                assertThat(interpreter.dependencies(object)).contains(expected);
            }
            case "AggregateStatus" -> {
                List<JsonNode> items = new ArrayList<>();
                test.path("statusItems").forEach(items::add);
                JsonNode aggregated = interpreter.aggregateStatus(object, items).orElseThrow();
                if (output.has("aggregatedStatus")) { // as in Karmada's test, a case without an expectation only has to run
                    assertSameObject(aggregated, output.path("aggregatedStatus"));
                }
            }
            case "ReviseReplica" -> assertSameObject(interpreter.reviseReplica(object, test.path("inputReplicas").asLong()).orElseThrow(),
                    output.path("revised"));
            case "Retain" -> assertSameObject(interpreter.retain(object, test.get("observedObj")).orElseThrow(), output.path("retained"));
            default -> throw new IllegalStateException("not run: " + test.path("operation"));
        }
    }

    private static Resources resources(JsonNode resourceList) {
        Map<String, String> quantities = new HashMap<>();
        resourceList.fields().forEachRemaining(e -> quantities.put(e.getKey(), e.getValue().asText()));
        return Resources.fromQuantities(quantities);
    }

    /** Karmada's deepEqual of two objects: fields the expectation marks {{EXCLUDE}} are left out, numbers compare by value. */
    private static void assertSameObject(JsonNode actual, JsonNode expected) {
        JsonNode actualKept = actual.deepCopy();
        JsonNode expectedKept = expected.deepCopy();
        exclude(expectedKept, actualKept);
        sortConditions(expectedKept);
        sortConditions(actualKept);
        Comparator<JsonNode> byValue = (a, b) -> a.isNumber() && b.isNumber()
                ? new BigDecimal(a.asText()).compareTo(new BigDecimal(b.asText())) : a.equals(b) ? 0 : 1;
        assertThat(actualKept.equals(byValue, expectedKept))
                .as("expected %s%nbut got  %s", expectedKept, actualKept).isTrue();
    }

    /**
     * Conditions in type order: a script that builds them with {@code pairs()} over a table keyed by type (MPIJob's
     * AggregateStatus) gets gopher-lua's insertion order in Karmada and LuaJ's hash order here
     * (docs/customizations.md, "Differences").
     */
    private static void sortConditions(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode conditions = object.get("conditions");
            if (conditions instanceof ArrayNode list) {
                List<JsonNode> sorted = new ArrayList<>();
                list.forEach(sorted::add);
                sorted.sort(Comparator.comparing(c -> c.path("type").asText()));
                list.removeAll();
                list.addAll(sorted);
            }
            object.forEach(KarmadaThirdPartyCustomizationsTest::sortConditions);
        } else if (node instanceof ArrayNode list) {
            list.forEach(KarmadaThirdPartyCustomizationsTest::sortConditions);
        }
    }

    private static void exclude(JsonNode expected, JsonNode actual) {
        if (expected instanceof ObjectNode e) {
            for (Iterator<Map.Entry<String, JsonNode>> it = e.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (field.getValue().isTextual() && EXCLUDE.equals(field.getValue().textValue())) {
                    it.remove();
                    if (actual instanceof ObjectNode a) {
                        a.remove(field.getKey());
                    }
                } else {
                    exclude(field.getValue(), actual == null ? null : actual.get(field.getKey()));
                }
            }
        } else if (expected instanceof ArrayNode e) {
            for (int i = 0; i < e.size(); i++) {
                exclude(e.get(i), actual instanceof ArrayNode a && i < a.size() ? a.get(i) : JsonNodeFactory.instance.nullNode());
            }
        }
    }
}
