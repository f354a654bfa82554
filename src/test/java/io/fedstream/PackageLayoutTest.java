package io.fedstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layout DESIGN.md promises, read from the sources: pure cores without Kafka types, a package-info naming each
 * stage's key, inputs, outputs and stores, and an engine that does not depend on the demo, the command line or the
 * benchmark.
 */
class PackageLayoutTest {

    private static final Path SOURCES = Path.of("src/main/java/io/fedstream");
    private static final List<String> PURE_CORES = List.of("interpret", "interpret/kinds", "bind", "admit", "place", "health", "failover", "lease",
            "recommend", "propagate");
    private static final List<String> STAGES = List.of("decide", "lease/stage", "health/stage", "recommend/stage", "workstatus");
    private static final List<String> OUTSIDE_THE_ENGINE = List.of("cli", "demo", "bench");

    @Test
    void pureCoresUseNoKafkaType() {
        for (String core : PURE_CORES) {
            assertThat(sourcesOf(core)).as("sources of %s", core).isNotEmpty()
                    .allSatisfy(file -> assertThat(read(file)).as(file.toString()).doesNotContain("import org.apache.kafka"));
        }
    }

    @Test
    void everyStageSaysItsKeyInputsOutputsAndStores() {
        for (String stage : STAGES) {
            Path info = SOURCES.resolve(stage).resolve("package-info.java");
            assertThat(info).as("package-info of %s", stage).exists();
            assertThat(read(info)).as(info.toString()).contains("Key:").containsPattern("Inputs?:").containsPattern("Outputs?:")
                    .containsPattern("Stores?:");
        }
    }

    @Test
    void theEngineDependsOnNeitherTheDemoNorTheCommandLineNorTheBenchmark() {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            List<Path> engine = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> OUTSIDE_THE_ENGINE.stream().noneMatch(outside -> SOURCES.relativize(f).startsWith(outside)))
                    .toList();
            assertThat(engine).isNotEmpty().allSatisfy(file -> assertThat(read(file)).as(file.toString())
                    .doesNotContain("import io.fedstream.cli.").doesNotContain("import io.fedstream.demo.")
                    .doesNotContain("import io.fedstream.bench."));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The package's own sources, not those of its sub-packages. */
    private static List<Path> sourcesOf(String pkg) {
        try (Stream<Path> files = Files.list(SOURCES.resolve(pkg))) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
