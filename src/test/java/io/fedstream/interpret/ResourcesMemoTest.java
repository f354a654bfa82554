package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading pod specs through a {@link ResourcesMemo} gives the requests and records the problems
 * that reading them without one does, on every pod spec of the test vectors, each read twice under
 * two field paths (the second read takes its containers from the memo when the first recorded nothing).
 */
class ResourcesMemoTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void readsAsWithoutTheMemo() throws IOException {
        List<JsonNode> podSpecs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/interpret"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                collectPodSpecs(YAML.readTree(file.toFile()), podSpecs);
            }
        }
        assertThat(podSpecs).hasSizeGreaterThan(100);
        int withProblems = 0;
        for (JsonNode spec : podSpecs) {
            Problems plain = new Problems();
            List<PodRequest> expected = List.of(
                    PodRequests.of(Cursor.root(spec, "a", plain), "main", UnaryOperator.identity()),
                    PodRequests.of(Cursor.root(spec, "b", plain), "main", UnaryOperator.identity()));
            Problems memoized = new Problems();
            ResourcesMemo memo = new ResourcesMemo(memoized);
            List<PodRequest> actual = List.of(
                    PodRequests.of(Cursor.root(spec, "a", memoized), "main", UnaryOperator.identity(), memo),
                    PodRequests.of(Cursor.root(spec, "b", memoized), "main", UnaryOperator.identity(), memo));
            assertThat(actual).as("%s", spec).isEqualTo(expected);
            assertThat(memoized.list()).as("%s", spec).isEqualTo(plain.list());
            withProblems += plain.isEmpty() ? 0 : 1;
        }
        assertThat(withProblems).isPositive();
    }

    @Test
    void remembersMoreContainersThanItFirstHasRoomFor() throws IOException {
        StringBuilder containers = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            containers.append(i == 0 ? "" : ",").append("{\"resources\":{\"requests\":{\"cpu\":\"").append(i + 1).append("\"}}}");
        }
        Cursor spec = Cursor.root(YAML.readTree("{\"containers\":[" + containers + "]}"), new Problems());
        ResourcesMemo memo = new ResourcesMemo(spec.problems());
        List<Cursor> read = spec.field("containers").elements();

        List<ContainerResources> first = read.stream().map(memo::containerResources).toList();
        List<ContainerResources> again = read.stream().map(memo::containerResources).toList();

        assertThat(first).extracting(r -> r.requests().get("cpu")).containsExactly(1000L, 2000L, 3000L, 4000L, 5000L, 6000L, 7000L, 8000L, 9000L);
        for (int i = 0; i < first.size(); i++) {
            assertThat(again.get(i)).isSameAs(first.get(i));
        }
    }

    private static void collectPodSpecs(JsonNode node, List<JsonNode> out) {
        if (node.isObject() && node.has("containers")) {
            out.add(node);
        }
        node.forEach(child -> collectPodSpecs(child, out));
    }
}
