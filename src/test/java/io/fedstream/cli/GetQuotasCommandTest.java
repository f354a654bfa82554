package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.decide.QuotaReport;
import io.fedstream.api.QueryServer;
import io.fedstream.api.QuotaObject;
import io.fedstream.api.TestQuotas;
import io.fedstream.api.TestStores;
import io.fedstream.avro.QuotaNote;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
    void allNamespacesListsTheQuotasOfEveryNamespace() {
        FederatedResourceQuota quota = new FederatedResourceQuota("analytics", "cpu", Resources.fromQuantities(Map.of("cpu", "8")), List.of());
        stores.quotas(new QuotaReport(Optional.of(quota), QuotaStatus.newBuilder().setNamespace("analytics").setName("cpu")
                .setHard(Map.of("cpu", "8")).setUsed(Map.of("cpu", "3")).setOverage(Map.of()).setClusters(List.of())
                .setAdmittedCount(1).setRejectedCount(0).setUpdatedAt(Instant.EPOCH).build()));

        CliRunner all = get("quotas", "-A");
        CliRunner oneNamespace = get("quotas", "-n", "analytics");

        assertThat(all.exitCode()).as(all.err()).isZero();
        assertThat(all.out().lines().skip(1).map(line -> line.split("\\s+")[0] + "/" + line.split("\\s+")[1]).toList())
                .containsExactly("analytics/cpu", "ml/gpu", "ml/objects");
        assertThat(all.out()).containsPattern("analytics\\s+cpu\\s+3/8\\s");
        assertThat(oneNamespace.out().lines().toList()).hasSize(2);
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
        assertThat(result.out()).startsWith("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata:
                  name: objects
                  namespace: ml
                  resourceVersion: c""").endsWith("""
                status:
                  problems:
                  - field: "spec.overall[count/deployments.apps]"
                    value: "3"
                    reason: "is an object count, which fedstream does not charge"
                """);
    }

    @Test
    void notesSayHowASeedSpelledQuotaWasRead() {
        QuotaReport seed = new QuotaReport(
                Optional.of(new FederatedResourceQuota("analytics", "seed", Resources.fromQuantities(Map.of("cpu", "12")), List.of())),
                QuotaStatus.newBuilder().setNamespace("analytics").setName("seed")
                        .setHard(Map.of("cpu", "12")).setUsed(Map.of("cpu", "9")).setAdmittedCount(1)
                        .setNotes(List.of(QuotaNote.newBuilder().setField("spec.hard").setText("read as spec.overall").build()))
                        .setUpdatedAt(Instant.EPOCH).build());
        try (TestStores seedStores = new TestStores()) {
            QueryServer seedServer = seedStores.quotas(seed).serve(Optional.of(TOKEN));
            String seedUrl = "http://127.0.0.1:" + seedServer.endpoint().port();

            CliRunner table = CliRunner.get(seedUrl, TOKEN, "frq", "-n", "analytics");
            CliRunner yaml = CliRunner.get(seedUrl, TOKEN, "frq", "seed", "-n", "analytics", "-o", "yaml");

            assertThat(table.exitCode()).as(table.err()).isZero();
            assertThat(table.out()).isEqualTo("""
                    NAMESPACE   NAME   CPU    ADMITTED   REJECTED   NOTES
                    analytics   seed   9/12   1          0          spec.hard: read as spec.overall
                    """);
            assertThat(yaml.exitCode()).as(yaml.err()).isZero();
            assertThat(yaml.out()).contains("""
                      notes:
                      - field: spec.hard
                        text: read as spec.overall
                    """);
            assertThat(QuotaObject.fromJson(QuotaObject.toJson(seed))).isEqualTo(seed);
        }
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
