package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.decide.ClusterShare;
import io.fedstream.api.TestQuotas;
import io.fedstream.api.TestStores;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream get aggregates} against a query server over an aggregates store holding fixed aggregates and cluster shares. */
class GetAggregatesCommandTest {

    private static final String TOKEN = "t0ken";

    private final TestStores stores = new TestStores();
    private String url;

    @BeforeEach
    void start() {
        url = "http://127.0.0.1:" + stores.aggregates(TestQuotas.mlAggregates()).shares(TestQuotas.shares().toArray(ClusterShare[]::new))
                .serve(Optional.of(TOKEN)).endpoint().port();
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void namespaceIsOneRowPerComponentAndATotal() {
        CliRunner result = get("aggregates", "-n", "ml");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo("""
                NAMESPACE   KIND              COMPONENT     WORKLOADS   REPLICAS   CPU   MEMORY   OTHER
                ml          FlinkDeployment   jobmanager    1           1          1     2Gi
                            FlinkDeployment   taskmanager   1           3          6     16Gi
                            PyTorchJob        worker        1           3          18    64Gi     nvidia.com/gpu=3
                                              = total       2           7          25    82Gi     nvidia.com/gpu=3
                """);
    }

    @Test
    void clustersAreOneRowPerNamespaceWithATotal() {
        CliRunner all = get("aggregates");
        CliRunner one = get("agg", "--cluster", "us-east-1");

        assertThat(all.exitCode()).as(all.err()).isZero();
        assertThat(all.out()).isEqualTo("""
                CLUSTER     NAMESPACE   WORKLOADS   REPLICAS   CPU   MEMORY   OTHER
                eu-west-1   ml          1           3          18    64Gi     nvidia.com/gpu=3
                            team-a      2           4          2     2Gi
                            = total     3           7          20    66Gi     nvidia.com/gpu=3
                us-east-1   ml          1           1          1     2Gi
                """);
        assertThat(one.out()).isEqualTo("""
                CLUSTER     NAMESPACE   WORKLOADS   REPLICAS   CPU   MEMORY   OTHER
                us-east-1   ml          1           1          1     2Gi
                """);
    }

    @Test
    void jsonPrintsTheApiAnswer() throws Exception {
        CliRunner result = get("aggregates", "--cluster", "us-east-1", "-o", "json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode object = new ObjectMapper().readTree(result.out());
        assertThat(object.get("apiVersion").asText()).isEqualTo("fedstream.io/v1alpha1");
        assertThat(object.get("kind").asText()).isEqualTo("ClusterAggregate");
        assertThat(object.at("/metadata/name").asText()).isEqualTo("us-east-1");
        assertThat(object.get("status")).isEqualTo(new ObjectMapper().readTree("""
                {"cluster":"us-east-1","workloads":1,"replicas":1,"resources":{"cpu":"1","memory":"2Gi"},
                 "namespaces":[{"namespace":"ml","workloads":1,"replicas":1,"resources":{"cpu":"1","memory":"2Gi"}}]}"""));
    }

    @Test
    void nothingAdmittedSaysSo() {
        CliRunner namespace = get("aggregates", "-n", "empty");
        CliRunner cluster = get("aggregates", "--cluster", "nowhere");

        assertThat(namespace.exitCode()).isZero();
        assertThat(namespace.err().strip()).isEqualTo("No admitted workloads in empty namespace.");
        assertThat(cluster.exitCode()).isZero();
        assertThat(cluster.err().strip()).isEqualTo("No admitted workloads placed on cluster nowhere.");
    }

    @Test
    void namespaceAndClusterTogetherAreBadInput() {
        CliRunner result = get("aggregates", "-n", "ml", "--cluster", "eu-west-1");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("give -n or --cluster, not both");
    }

    private CliRunner get(String... args) {
        return CliRunner.get(url, TOKEN, args);
    }
}
