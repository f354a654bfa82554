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
 * {@link PodRequests#check} records exactly the problems that reading the pod spec in full
 * records, in the same order: on every pod spec of the test vectors, and on pods whose totals
 * overflow through sidecars, init containers, pod-level resources or overhead.
 */
class PodRequestsCheckTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HALF = "4611686018427387904"; // 2^62 bytes: two of them do not fit a long

    @Test
    void recordsWhatAFullReadRecordsOnEveryTestPodSpec() throws IOException {
        List<JsonNode> podSpecs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/interpret"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                collectPodSpecs(YAML.readTree(file.toFile()), podSpecs);
            }
        }
        assertThat(podSpecs).hasSizeGreaterThan(100);
        for (JsonNode spec : podSpecs) {
            assertChecksAsAFullRead(spec);
        }
    }

    @Test
    void recordsOverflowsOfSidecarsInitContainersPodLevelAndOverheadAsAFullReadDoes() throws IOException {
        List<String> specs = List.of(
                // Two regular containers.
                "{\"containers\": [{\"name\": \"a\", \"resources\": {\"requests\": {\"memory\": \"" + HALF + "\"}}},"
                        + " {\"name\": \"b\", \"resources\": {\"limits\": {\"memory\": \"" + HALF + "\"}}},"
                        + " {\"name\": \"c\", \"resources\": {\"requests\": {\"cpu\": \"x\"}}}]}",
                // A sidecar and the init container after it; a later bad quantity is not read.
                "{\"containers\": [{\"name\": \"a\"}], \"initContainers\": ["
                        + "{\"name\": \"s\", \"restartPolicy\": \"Always\", \"resources\": {\"requests\": {\"memory\": \"" + HALF + "\"}}},"
                        + "{\"name\": \"i\", \"resources\": {\"limits\": {\"memory\": \"" + HALF + "\"}}},"
                        + "{\"name\": \"j\", \"resources\": {\"limits\": {\"memory\": \"bad\"}}}]}",
                // A container and a sidecar: only the pod's total overflows; priorityClassName is then not read.
                "{\"containers\": [{\"name\": \"a\", \"resources\": {\"limits\": {\"memory\": \"" + HALF + "\"}}}],"
                        + " \"initContainers\": [{\"name\": \"s\", \"restartPolicy\": \"Always\","
                        + " \"resources\": {\"limits\": {\"memory\": \"" + HALF + "\"}}}], \"priorityClassName\": 7}",
                // Limits alone overflow; requests fit.
                "{\"containers\": [{\"name\": \"main\", \"resources\": {\"requests\": {\"cpu\": \"1\"}, \"limits\": {\"memory\": \"" + HALF + "\"}}},"
                        + " {\"name\": \"b\", \"resources\": {\"requests\": {\"memory\": \"1\"}, \"limits\": {\"memory\": \"" + HALF + "\"}}}],"
                        + " \"priorityClassName\": 7}",
                // Overhead on top of a total that fits.
                "{\"containers\": [{\"name\": \"a\", \"resources\": {\"requests\": {\"memory\": \"" + HALF + "\"}, \"limits\": {\"memory\": \"" + HALF + "\"}}}],"
                        + " \"overhead\": {\"memory\": \"" + HALF + "\"}, \"priorityClassName\": 7}",
                // Pod-level resources replace the containers' totals, then overhead is added.
                "{\"containers\": [{\"name\": \"a\", \"resources\": {\"requests\": {\"memory\": \"1Gi\"}}}],"
                        + " \"resources\": {\"requests\": {\"memory\": \"" + HALF + "\", \"nvidia.com/gpu\": \"1\"}},"
                        + " \"overhead\": {\"memory\": \"" + HALF + "\"}}",
                // No overflow, but a priorityClassName that is no string.
                "{\"containers\": [{\"name\": 5, \"resources\": {\"requests\": {\"memory\": \"1Gi\"}}}], \"priorityClassName\": 7}");
        for (String spec : specs) {
            Problems problems = assertChecksAsAFullRead(JSON.readTree(spec));
            assertThat(problems.list()).as(spec).isNotEmpty();
        }
    }

    private static Problems assertChecksAsAFullRead(JsonNode spec) {
        Problems read = new Problems();
        PodRequests.of(Cursor.root(spec, "a", read), "main", UnaryOperator.identity(), new ResourcesMemo(read));
        Problems checked = new Problems();
        PodRequests.check(Cursor.root(spec, "a", checked), "main", new ResourcesMemo(checked));
        assertThat(checked.list()).as("%s", spec).isEqualTo(read.list());
        return read;
    }

    private static void collectPodSpecs(JsonNode node, List<JsonNode> out) {
        if (node.isObject() && node.has("containers")) {
            out.add(node);
        }
        node.forEach(child -> collectPodSpecs(child, out));
    }
}
