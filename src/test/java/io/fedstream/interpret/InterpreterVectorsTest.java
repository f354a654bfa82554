package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.interpret.Interpretation.Outcome;
import io.fedstream.interpret.kinds.BuiltInKinds;
import io.fedstream.interpret.kinds.TrainingRuntimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs every test vector under src/test/resources/interpret: a YAML file holding a
 * {@code manifest} (or raw {@code manifestText}, or {@code format: json} to feed the manifest as
 * JSON), optionally the {@code runtimes} (Kubeflow Trainer runtime manifests) the interpreter
 * knows, and what to {@code expect}. Optional {@code customizations} (a list of
 * InterpreterCustomization objects) or {@code customizationsText} (raw YAML) are loaded on top of
 * the built-in kinds; {@code expect.loadErrors} lists the exact errors refusing them. Limits are
 * checked where a vector states them: {@code perPodLimits}/{@code totalLimits} of a component and
 * {@code expect.totalLimits}, each compared exactly when given ({@code {}} means no limits).
 * Adding a case means adding a file.
 */
class InterpreterVectorsTest {

    private static final Path ROOT = Path.of("src/test/resources/interpret");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Interpreter INTERPRETER = Interpreter.builtIn();

    static Stream<Arguments> vectors() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".yaml"))
                    .sorted()
                    .map(p -> Arguments.of(ROOT.relativize(p).toString(), p))
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void vector(String name, Path file) throws IOException {
        JsonNode vector = YAML.readTree(file.toFile());
        assertThat(vector.path("description").asText()).as("%s needs a description", name).isNotBlank();
        Interpreter interpreter = vector.has("runtimes") ? Interpreter.builtIn(runtimes(vector.get("runtimes"))) : INTERPRETER;
        JsonNode expect = vector.get("expect");
        if (vector.has("customizations") || vector.has("customizationsText")) {
            try {
                interpreter = interpreter.withCustomizations(customizations(vector));
            } catch (InvalidCustomizationException e) {
                assertThat(expect.has("loadErrors")).as("customizations refused: %s", e.getMessage()).isTrue();
                assertThat(e.errors()).isEqualTo(fieldErrors(expect.get("loadErrors")));
                if (expect.has("loadMessage")) {
                    assertThat(e.getMessage()).isEqualTo(expect.get("loadMessage").asText());
                }
                return;
            }
            assertThat(expect.has("loadErrors")).as("customizations were expected to be refused").isFalse();
        }
        Interpretation result = interpreter.interpret(input(vector));
        String errors = result.errors().stream().map(FieldError::message).toList().toString();

        assertThat(result.outcome()).as("outcome, errors %s", errors).isEqualTo(Outcome.valueOf(expect.get("outcome").asText()));
        if (expect.has("key")) {
            assertThat(result.workload().key()).isEqualTo(expect.get("key").asText());
        }
        if (expect.has("interpreter")) {
            assertThat(result.interpreter()).isEqualTo(expect.get("interpreter").asText());
        }
        if (expect.has("priorityClassName")) {
            assertThat(result.priorityClassName()).isEqualTo(expect.get("priorityClassName").asText());
        }
        if (expect.has("labels")) {
            assertThat(result.labels()).isEqualTo(strings(expect.get("labels")));
        }
        if (result.outcome() == Outcome.INTERPRETED) {
            assertThat(result.errors()).isEmpty();
            assertThat(components(result, expect.path("components"))).isEqualTo(expectedComponents(expect.path("components")));
            assertThat(result.total().toQuantities()).as("total").isEqualTo(strings(expect.path("total")));
            if (expect.has("totalLimits")) {
                assertThat(result.totalLimits().toQuantities()).as("totalLimits").isEqualTo(strings(expect.get("totalLimits")));
            }
        } else {
            assertThat(result.components()).isEmpty();
            assertThat(result.total()).isEqualTo(Resources.NONE);
            assertThat(result.totalLimits()).isEqualTo(Resources.NONE);
            assertThat(result.errors()).isNotEmpty();
        }
        List<String> warnings = result.warnings().stream().map(w -> w.field()).toList();
        List<String> expectedWarnings = new java.util.ArrayList<>();
        expect.path("warnings").forEach(w -> expectedWarnings.add(w.get("field").asText()));
        assertThat(warnings).as("warnings %s", result.warnings()).isEqualTo(expectedWarnings);
        for (JsonNode w : expect.path("warnings")) {
            assertThat(result.warnings()).anySatisfy(actual -> assertThat(actual.reason()).contains(w.path("reasonContains").asText()));
        }
        if (expect.has("errorCount")) {
            assertThat(result.errors()).as(errors).hasSize(expect.get("errorCount").asInt());
        }
        for (JsonNode e : expect.path("errors")) {
            assertThat(result.errors())
                    .as("an error matching %s among %s", e, errors)
                    .anySatisfy(actual -> {
                        assertThat(actual.field()).isEqualTo(e.get("field").asText());
                        if (e.has("value")) {
                            assertThat(actual.value()).isEqualTo(e.get("value").isNull() ? null : e.get("value").asText());
                        }
                        if (e.has("valueContains")) {
                            assertThat(actual.value()).contains(e.get("valueContains").asText());
                        }
                        if (e.has("reasonContains")) {
                            assertThat(actual.reason()).contains(e.get("reasonContains").asText());
                        }
                    });
        }
    }

    @Test
    void everyBuiltInKindHasVectors() throws IOException {
        Set<String> covered = new HashSet<>();
        for (Arguments args : vectors().toList()) {
            JsonNode manifest = YAML.readTree(((Path) args.get()[1]).toFile()).path("manifest");
            covered.add(manifest.path("apiVersion").asText() + "/" + manifest.path("kind").asText());
        }
        List<String> kinds = BuiltInKinds.all().stream().flatMap(k -> k.kinds().stream()).map(KindRef::id).toList();
        assertThat(covered).containsAll(kinds);
    }

    static TrainingRuntimes runtimes(JsonNode runtimes) {
        List<JsonNode> manifests = new ArrayList<>();
        runtimes.forEach(manifests::add);
        return TrainingRuntimes.of(manifests);
    }

    private static byte[] input(JsonNode vector) throws IOException {
        if (vector.has("manifestText")) {
            return vector.get("manifestText").asText().getBytes(StandardCharsets.UTF_8);
        }
        JsonNode manifest = vector.get("manifest");
        return "json".equals(vector.path("format").asText()) ? JSON.writeValueAsBytes(manifest) : YAML.writeValueAsBytes(manifest);
    }

    /** The actual components, with their limits only where the vector states limits for that component. */
    private static List<Map<String, Object>> components(Interpretation result, JsonNode expected) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < result.components().size(); i++) {
            ComponentRequirement c = result.components().get(i);
            JsonNode stated = expected.path(i);
            Map<String, Object> m = new TreeMap<>();
            m.put("name", c.name());
            m.put("replicas", c.replicas());
            m.put("minReplicas", c.minReplicas());
            m.put("maxReplicas", c.maxReplicas());
            m.put("perPod", c.perPod().toQuantities());
            m.put("total", c.total().toQuantities());
            if (stated.has("perPodLimits")) {
                m.put("perPodLimits", c.perPodLimits().toQuantities());
            }
            if (stated.has("totalLimits")) {
                m.put("totalLimits", c.totalLimits().toQuantities());
            }
            out.add(m);
        }
        return out;
    }

    private static List<Map<String, Object>> expectedComponents(JsonNode components) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (JsonNode c : components) {
            Map<String, Object> m = new TreeMap<>();
            m.put("name", c.get("name").asText());
            m.put("replicas", c.get("replicas").asLong());
            m.put("minReplicas", c.has("minReplicas") ? c.get("minReplicas").asLong() : null);
            m.put("maxReplicas", c.has("maxReplicas") ? c.get("maxReplicas").asLong() : null);
            m.put("perPod", strings(c.path("perPod")));
            m.put("total", strings(c.path("total")));
            for (String limits : List.of("perPodLimits", "totalLimits")) {
                if (c.has(limits)) {
                    m.put(limits, strings(c.get(limits)));
                }
            }
            out.add(m);
        }
        return out;
    }

    private static Map<String, String> strings(JsonNode mapping) {
        Map<String, String> out = new TreeMap<>();
        mapping.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    static List<InterpreterCustomization> customizations(JsonNode vector) throws IOException {
        if (vector.has("customizationsText")) {
            return InterpreterCustomization.load(
                    vector.get("customizationsText").asText().getBytes(StandardCharsets.UTF_8), "customizationsText");
        }
        List<InterpreterCustomization> out = new ArrayList<>();
        JsonNode list = vector.get("customizations");
        for (int i = 0; i < list.size(); i++) {
            out.addAll(InterpreterCustomization.load(YAML.writeValueAsBytes(list.get(i)), "customizations[" + i + "]"));
        }
        return out;
    }

    private static List<FieldError> fieldErrors(JsonNode errors) {
        List<FieldError> out = new ArrayList<>();
        for (JsonNode e : errors) {
            JsonNode value = e.path("value");
            out.add(new FieldError(e.get("field").asText(), value.isMissingNode() || value.isNull() ? null : value.asText(),
                    e.get("reason").asText()));
        }
        return out;
    }
}
