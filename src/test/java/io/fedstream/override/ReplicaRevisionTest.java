package io.fedstream.override;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.Interpreter;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A manifest's replica counts written back as Karmada's ReviseReplica does, for the counts read from one field. */
class ReplicaRevisionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final ReplicaRevision revision = new ReplicaRevision(Interpreter.builtIn());

    private static final String DEPLOYMENT = """
            {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop"},
             "spec":{"replicas":3,"template":{"spec":{"containers":[{"name":"web","image":"mirror.example/nginx:1.27",
               "resources":{"requests":{"cpu":"2"}}}]}}}}""";

    @Test
    void aDeploymentsReplicasAreSetToTheShareAndNothingElseChanges() throws IOException {
        ReplicaRevision.Revised revised = revision.revise(DEPLOYMENT, Map.of("main", 1L));

        assertThat(revised.unrevised()).isEmpty();
        assertThat(JSON.readTree(revised.manifest())).isEqualTo(JSON.readTree(DEPLOYMENT.replace("\"replicas\":3", "\"replicas\":1")));
    }

    @Test
    void aKindWithAReplicaRevisionScriptIsRevisedByItAsKarmadaDoes() throws IOException {
        String widgets = """
                apiVersion: config.karmada.io/v1alpha1
                kind: ResourceInterpreterCustomization
                metadata: {name: widgets}
                spec:
                  target: {apiVersion: example.com/v1, kind: Widget}
                  customizations:
                    replicaResource:
                      luaScript: |
                        function GetReplicas(obj) return obj.spec.size.count, nil end
                    replicaRevision:
                      luaScript: |
                        function ReviseReplica(obj, desired)
                          obj.spec.size.count = desired
                          return obj
                        end
                """;
        Interpreter interpreter = Interpreter.builtIn().withCustomizations(java.util.List.of(),
                io.fedstream.interpret.LuaCustomization.load(widgets.getBytes(java.nio.charset.StandardCharsets.UTF_8), "w.yaml"));
        String widget = """
                {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"shop"},"spec":{"size":{"count":6}}}""";

        ReplicaRevision.Revised revised = new ReplicaRevision(interpreter).revise(widget, Map.of("main", 2L));

        assertThat(revised.unrevised()).isEmpty();
        assertThat(JSON.readTree(revised.manifest())).isEqualTo(JSON.readTree(widget.replace("\"count\":6", "\"count\":2")));
    }

    @Test
    void aDefaultedCountIsWrittenWhereItWouldHaveBeenRead() throws IOException {
        String noReplicas = DEPLOYMENT.replace("\"replicas\":3,", "");

        assertThat(JSON.readTree(revision.revise(noReplicas, Map.of("main", 2L)).manifest()).at("/spec/replicas").asLong()).isEqualTo(2);
    }

    @Test
    void aJobsShareIsItsParallelism() throws IOException {
        String job = """
                {"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"etl","namespace":"shop"},
                 "spec":{"parallelism":4,"completions":8,"template":{"spec":{"containers":[{"name":"etl","resources":{"requests":{"cpu":"1"}}}]}}}}""";

        assertThat(JSON.readTree(revision.revise(job, Map.of("main", 3L)).manifest()).at("/spec/parallelism").asLong()).isEqualTo(3);
    }

    @Test
    void aCountDerivedFromSeveralFieldsIsLeftAsWrittenAndNamed() {
        String flink = """
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"f","namespace":"shop"},
                 "spec":{"image":"flink:1.20","flinkVersion":"v1_20","flinkConfiguration":{"taskmanager.numberOfTaskSlots":"2"},
                  "jobManager":{"resource":{"memory":"2048m","cpu":1}},"taskManager":{"resource":{"memory":"2048m","cpu":1}},
                  "job":{"jarURI":"local:///opt/job.jar","parallelism":6,"upgradeMode":"last-state"}}}""";

        ReplicaRevision.Revised revised = revision.revise(flink, Map.of("taskmanager", 1L));

        assertThat(revised.unrevised()).containsExactly("taskmanager");
        assertThat(revised.manifest()).isEqualTo(flink);
    }

    @Test
    void theSameCountOrAnUnknownComponentLeavesTheManifestAlone() {
        assertThat(revision.revise(DEPLOYMENT, Map.of("main", 3L))).isEqualTo(new ReplicaRevision.Revised(DEPLOYMENT, java.util.List.of()));
        assertThat(revision.revise(DEPLOYMENT, Map.of("worker", 2L)).unrevised()).containsExactly("worker");
    }
}
