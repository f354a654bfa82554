package io.fedstream.interpret;

import io.fedstream.interpret.Interpretation.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the benchmark manifests (src/bench/resources/manifests) honest in the default build:
 * each YAML has a JSON twin that parses to the same tree, both are 2-6 KiB, and a kind the
 * interpreter knows must interpret (a kind not merged yet may only be UNINTERPRETED, never
 * INVALID), so a benchmark never times the rejection of a broken manifest.
 */
class BenchManifestsTest {

    private static final Path MANIFESTS = Path.of("src/bench/resources/manifests");
    private static final Interpreter INTERPRETER = Interpreter.builtIn();

    static Stream<String> kinds() throws IOException {
        try (Stream<Path> files = Files.list(MANIFESTS)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml"))
                    .map(n -> n.substring(0, n.length() - ".yaml".length()))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void jsonTwinIsTheSameManifest(String kind) throws IOException {
        byte[] yaml = Files.readAllBytes(MANIFESTS.resolve(kind + ".yaml"));
        byte[] json = Files.readAllBytes(MANIFESTS.resolve(kind + ".json"));
        assertThat(yaml.length).as("YAML size").isBetween(2048, 6144);
        assertThat(json.length).as("JSON size").isBetween(2048, 6144);
        assertThat(json[0]).as("JSON starts with '{'").isEqualTo((byte) '{');

        ManifestParser parser = new ManifestParser();
        List<ManifestParser.Document> fromYaml = parser.parse(yaml);
        List<ManifestParser.Document> fromJson = parser.parse(json);
        assertThat(fromYaml).hasSize(1);
        assertThat(fromJson).hasSize(1);
        assertThat(fromYaml.get(0).error()).isNull();
        assertThat(fromJson.get(0).error()).isNull();
        assertThat(fromJson.get(0).root()).isEqualTo(fromYaml.get(0).root());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void interpretsOnceItsKindIsKnown(String kind) throws IOException {
        Interpretation result = INTERPRETER.interpret(Files.readAllBytes(MANIFESTS.resolve(kind + ".json")));
        assertThat(result.outcome()).as("errors %s", result.errors()).isIn(Outcome.INTERPRETED, Outcome.UNINTERPRETED);
        if (result.outcome() == Outcome.INTERPRETED) {
            assertThat(result.components()).isNotEmpty();
            assertThat(result.total().isEmpty()).isFalse();
        }
    }
}
