package io.fedstream.interpret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading customizations and Trainer runtimes together, and layering later sources over earlier ones. */
class InterpreterExtensionsTest {

    private static final String CUSTOMIZATION = """
            apiVersion: fedstream.io/v1alpha1
            kind: InterpreterCustomization
            metadata: {name: NAME}
            spec:
              target: {apiVersion: example.com/v1, kind: MyTrainer}
              components:
              - {name: worker, replicas: {path: "$.spec.count", default: REPLICAS}, resources: "$.spec.resources"}
            """;
    private static final String RUNTIME = """
            apiVersion: trainer.kubeflow.org/v1alpha1
            kind: ClusterTrainingRuntime
            metadata: {name: torch}
            spec: {template: {spec: {replicatedJobs: []}}}
            """;
    private static final String TRAINER = """
            {"apiVersion":"example.com/v1","kind":"MyTrainer","metadata":{"name":"t"},"spec":{"resources":{"requests":{"cpu":"1"}}}}
            """;

    @TempDir Path dir;

    @Test
    void loadsCustomizationsAndRuntimesFromOneMultiDocumentFile() {
        InterpreterExtensions loaded = load(customization("a", 2) + "---\n" + RUNTIME);

        assertThat(loaded.customizations()).extracting(InterpreterCustomization::name).containsExactly("a");
        assertThat(loaded.runtimeCount()).isEqualTo(1);
        assertThat(loaded.interpreter().interpret(TRAINER).total().toQuantities()).containsEntry("cpu", "2");
    }

    @Test
    void refusesAnotherKindNamingTheDocument() {
        assertThatThrownBy(() -> load(customization("a", 2) + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessage("test.yaml (document 2): kind: expected InterpreterCustomization, ResourceInterpreterCustomization, TrainingRuntime or ClusterTrainingRuntime (value: ConfigMap)");
    }

    @Test
    void laterSourceReplacesACustomizationWithTheSameTarget() {
        InterpreterExtensions files = load(customization("from-file", 2));
        InterpreterExtensions topic = load(customization("from-topic", 5));

        InterpreterExtensions layered = files.with(topic);

        assertThat(layered.customizations()).extracting(InterpreterCustomization::name).containsExactly("from-topic");
        Interpretation result = layered.interpreter().interpret(TRAINER);
        assertThat(result.interpreter()).isEqualTo("customization:from-topic");
        assertThat(result.total().toQuantities()).containsEntry("cpu", "5");
    }

    @Test
    void directoryWithTwoCustomizationsOfOneTargetIsRefused() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), customization("a", 1));
        Files.writeString(dir.resolve("b.yaml"), customization("b", 1));

        assertThatThrownBy(() -> InterpreterExtensions.loadDirectory(dir))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessageContaining("customization a")
                .hasMessageContaining("customization b");
    }

    @Test
    void directoryReadsEveryManifestFileInNameOrder() throws IOException {
        Files.writeString(dir.resolve("1-trainer.yaml"), customization("a", 3));
        Files.writeString(dir.resolve("2-runtime.yml"), RUNTIME);
        Files.writeString(dir.resolve("notes.txt"), "not a manifest");

        InterpreterExtensions loaded = InterpreterExtensions.loadDirectory(dir);

        assertThat(loaded.customizations()).hasSize(1);
        assertThat(loaded.runtimeCount()).isEqualTo(1);
    }

    private static String customization(String name, int replicas) {
        return CUSTOMIZATION.replace("NAME", name).replace("REPLICAS", Integer.toString(replicas));
    }

    private static InterpreterExtensions load(String text) {
        return InterpreterExtensions.load(text.getBytes(StandardCharsets.UTF_8), "test.yaml");
    }
}
