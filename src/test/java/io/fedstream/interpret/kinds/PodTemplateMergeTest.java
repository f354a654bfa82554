package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The merge of pod templates keeps the fields of the common template in their order, the
 * component's values in their place, and the component's new fields after them, as a merge into a
 * {@link LinkedHashMap} (Jackson's {@code setAll}, then {@code set}) does.
 */
class PodTemplateMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void keepsTheOrderOfALinkedHashMapMerge() throws IOException {
        JsonNode base = JSON.readTree("""
                {"a": 1, "spec": {"containers": [{"name": "x", "resources": {"limits": {"cpu": "1"}}}, {"name": "y"}],
                 "priorityClassName": "low"}, "z": [1, 2]}""");
        JsonNode override = JSON.readTree("""
                {"spec": {"initContainers": [{"name": "i"}], "containers": [{"resources": {"requests": {"cpu": "2"}}}],
                 "priorityClassName": "high"}, "a": {"b": 2}, "new": true}""");
        JsonNode merged = PodTemplateMerge.merge(base, override, false);
        assertThat(merged.toString()).isEqualTo("{\"a\":{\"b\":2},\"spec\":{\"containers\":[{\"name\":\"x\",\"resources\":"
                + "{\"limits\":{\"cpu\":\"1\"},\"requests\":{\"cpu\":\"2\"}}},{\"name\":\"y\"}],\"priorityClassName\":\"high\","
                + "\"initContainers\":[{\"name\":\"i\"}]},\"z\":[1,2],\"new\":true}");
        assertThat(merged.get("spec").get("containers").get(1)).isSameAs(base.get("spec").get("containers").get(1));
        assertThat(merged.get("spec").get("initContainers")).isSameAs(override.get("spec").get("initContainers"));
        assertThat(base.toString()).doesNotContain("high");
    }

    @Test
    void mergesEveryPairOfTestTemplatesAsTheLinkedHashMapMergeDoes() throws IOException {
        List<JsonNode> templates = new ArrayList<>();
        for (String dir : List.of("src/test/resources/interpret", "src/bench/resources/manifests")) {
            try (Stream<Path> files = Files.walk(Path.of(dir))) {
                for (Path file : files.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".json")).toList()) {
                    collectTemplates(YAML.readTree(file.toFile()), templates);
                }
            }
        }
        assertThat(templates).hasSizeGreaterThan(50);
        List<JsonNode> sample = templates.subList(0, Math.min(templates.size(), 80));
        for (JsonNode base : sample) {
            for (JsonNode override : sample) {
                for (boolean byName : List.of(false, true)) {
                    JsonNode actual = PodTemplateMerge.merge(base, override, byName);
                    JsonNode expected = LinkedHashMapMerge.merge(base, override, byName);
                    assertThat(actual.toString()).isEqualTo(expected.toString());
                    assertThat(actual).isEqualTo(expected);
                    for (String key : List.of("spec", "metadata", "template")) {
                        assertThat(PodTemplateMerge.mergeField(base, override, key, byName)).isEqualTo(expected.get(key));
                    }
                }
            }
        }
    }

    @Test
    void mergesOneFieldAsTheWholeMergeHasIt() throws IOException {
        List<JsonNode> templates = new ArrayList<>();
        for (String json : List.of("{}", "{\"spec\": {\"a\": 1}}", "{\"spec\": [1]}", "{\"spec\": [2, 3]}", "{\"spec\": \"x\"}",
                "{\"spec\": null}", "{\"spec\": {}}", "{\"metadata\": {\"name\": \"m\"}}", "\"text\"", "null")) {
            templates.add(JSON.readTree(json));
        }
        templates.add(null);
        templates.add(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
        for (JsonNode base : templates) {
            for (JsonNode override : templates) {
                JsonNode whole = LinkedHashMapMerge.merge(base, override, false);
                assertThat(PodTemplateMerge.mergeField(base, override, "spec", false))
                        .as("%s over %s", override, base).isEqualTo(whole.get("spec"));
            }
        }
    }

    /** Every object under a key ending in "emplate" (template, podTemplate, ...). */
    private static void collectTemplates(JsonNode node, List<JsonNode> out) {
        node.fields().forEachRemaining(field -> {
            if (field.getKey().endsWith("emplate") && field.getValue().isObject()) {
                out.add(field.getValue());
            }
        });
        node.forEach(child -> collectTemplates(child, out));
    }

    /** The merge as it was written before, over Jackson's LinkedHashMap-backed ObjectNodes. */
    private static final class LinkedHashMapMerge {

        static JsonNode merge(JsonNode base, JsonNode override, boolean byName) {
            boolean hasBase = base != null && base.isObject();
            boolean hasOverride = override != null && override.isObject();
            if (!hasOverride) {
                return hasBase ? base : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
            }
            if (!hasBase) {
                return override;
            }
            return mergeObject((ObjectNode) base, override, byName);
        }

        private static JsonNode mergeInto(JsonNode to, JsonNode from, boolean byName) {
            if (!(to instanceof ObjectNode object) || from.isEmpty() || !from.isObject()) {
                return to;
            }
            return mergeObject(object, from, byName);
        }

        private static ObjectNode mergeObject(ObjectNode to, JsonNode from, boolean byName) {
            ObjectNode result = to.objectNode();
            result.setAll(to);
            Iterator<Map.Entry<String, JsonNode>> fields = from.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                String name = field.getKey();
                JsonNode toChild = to.get(name);
                JsonNode fromChild = field.getValue();
                if (toChild != null && toChild.isArray() && fromChild.isArray()) {
                    result.set(name, mergeArray((ArrayNode) toChild, (ArrayNode) fromChild, byName));
                } else if (toChild != null && toChild.isObject()) {
                    result.set(name, mergeInto(toChild, fromChild, byName));
                } else {
                    result.set(name, fromChild);
                }
            }
            return result;
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
}
