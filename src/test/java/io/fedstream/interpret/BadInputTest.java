package io.fedstream.interpret;

import io.fedstream.interpret.Interpretation.Outcome;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Inputs that must be refused quickly and exactly, without ever throwing to the caller. */
class BadInputTest {

    private static final Interpreter INTERPRETER = Interpreter.builtIn();

    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata: {name: p}
            spec:
              containers: [{name: a, image: a, resources: {requests: {cpu: "1"}}}]
            """;

    @Test
    void invalidYamlIsRefusedWithItsPosition() {
        Interpretation result = INTERPRETER.interpret("apiVersion: v1\nkind: [Pod\nmetadata: {name: p}\n");
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).startsWith("is not valid YAML: ").contains("line ");
    }

    @Test
    void invalidJsonIsRefused() {
        Interpretation result = INTERPRETER.interpret("{\"apiVersion\": \"v1\", \"kind\": \"Pod\",");
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).startsWith("is not valid JSON: ");
    }

    @Test
    void trailingJsonIsRefused() {
        Interpretation result = INTERPRETER.interpret("{\"apiVersion\": \"v1\"} {\"kind\": \"Pod\"}");
        assertInvalid(result, "manifest", null);
    }

    @Test
    void missingApiVersionKindAndNameAreEachNamed() {
        Interpretation result = INTERPRETER.interpret("metadata: {labels: {a: b}}\nspec: {}\n");
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).extracting(FieldError::field)
                .containsExactly("apiVersion", "kind", "metadata.name");
        assertThat(result.errors()).extracting(FieldError::reason)
                .containsExactly("is required", "is required", "is required (or metadata.generateName)");
        assertThat(result.workload()).isEqualTo(new WorkloadId(null, null, "default", null));
        assertThat(result.workload().key()).isNull();
        assertThat(result.components()).isEmpty();
        assertThat(result.total()).isEqualTo(Resources.NONE);
    }

    @Test
    void missingMetadataIsNamed() {
        Interpretation result = INTERPRETER.interpret("apiVersion: v1\nkind: Pod\n");
        assertInvalid(result, "metadata", null);
        assertThat(result.errors().get(0).reason()).isEqualTo("is required");
    }

    @Test
    void duplicateYamlKeyIsRefusedWithItsPath() {
        Interpretation result = INTERPRETER.interpret("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: d}
                spec:
                  replicas: 1
                  replicas: 50
                """);
        assertInvalid(result, "spec.replicas", "replicas");
        assertThat(result.errors().get(0).reason()).isEqualTo("duplicate key");
    }

    @Test
    void duplicateJsonKeyIsRefusedWithItsPath() {
        Interpretation result = INTERPRETER.interpret(
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},"
                        + "\"spec\":{\"containers\":[{\"name\":\"a\",\"resources\":{\"requests\":{\"cpu\":\"1\",\"cpu\":\"64\"}}}]}}");
        assertInvalid(result, "spec.containers[0].resources.requests.cpu", "cpu");
        assertThat(result.errors().get(0).reason()).isEqualTo("duplicate key");
    }

    @Test
    void inputOverThreeMebibytesIsRefusedBeforeParsing() {
        String big = POD.replace("metadata: {name: p}", "metadata: {name: p, annotations: {blob: \"" + "x".repeat(5_000_000) + "\"}}");
        Interpretation result = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> INTERPRETER.interpret(big));
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).startsWith("is larger than 3 MiB");
    }

    @Test
    void inputOfExactlyThreeMebibytesIsRead() {
        String padding = "#".repeat(3 * 1024 * 1024 - POD.length() - 1) + "\n";
        byte[] bytes = (POD + padding).getBytes(StandardCharsets.UTF_8);
        assertThat(bytes).hasSize(3 * 1024 * 1024);
        assertThat(INTERPRETER.interpret(bytes).outcome()).isEqualTo(Outcome.INTERPRETED);
    }

    @Test
    void oneThreeMebibyteLineIsReadInLinearTime() {
        String longLine = POD.replace("metadata: {name: p}",
                "metadata: {name: p, annotations: {blob: " + "x".repeat(3 * 1024 * 1024 - POD.length() - 40) + "}}");
        Interpretation result = assertTimeoutPreemptively(Duration.ofSeconds(3), () -> INTERPRETER.interpret(longLine));
        assertThat(result.outcome()).isEqualTo(Outcome.INTERPRETED);
    }

    @Test
    void billionLaughsAliasBombFailsFast() {
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: Pod\nmetadata: {name: lol}\nl0: &l0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (int i = 1; i <= 9; i++) {
            String p = "*l" + (i - 1);
            yaml.append("l").append(i).append(": &l").append(i).append(" [")
                    .append(String.join(",", java.util.Collections.nCopies(9, p))).append("]\n");
        }
        Interpretation result = assertTimeoutPreemptively(Duration.ofMillis(900), () -> INTERPRETER.interpret(yaml.toString()));
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).contains("aliases");
    }

    @Test
    void aliasBombUnderTheAliasCountFailsOnTheExpansionBudget() {
        // 40 aliases doubling each level: few enough for SnakeYAML's alias count, 2^20 nodes expanded.
        INTERPRETER.interpret(POD); // class loading is not the work being timed
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: Pod\nmetadata: {name: lol}\na0: &a0 [x, x]\n");
        for (int i = 1; i <= 20; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [*a").append(i - 1).append(", *a").append(i - 1).append("]\n");
        }
        Interpretation result = assertTimeoutPreemptively(Duration.ofMillis(900), () -> INTERPRETER.interpret(yaml.toString()));
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.field()).matches("a1[0-9](\\[[01]\\])+");
            assertThat(e.value()).isNull();
            assertThat(e.reason()).isEqualTo("YAML aliases expand to more than 100000 nodes (alias bomb?)");
        });
    }

    @Test
    void ordinaryAnchorsAndMergeKeysWork() {
        Interpretation result = INTERPRETER.interpret("""
                apiVersion: v1
                kind: Pod
                metadata: {name: anchors}
                spec:
                  containers:
                  - name: a
                    resources: &small {requests: {cpu: 250m, memory: 64Mi}}
                  - name: b
                    resources:
                      <<: *small
                      limits: {cpu: "1"}
                """);
        assertThat(result.outcome()).isEqualTo(Outcome.INTERPRETED);
        assertThat(result.total().toQuantities()).containsExactly(
                java.util.Map.entry("cpu", "500m"), java.util.Map.entry("memory", "128Mi"));
    }

    @Test
    void recursiveAliasIsRefused() {
        Interpretation result = INTERPRETER.interpret("apiVersion: v1\nkind: Pod\nmetadata: {name: r}\nspec: &s {loop: *s}\n");
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors().get(0).reason()).containsAnyOf("recursive", "alias");
    }

    @Test
    void deeplyNestedJsonIsRefused() {
        String deep = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"d\"},\"x\":"
                + "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000) + "}";
        Interpretation result = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> INTERPRETER.interpret(deep));
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).startsWith("is not acceptable JSON: ").contains("100");
    }

    @Test
    void deeplyNestedYamlIsRefused() {
        String deep = "apiVersion: v1\nkind: Pod\nmetadata: {name: d}\nx: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
        Interpretation result = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> INTERPRETER.interpret(deep));
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).contains("Nesting Depth exceeded max 100");
    }

    @Test
    void unknownKindIsUninterpretedWithItsReason() {
        Interpretation result = INTERPRETER.interpret("""
                apiVersion: example.com/v1
                kind: MyTrainer
                metadata: {name: t, namespace: ml}
                spec: {workers: 3}
                """);
        assertThat(result.outcome()).isEqualTo(Outcome.UNINTERPRETED);
        assertThat(result.workload().key()).isEqualTo("example.com/MyTrainer/ml/t");
        assertThat(result.interpreter()).isNull();
        assertThat(result.components()).isEmpty();
        assertThat(result.total()).isEqualTo(Resources.NONE);
        assertThat(result.errors()).containsExactly(
                new FieldError("kind", "MyTrainer", "no interpreter for example.com/v1/MyTrainer"));
    }

    @Test
    void oneDocumentExpectedByInterpret() {
        Interpretation result = INTERPRETER.interpret(POD + "---\n" + POD);
        assertInvalid(result, "manifest", null);
        assertThat(result.errors().get(0).reason()).startsWith("holds 2 documents");
    }

    @Test
    void emptyInputIsRefused() {
        assertInvalid(INTERPRETER.interpret("   \n"), "manifest", null);
        assertInvalid(INTERPRETER.interpret(new byte[0]), "manifest", null);
    }

    @Test
    void scalarDocumentIsRefused() {
        assertInvalid(INTERPRETER.interpret("just text"), "manifest", "just text");
    }

    @Test
    void multiDocumentYamlGivesOneResultPerDocument() {
        String docs = "---\n" + POD + "---\n"
                + "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: -1, template: {spec: {containers: [{name: a}]}}}\n"
                + "---\n---\napiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t}\n";
        List<Interpretation> results = INTERPRETER.interpretDocuments(docs.getBytes(StandardCharsets.UTF_8));
        assertThat(results).extracting(Interpretation::outcome)
                .containsExactly(Outcome.INTERPRETED, Outcome.INVALID, Outcome.UNINTERPRETED);
        assertThat(results.get(1).errors()).containsExactly(new FieldError("spec.replicas", "-1", "must not be negative"));
    }

    @Test
    void syntaxErrorInALaterDocumentKeepsTheEarlierOnes() {
        String docs = POD + "---\napiVersion: v1\nkind: {Pod\n";
        List<Interpretation> results = INTERPRETER.interpretDocuments(docs.getBytes(StandardCharsets.UTF_8));
        assertThat(results).extracting(Interpretation::outcome).containsExactly(Outcome.INTERPRETED, Outcome.INVALID);
    }

    @Test
    void nonStringLabelIsRefused() {
        Interpretation result = INTERPRETER.interpret(POD.replace("metadata: {name: p}", "metadata: {name: p, labels: {version: 2}}"));
        assertInvalid(result, "metadata.labels.version", "2");
    }

    @Test
    void labelsThatAreNotAMappingAreRefused() {
        Interpretation result = INTERPRETER.interpret(POD.replace("metadata: {name: p}", "metadata: {name: p, labels: [a, b]}"));
        assertInvalid(result, "metadata.labels", "[\"a\",\"b\"]");
        assertThat(result.errors().get(0).message()).contains("must be a mapping");
    }

    @Test
    void nullLabelIsLeftOutAndTheOthersKept() {
        Interpretation result = INTERPRETER.interpret(POD.replace("metadata: {name: p}", "metadata: {name: p, labels: {a: null, b: x}}"));
        assertThat(result.outcome()).as("%s", result.errors()).isEqualTo(Outcome.INTERPRETED);
        assertThat(result.labels()).isEqualTo(Map.of("b", "x"));
    }

    @Test
    void quantityErrorsNameFieldAndValueExactly() {
        Interpretation result = INTERPRETER.interpret(POD.replace("cpu: \"1\"", "cpu: lots, memory: 2048 m"));
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).extracting(FieldError::field, FieldError::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("spec.containers[0].resources.requests.cpu", "lots"),
                org.assertj.core.groups.Tuple.tuple("spec.containers[0].resources.requests.memory", "2048 m"));
        assertThat(result.errors().get(0).message()).startsWith("spec.containers[0].resources.requests.cpu: is not a Kubernetes quantity").endsWith("(value: lots)");
    }

    private static void assertInvalid(Interpretation result, String field, String value) {
        assertThat(result.outcome()).as("%s", result.errors()).isEqualTo(Outcome.INVALID);
        assertThat(result.components()).isEmpty();
        assertThat(result.total()).isEqualTo(Resources.NONE);
        assertThat(result.errors()).isNotEmpty();
        assertThat(result.errors().get(0).field()).isEqualTo(field);
        assertThat(result.errors().get(0).value()).isEqualTo(value);
    }
}
