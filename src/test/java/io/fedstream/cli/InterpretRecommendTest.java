package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestStores;
import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fedstream interpret -f FILE --recommend}: the manifests with the recommendations of a running fedstream written in. */
class InterpretRecommendTest {

    private static final String TOKEN = "t0ken";
    private static final Instant AT = Instant.parse("2026-12-06T10:00:00Z");

    private final TestStores stores = new TestStores();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        stores.close();
    }

    private String serve(WorkloadRecommendation... recommendations) {
        return "http://127.0.0.1:" + stores.recommendations(List.of(recommendations), List.of()).serve(Optional.of(TOKEN)).endpoint().port();
    }

    @Test
    void aFlinkDeploymentGetsItsTaskManagersRecommendationInItsOwnResourceFieldsAndKeepsTheJobManagersRequest() {
        String url = serve(recommendation("flink.apache.org/FlinkDeployment/analytics/sessionizer", "FlinkDeployment", "sessionizer",
                template("jobmanager", Map.of()), template("taskmanager", Map.of("cpu", "587m", "memory", "1238659775"))));

        CliRunner result = CliRunner.run("interpret", "-f", "docs/examples/flinkdeployment.yaml", "--recommend", "-o", "yaml",
                "--server", url, "--token", TOKEN);

        assertThat(result.exitCode()).as(result.err()).isZero();
        // 1238659775 bytes is 1181.3 MiB: Flink's "m" is MiB, rounded up.
        assertThat(result.out()).contains("  jobManager:\n    resource:\n      cpu: 1\n      memory: 2048m\n")
                .contains("  taskManager:\n    resource:\n      cpu: 0.587\n      memory: 1182m\n");
        assertThat(result.err()).contains("jobmanager: no recommendation; its requests are left as they are");
    }

    @Test
    void aPyTorchJobsWorkerContainerAndADeploymentsOnlyContainerGetTheirRequests() throws IOException {
        Path manifests = dir.resolve("jobs.yaml");
        Files.writeString(manifests, """
                apiVersion: kubeflow.org/v1
                kind: PyTorchJob
                metadata: {name: bert, namespace: ml}
                spec:
                  pytorchReplicaSpecs:
                    Worker:
                      replicas: 4
                      template:
                        spec:
                          containers:
                          - name: pytorch
                            resources: {requests: {cpu: "8", memory: 32Gi}}
                          - name: log-shipper
                            resources: {requests: {cpu: 100m, memory: 64Mi}}
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: ml}
                spec:
                  template:
                    spec:
                      containers:
                      - name: app
                        resources: {requests: {cpu: "2", memory: 4Gi}}
                """);
        String url = serve(
                recommendation("kubeflow.org/PyTorchJob/ml/bert", "PyTorchJob", "bert", template("worker", Map.of("cpu", "5250m", "memory", "20Gi"))),
                recommendation("apps/Deployment/ml/web", "Deployment", "web", template("main", Map.of("cpu", "300m", "memory", "700Mi"))));

        CliRunner result = CliRunner.run("interpret", "-f", manifests.toString(), "--recommend", "-o", "yaml", "--server", url, "--token", TOKEN);

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .contains("  - name: pytorch\n            resources:\n              requests:\n                cpu: 5250m\n"
                        + "                memory: 20480Mi\n          - name: log-shipper\n            resources:\n              requests:\n"
                        + "                cpu: 100m\n                memory: 64Mi\n")
                .contains("  - name: app\n        resources:\n          requests:\n            cpu: 300m\n            memory: 700Mi\n");
    }

    @Test
    void aWorkloadWithoutRecommendationIsLeftAsItIsAndSaidSo() {
        String url = serve();

        CliRunner result = CliRunner.run("interpret", "-f", "docs/examples/flinkdeployment.yaml", "--recommend", "--server", url, "--token", TOKEN);

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).contains("no recommendation for flink.apache.org/FlinkDeployment/analytics/sessionizer; left as it is");
        assertThat(result.out()).contains("\"memory\" : \"4096m\"");
    }

    private static WorkloadRecommendation recommendation(String key, String kind, String name, TemplateRecommendation... templates) {
        return WorkloadRecommendation.newBuilder().setWorkloadKey(key).setNamespace(key.split("/")[2]).setKind(kind).setName(name)
                .setTemplates(List.of(templates)).setClustersWithoutMetrics(List.of()).setUpdatedAt(AT).build();
    }

    private static TemplateRecommendation template(String name, Map<String, String> target) {
        return TemplateRecommendation.newBuilder().setTemplate(name)
                .setState(target.isEmpty() ? RecommendationState.TOO_LITTLE_HISTORY : RecommendationState.RECOMMENDED)
                .setReplicas(1L).setRequested(Map.of("cpu", "1", "memory", "1Gi")).setTarget(target)
                .setLowerBound(target).setUpperBound(target).build();
    }
}
