package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as people use it: help, interpret, replay, topology, config and their exit codes. */
class MainTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void helpListsEveryCommand() {
        CliRunner result = CliRunner.run("--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("demo", "run", "interpret", "replay", "topology", "config");
    }

    @Test
    void interpretPrintsComponentsAndTotalsAsJson() throws IOException {
        Path file = Files.writeString(dir.resolve("flink.yaml"), """
                apiVersion: flink.apache.org/v1beta1
                kind: FlinkDeployment
                metadata: {name: fraud, namespace: streaming}
                spec:
                  flinkConfiguration: {taskmanager.numberOfTaskSlots: "4"}
                  jobManager: {resource: {cpu: 0.5, memory: "2048m"}}
                  taskManager: {resource: {cpu: 2, memory: "8g"}}
                  job: {jarURI: "local:///job.jar", parallelism: 10}
                """);

        CliRunner result = CliRunner.run("interpret", "-f", file.toString(), "-o", "json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode document = JSON.readTree(result.out()).get(0);
        assertThat(document.get("components").get(0).get("name").asText()).isEqualTo("jobmanager");
        assertThat(document.get("components").get(0).get("perPod").get("cpu").asText()).isEqualTo("500m");
        assertThat(document.get("components").get(0).get("perPod").get("memory").asText()).isEqualTo("2Gi");
        assertThat(document.get("components").get(1).get("replicas").asLong()).isEqualTo(3);
        assertThat(document.get("components").get(1).get("total").get("memory").asText()).isEqualTo("24Gi");
        assertThat(document.get("total").get("cpu").asText()).isEqualTo("6500m");
        assertThat(document.get("total").get("memory").asText()).isEqualTo("26Gi");
    }

    @Test
    void interpretExitsTwoNamingFieldAndValueOfABadManifest() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web}
                spec:
                  replicas: 2
                  template:
                    spec:
                      containers:
                      - name: app
                        resources: {requests: {memory: "2048 m"}}
                """);

        CliRunner result = CliRunner.run("interpret", "-f", file.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err())
                .contains("document 1")
                .contains("spec.template.spec.containers[0].resources.requests.memory")
                .contains("2048 m");
    }

    @Test
    void interpretSaysWhyAnObjectFedstreamNeverPropagatesHasNoInterpreter() throws IOException {
        Path file = Files.writeString(dir.resolve("never.yaml"), """
                apiVersion: v1
                kind: Node
                metadata: {name: worker-1}
                ---
                apiVersion: v1
                kind: Event
                metadata: {name: e1, namespace: shop}
                ---
                apiVersion: example.com/v1
                kind: Widget
                metadata: {name: w, namespace: shop}
                ---
                apiVersion: v1
                kind: Namespace
                metadata: {name: shop}
                """);

        CliRunner result = CliRunner.run("interpret", "-f", file.toString(), "-o", "yaml");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err())
                .contains("document 1: kind: Node is not propagated: each member cluster makes its own")
                .contains("document 2: kind: Event (v1) is never propagated")
                .contains("document 3: kind: no interpreter for example.com/v1/Widget")
                .doesNotContain("document 4");
        assertThat(result.out()).contains("reason: \"Node is not propagated: each member cluster").doesNotContain("no interpreter for v1/Node");
        // A cluster-scoped object has no namespace; the namespaced Event keeps its own.
        assertThat(result.out()).contains("kind: Node\nnamespace: null\nname: worker-1").contains("kind: Event\nnamespace: shop")
                .contains("kind: Namespace\nnamespace: \"\"\nname: shop");
    }

    @Test
    void interpretOfAMissingFileExitsTwo() {
        CliRunner result = CliRunner.run("interpret", "-f", dir.resolve("nope.yaml").toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("cannot read").contains("nope.yaml");
    }

    @Test
    void replayWritesOutputLinesToAFile() throws IOException {
        Path output = dir.resolve("out.jsonl");

        CliRunner result = CliRunner.run("replay", "--input", "docs/examples/replay-workloads.jsonl", "--output", output.toString());

        assertThat(result.exitCode()).as(result.err()).isZero();
        // The engine's eleven records (docs/replay.md); right-sizing writes nothing for a workload with no usage reported.
        assertThat(Files.readAllLines(output)).hasSize(11);
        assertThat(result.err()).contains("replayed 5 input records");
    }

    @Test
    void replayOfABadScriptExitsTwoWithTheLine() throws IOException {
        Path script = Files.writeString(dir.resolve("bad.jsonl"), "{\"advanceWallClockMs\":\"soon\"}\n");

        CliRunner result = CliRunner.run("replay", "--input", script.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("line 1: advanceWallClockMs must be the only field");
    }

    @Test
    void topologyPrintsNamedNodes() {
        CliRunner result = CliRunner.run("topology", "--format", "mermaid");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("flowchart LR").contains("namespace-pass");
    }

    @Test
    void configListsKeysWithDefaults() {
        CliRunner result = CliRunner.run("config");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("kafka.bootstrap.servers").contains("127.0.0.1:9092").contains("topic.workloads");
    }

    @Test
    void runWithAnUnreachableRegistryFailsFastNamingTheUrl() {
        CliRunner result = CliRunner.run("run", "--set", "schema.registry.url=http://127.0.0.1:9/apis/ccompat/v7");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).startsWith("error: ").contains("http://127.0.0.1:9/apis/ccompat/v7");
    }

    @Test
    void runTakesTheRegistryAndBrokerAsTheOtherCommandsDoButNotWithEmbedded() {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs("--set", "kafka.bootstrap.servers=old:9092", "--bootstrap-servers", "kafka:9092",
                "--registry", "http://registry:8081");
        CliRunner embedded = CliRunner.run("run", "--embedded", "--bootstrap-servers", "127.0.0.1:9");

        assertThat(run.config().kafkaBootstrapServers()).isEqualTo("kafka:9092");
        assertThat(run.config().schemaRegistryUrl()).contains("http://registry:8081");
        assertThat(embedded.exitCode()).isEqualTo(2);
        assertThat(embedded.err()).contains("--embedded starts its own broker and registry; --bootstrap-servers and --registry name others");
    }

    @Test
    void runWithABadConfigValueNamesKeyAndValue() {
        CliRunner result = CliRunner.run("run", "--set", "http.port=abc");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("http.port").contains("abc");
    }

    @Test
    void outputWithoutTrailingNewlineReachesStandardOutput() {
        java.io.PrintStream original = System.out;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute("config")).isZero();
        } finally {
            System.setOut(original);
        }

        assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("kafka.bootstrap.servers");
    }

    @Test
    void interpretUsesCustomizationsFromADirectory() throws IOException {
        Path customizations = Files.createDirectory(dir.resolve("customizations"));
        Files.writeString(customizations.resolve("trainer.yaml"), """
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: my-trainer}
                spec:
                  target: {apiVersion: example.com/v1, kind: MyTrainer}
                  components:
                  - name: worker
                    replicas: {path: "$.spec.workers.count", default: 0}
                    resources: "$.spec.workers.resources"
                """);
        Path manifest = Files.writeString(dir.resolve("trainer.yaml"), """
                apiVersion: example.com/v1
                kind: MyTrainer
                metadata: {name: t1, namespace: ml}
                spec:
                  workers: {count: 4, resources: {requests: {cpu: 500m, memory: 1Gi}}}
                """);

        CliRunner plain = CliRunner.run("interpret", "-f", manifest.toString());
        CliRunner customized = CliRunner.run("interpret", "-f", manifest.toString(), "--customizations", customizations.toString(), "-o", "yaml");

        assertThat(plain.exitCode()).isEqualTo(2);
        assertThat(plain.err()).contains("no interpreter for example.com/v1/MyTrainer");
        assertThat(customized.exitCode()).as(customized.err()).isZero();
        assertThat(customized.out()).contains("customization:my-trainer").contains("replicas: 4").contains("cpu: \"2\"");
    }

    @Test
    void interpretRefusesABadCustomizationsDirectory() throws IOException {
        Path customizations = Files.createDirectory(dir.resolve("bad"));
        Files.writeString(customizations.resolve("x.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
        Path manifest = Files.writeString(dir.resolve("pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: []}\n");

        CliRunner result = CliRunner.run("interpret", "-f", manifest.toString(), "--customizations", customizations.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("customizations refused").contains("x.yaml").contains("ConfigMap");
    }

    @Test
    void unknownOptionIsAUsageError() {
        CliRunner result = CliRunner.run("interpret", "-f", "x.yaml", "--frobnicate");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("Unknown option: '--frobnicate'");
    }
}
