package io.fedstream.interpret.kinds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.interpret.ComponentRequirement;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.NamespaceWorkloads;
import io.fedstream.interpret.Resources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A FlinkSessionJob is charged the TaskManagers it makes its native session cluster start. */
class FlinkSessionJobKindTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static String job(int parallelism) {
        return """
                apiVersion: flink.apache.org/v1beta1
                kind: FlinkSessionJob
                metadata: {name: wordcount, namespace: flink}
                spec:
                  deploymentName: session
                  job: {jarURI: "https://repo.example.org/wordcount.jar", parallelism: %d, upgradeMode: stateless}
                """.formatted(parallelism);
    }

    private static JsonNode session(String extra) throws IOException {
        return YAML.readTree("""
                apiVersion: flink.apache.org/v1beta1
                kind: FlinkDeployment
                metadata: {name: session, namespace: flink}
                spec:
                  image: flink:1.20
                  flinkVersion: v1_20
                  flinkConfiguration: {taskmanager.numberOfTaskSlots: "2"}
                  jobManager: {resource: {memory: 2048m, cpu: 1}}
                  taskManager: {replicas: 2, resource: {memory: 4096m, cpu: 2}}
                """ + extra);
    }

    private static Interpretation interpret(String job, JsonNode cluster) {
        NamespaceWorkloads namespace = (apiVersion, kind, name) ->
                "FlinkDeployment".equals(kind) && "session".equals(name) ? Optional.ofNullable(cluster) : Optional.empty();
        return Interpreter.builtIn().interpret(job.getBytes(StandardCharsets.UTF_8), namespace);
    }

    @Test
    void parallelismFourOnANativeSessionClusterOfTwoSlotsIsChargedTwoTaskManagerPods() throws IOException {
        Interpretation result = interpret(job(4), session(""));

        assertThat(result.errors()).isEmpty();
        assertThat(result.components()).extracting(ComponentRequirement::name, ComponentRequirement::replicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("taskmanager", 2L));
        assertThat(result.total()).isEqualTo(Resources.fromQuantities(Map.of("cpu", "4", "memory", "8Gi")));
        assertThat(interpret(job(5), session("")).components().get(0).replicas()).as("ceil(5 / 2)").isEqualTo(3);
    }

    @Test
    void aJsonJobReadSkimmedIsChargedAsTheSameJobInYaml() throws IOException {
        // The namespace pass gives every manifest its namespace: JSON is then read by the skimming reader, YAML whole.
        String json = new ObjectMapper().writeValueAsString(YAML.readTree(job(5)));

        assertThat(interpret(json, session(""))).isEqualTo(interpret(job(5), session("")));
        assertThat(interpret(json, session("")).components().get(0).replicas()).isEqualTo(3);
    }

    @Test
    void aStandaloneSessionClusterAlreadyChargesItsTaskManagers() throws IOException {
        Interpretation result = interpret(job(4), session("  mode: standalone\n"));

        assertThat(result.outcome()).isEqualTo(Interpretation.Outcome.INTERPRETED);
        assertThat(result.components()).isEmpty();
    }

    @Test
    void anUnknownSessionClusterLeavesTheJobUninterpretedNamingIt() {
        Interpretation result = interpret(job(4), null);

        assertThat(result.outcome()).isEqualTo(Interpretation.Outcome.UNINTERPRETED);
        assertThat(result.errors()).extracting(FieldError::field).containsExactly("spec.deploymentName");
    }

    @Test
    void anApplicationClusterIsNoSessionCluster() throws IOException {
        Interpretation result = interpret(job(4), session("  job: {jarURI: local:///x.jar, parallelism: 2}\n"));

        assertThat(result.outcome()).isEqualTo(Interpretation.Outcome.INVALID);
        assertThat(result.errors()).extracting(FieldError::message).containsExactly("spec.deploymentName: names FlinkDeployment"
                + " session, which runs its own job (an application cluster), not a session cluster (value: session)");
    }
}
