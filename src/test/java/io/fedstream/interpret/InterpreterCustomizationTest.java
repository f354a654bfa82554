package io.fedstream.interpret;

import io.fedstream.interpret.CustomizationPath.Index;
import io.fedstream.interpret.CustomizationPath.Key;
import io.fedstream.interpret.Interpretation.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the vectors cannot show: loading customizations from a directory, how
 * {@link Interpreter#withCustomizations} composes with the built-ins, and the parsed form of
 * customization paths. Interpretation rules themselves are vectors under
 * {@code src/test/resources/interpret/customization}.
 */
class InterpreterCustomizationTest {

    private static final String TRAINER = """
            apiVersion: fedstream.io/v1alpha1
            kind: InterpreterCustomization
            metadata: {name: my-trainer}
            spec:
              target: {apiVersion: example.com/v1, kind: MyTrainer}
              components:
              - name: worker
                replicas: {path: "$.spec.workers", default: 1}
                resources: "$.spec.resources"
            """;

    private static final String WEB_DEPLOYMENTS = """
            apiVersion: fedstream.io/v1alpha1
            kind: InterpreterCustomization
            metadata: {name: web-deployments}
            spec:
              target: {apiVersion: apps/v1, kind: Deployment}
              components:
              - name: web
                replicas: {path: "$.spec.replicas", default: 1}
                podTemplate: "$.spec.template"
            """;

    private static final String TRAINER_MANIFEST = """
            apiVersion: example.com/v1
            kind: MyTrainer
            metadata: {name: t}
            spec: {workers: 3, resources: {requests: {cpu: "2"}}}
            """;

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: d}
            spec:
              replicas: 2
              template: {spec: {containers: [{name: a, resources: {requests: {cpu: "1"}}}]}}
            """;

    private static final String REPLICA_SET = DEPLOYMENT.replace("kind: Deployment", "kind: ReplicaSet");

    @Test
    void loadsEveryYamlYmlAndJsonFileOfADirectoryInNameOrder(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("b-trainer.yaml"), TRAINER + "---\n" + rename(TRAINER, "other-trainer", "v2"));
        Files.writeString(dir.resolve("a-web.yml"), WEB_DEPLOYMENTS);
        Files.writeString(dir.resolve("c-json.json"), """
                {"apiVersion": "fedstream.io/v1alpha1", "kind": "InterpreterCustomization", "metadata": {"name": "from-json"},
                 "spec": {"target": {"apiVersion": "example.com/v1", "kind": "Json"}, "components": []}}
                """);
        Files.writeString(dir.resolve("notes.txt"), "not a customization");
        Files.writeString(dir.resolve(".hidden.yaml"), "not: [valid");
        // The layout of a mounted ConfigMap: a ..data directory beside links to its files.
        Files.createDirectory(dir.resolve("..data"));
        Files.writeString(dir.resolve("..data").resolve("inner.yaml"), "not: [valid");

        List<InterpreterCustomization> loaded = InterpreterCustomization.loadDirectory(dir);

        assertThat(loaded).extracting(InterpreterCustomization::name)
                .containsExactly("web-deployments", "my-trainer", "other-trainer", "from-json");
        assertThat(loaded).extracting(InterpreterCustomization::source).containsExactly(
                dir.resolve("a-web.yml").toString(),
                dir.resolve("b-trainer.yaml") + " (document 1)",
                dir.resolve("b-trainer.yaml") + " (document 2)",
                dir.resolve("c-json.json").toString());
        assertThat(loaded.get(1).target()).isEqualTo(KindRef.of("example.com/v1", "MyTrainer"));
    }

    @Test
    void aRefusedFileIsNamedInTheError(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("good.yaml"), TRAINER);
        Files.writeString(dir.resolve("bad.yaml"), WEB_DEPLOYMENTS.replace("$.spec.template", "$.spec.template[x]"));

        assertThatThrownBy(() -> InterpreterCustomization.loadDirectory(dir))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessage("InterpreterCustomization web-deployments in " + dir.resolve("bad.yaml")
                        + ": spec.components[0].podTemplate: cannot parse at position 16: expected a quoted name or an"
                        + " index after '[', found 'x' (value: $.spec.template[x])");
    }

    @Test
    void twoFilesTargetingOneKindAreRefusedNamingBoth(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("one.yaml"), TRAINER);
        Files.writeString(dir.resolve("two.yaml"), rename(TRAINER, "second-trainer", "v1"));

        assertThatThrownBy(() -> InterpreterCustomization.loadDirectory(dir))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessage("conflicting InterpreterCustomizations: spec.target: is the target of both customization"
                        + " my-trainer (" + dir.resolve("one.yaml") + ") and customization second-trainer ("
                        + dir.resolve("two.yaml") + ") (value: example.com/v1/MyTrainer)");
    }

    @Test
    void aMissingDirectoryIsAnIoError(@TempDir Path dir) {
        assertThatThrownBy(() -> InterpreterCustomization.loadDirectory(dir.resolve("absent")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("absent");
    }

    @Test
    void anEmptyInputHoldsNoCustomizations() {
        assertThat(InterpreterCustomization.load("# nothing yet\n".getBytes(StandardCharsets.UTF_8), "empty.yaml")).isEmpty();
    }

    @Test
    void customizationsAddKindsAndOverrideOnlyTheKindTheyTarget() {
        Interpreter builtIn = Interpreter.builtIn();
        Interpreter customized = builtIn.withCustomizations(load(TRAINER + "---\n" + WEB_DEPLOYMENTS));

        Interpretation deployment = customized.interpret(DEPLOYMENT);
        assertThat(deployment.interpreter()).isEqualTo("customization:web-deployments");
        assertThat(deployment.components()).extracting(ComponentRequirement::name).containsExactly("web");
        // ReplicaSet shares the built-in class that handles Deployment; only Deployment is overridden.
        assertThat(customized.interpret(REPLICA_SET).interpreter()).isEqualTo("built-in:apps/v1/ReplicaSet");
        Interpretation trainer = customized.interpret(TRAINER_MANIFEST);
        assertThat(trainer.interpreter()).isEqualTo("customization:my-trainer");
        assertThat(trainer.total().toQuantities()).containsExactly(java.util.Map.entry("cpu", "6"));
    }

    @Test
    void theInterpreterItIsDerivedFromIsUnchanged() {
        Interpreter builtIn = Interpreter.builtIn();
        builtIn.withCustomizations(load(TRAINER + "---\n" + WEB_DEPLOYMENTS));

        assertThat(builtIn.interpret(DEPLOYMENT).interpreter()).isEqualTo("built-in:apps/v1/Deployment");
        assertThat(builtIn.interpret(TRAINER_MANIFEST).outcome()).isEqualTo(Outcome.UNINTERPRETED);
    }

    @Test
    void withCustomizationsReplacesTheEarlierSetRatherThanAddingToIt() {
        Interpreter first = Interpreter.builtIn().withCustomizations(load(TRAINER + "---\n" + WEB_DEPLOYMENTS));

        // A rebuild after a customization was deleted: the remaining set is given in full.
        Interpreter rebuilt = first.withCustomizations(load(TRAINER));
        Interpreter none = first.withCustomizations(List.of());

        assertThat(rebuilt.interpret(DEPLOYMENT).interpreter()).isEqualTo("built-in:apps/v1/Deployment");
        assertThat(rebuilt.interpret(TRAINER_MANIFEST).interpreter()).isEqualTo("customization:my-trainer");
        assertThat(none.interpret(TRAINER_MANIFEST).outcome()).isEqualTo(Outcome.UNINTERPRETED);
    }

    @Test
    void twoCustomizationsForOneTargetAreRefusedWhenCombined() {
        List<InterpreterCustomization> first = load(TRAINER);
        List<InterpreterCustomization> second = InterpreterCustomization.load(
                rename(TRAINER, "trainer-two", "v1").getBytes(StandardCharsets.UTF_8), "policies@7");
        List<InterpreterCustomization> both = List.of(first.get(0), second.get(0));

        assertThatThrownBy(() -> Interpreter.builtIn().withCustomizations(both))
                .isInstanceOf(InvalidCustomizationException.class)
                .satisfies(e -> assertThat(((InvalidCustomizationException) e).errors()).containsExactly(new FieldError(
                        "spec.target", "example.com/v1/MyTrainer",
                        "is the target of both customization my-trainer (test) and customization trainer-two (policies@7)")));
    }

    @Test
    void everyDocumentOfAMultiDocumentManifestIsInterpretedByItsCustomization() {
        Interpreter customized = Interpreter.builtIn().withCustomizations(load(TRAINER));

        List<Interpretation> results = customized.interpretDocuments(
                (TRAINER_MANIFEST + "---\n" + TRAINER_MANIFEST.replace("workers: 3", "workers: -3"))
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(results).extracting(Interpretation::outcome).containsExactly(Outcome.INTERPRETED, Outcome.INVALID);
        assertThat(results.get(1).errors()).containsExactly(new FieldError("spec.workers", "-3", "must not be negative"));
    }

    @Test
    void replicasTimesRequestBeyondALongIsAnErrorNamingTheReplicasField() {
        Interpreter customized = Interpreter.builtIn().withCustomizations(load(TRAINER));

        Interpretation result = customized.interpret(TRAINER_MANIFEST.replace("cpu: \"2\"", "memory: 4Ei"));

        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.total()).isEqualTo(Resources.NONE);
        assertThat(result.errors()).containsExactly(new FieldError("spec.workers", "3",
                "component worker: replicas x per-pod request does not fit a 64-bit integer"));
    }

    @Test
    void pathsParseIntoKeysAndIndexes() {
        assertThat(CustomizationPath.parse("$.spec.workerGroups[2]['nvidia.com/gpu'][\"a \\\"b\\\"\"]['it\\'s\\\\'].x_y-z")
                        .segments())
                .containsExactly(new Key("spec"), new Key("workerGroups"), new Index(2), new Key("nvidia.com/gpu"),
                        new Key("a \"b\""), new Key("it's\\"), new Key("x_y-z"));
        assertThat(CustomizationPath.parse("$['']").segments()).containsExactly(new Key(""));
    }

    @Test
    void pathErrorsNameThePosition() {
        assertThatThrownBy(() -> CustomizationPath.parse(".spec.replicas"))
                .hasMessage("cannot parse at position 0: a path must start with '$' (write $.spec.replicas)");
        assertThatThrownBy(() -> CustomizationPath.parse("$.spec."))
                .hasMessage("cannot parse at position 7: expected a field name after '.', found the end of the path");
        assertThatThrownBy(() -> CustomizationPath.parse("$.a[01]"))
                .hasMessage("cannot parse at position 4: an index has no leading zeros");
        assertThatThrownBy(() -> CustomizationPath.parse("$.a[12345678901]"))
                .hasMessage("cannot parse at position 4: index 12345678901 is too large");
        assertThatThrownBy(() -> CustomizationPath.parse("$.a[0"))
                .hasMessage("cannot parse at position 5: expected ']' to close the '[' at position 3, found the end of the path");
        assertThatThrownBy(() -> CustomizationPath.parse("$['a\\n']"))
                .hasMessage("cannot parse at position 4: '\\' may only escape ' or '\\'");
        assertThatThrownBy(() -> CustomizationPath.parse("$.a['b','c']"))
                .hasMessage("cannot parse at position 7: unions are not supported");
        assertThatThrownBy(() -> CustomizationPath.parse("$" + ".a".repeat(600)))
                .hasMessage("cannot parse at position 1000: a path may have at most 1000 characters");
    }

    private static List<InterpreterCustomization> load(String yaml) {
        return InterpreterCustomization.load(yaml.getBytes(StandardCharsets.UTF_8), "test");
    }

    private static String rename(String customization, String name, String version) {
        return customization.replace("name: my-trainer", "name: " + name)
                .replace("apiVersion: example.com/v1,", "apiVersion: example.com/" + version + ",");
    }
}
