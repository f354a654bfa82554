package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestQuotas;
import io.fedstream.api.TestStores;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream get quotas} against a query server over the ledger state of fixed quotas. */
class GetQuotasCommandTest {

    private static final String TOKEN = "t0ken";

    private final TestStores stores = new TestStores();
    private String url;

    @BeforeEach
    void start() {
        url = "http://127.0.0.1:" + stores.quotas(TestQuotas.gpuQuota(), TestQuotas.refusedQuota()).serve(Optional.of(TOKEN)).endpoint().port();
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void tableShowsUsedOfHardPerKeyAndProblems() {
        CliRunner result = get("quotas", "-n", "ml");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo("""
                NAMESPACE   NAME      CPU        MEMORY      NVIDIA.COM/GPU   PODS   ADMITTED   REJECTED   PROBLEMS
                ml          gpu       9500m/10   40Gi/64Gi   3/4              5/20   3          1          spec.overall[cpu]: is not a quantity (value: ten)
                ml          objects                                                                        spec.overall[count/deployments.apps]: is an object count, which fedstream does not charge (value: 3)
                """);
    }

    @Test
    void wideAddsOneRowPerCluster() {
        CliRunner result = get("frq", "gpu", "-n", "ml", "-o", "wide");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo("""
                NAMESPACE   NAME   CLUSTER     CPU        MEMORY      NVIDIA.COM/GPU   PODS   ADMITTED   REJECTED   PROBLEMS
                ml          gpu    (all)       9500m/10   40Gi/64Gi   3/4              5/20   3          1          spec.overall[cpu]: is not a quantity (value: ten)
                                   eu-west-1                          3/2
                                   us-east-1   1          2Gi         0                1
                """);
    }

    @Test
    void yamlPrintsTheApiObject() {
        CliRunner result = get("quota", "objects", "-n", "ml", "-o", "yaml");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo("""
                apiVersion: "policy.karmada.io/v1alpha1"
                kind: "FederatedResourceQuota"
                metadata:
                  name: "objects"
                  namespace: "ml"
                status:
                  problems:
                  - field: "spec.overall[count/deployments.apps]"
                    value: "3"
                    reason: "is an object count, which fedstream does not charge"
                """);
    }

    @Test
    void absentQuotaExitsOneNamingIt() {
        CliRunner result = get("quotas", "nope", "-n", "ml");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip()).isEqualTo("error: federatedresourcequota ml/nope not found");
    }

    @Test
    void emptyNamespaceSaysSo() {
        CliRunner result = get("quotas", "-n", "empty");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(result.err().strip()).isEqualTo("No federatedresourcequotas found in empty namespace.");
    }

    @Test
    void wrongTokenExitsOne() {
        CliRunner result = CliRunner.run("get", "quotas", "-n", "ml", "--server", url, "--token", "bad");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("unauthorized by " + url).contains("--token");
    }

    private CliRunner get(String... args) {
        return CliRunner.get(url, TOKEN, args);
    }
}
