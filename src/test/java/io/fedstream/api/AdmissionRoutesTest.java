package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.QuotaReport;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.interpret.Resources;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The quotas and aggregates routes of the query server, over the admit stage's stores. */
class AdmissionRoutesTest {

    private static final String TOKEN = "s3cret-token";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newHttpClient();
    private final TestStores stores = new TestStores()
            .quotas(TestQuotas.gpuQuota(), TestQuotas.refusedQuota())
            .aggregates(TestQuotas.mlAggregates())
            .shares(TestQuotas.shares().toArray(ClusterShare[]::new));
    private QueryServer server;

    @BeforeEach
    void start() {
        server = stores.serve(Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void quotaIsAFederatedResourceQuotaWithSpecAndStatus() throws Exception {
        HttpResponse<String> response = get("/apis/quotas/ml/gpu");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"gpu","namespace":"ml"},
                 "spec":{"overall":{"cpu":"10","memory":"64Gi","nvidia.com/gpu":"4","pods":"20"},
                         "staticAssignments":[{"clusterName":"eu-west-1","hard":{"nvidia.com/gpu":"2"}}]},
                 "status":{"overall":{"cpu":"10","memory":"64Gi","nvidia.com/gpu":"4","pods":"20"},
                           "overallUsed":{"cpu":"9500m","memory":"40Gi","nvidia.com/gpu":"3","pods":"5"},
                           "overage":{},
                           "aggregatedStatus":[
                             {"clusterName":"eu-west-1","hard":{"nvidia.com/gpu":"2"},"used":{"nvidia.com/gpu":"3"},"overage":{"nvidia.com/gpu":"1"}},
                             {"clusterName":"us-east-1","hard":{},"used":{"cpu":"1","memory":"2Gi","nvidia.com/gpu":"0","pods":"1"},"overage":{}}],
                           "admittedCount":3,"rejectedCount":1,
                           "problems":[{"field":"spec.overall[cpu]","value":"ten","reason":"is not a quantity"}]}}"""));
    }

    @Test
    void quotaWhoseEveryVersionWasRefusedShowsOnlyItsProblems() throws Exception {
        HttpResponse<String> response = get("/apis/quotas/ml/objects");

        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"objects","namespace":"ml"},
                 "status":{"problems":[{"field":"spec.overall[count/deployments.apps]","value":"3",
                                        "reason":"is an object count, which fedstream does not charge"}]}}"""));
    }

    @Test
    void quotaListOfANamespaceAndAbsentQuota() throws Exception {
        JsonNode list = JSON.readTree(get("/apis/quotas?namespace=ml").body());
        HttpResponse<String> absent = get("/apis/quotas/ml/nope");

        assertThat(list.get("kind").asText()).isEqualTo("FederatedResourceQuotaList");
        assertThat(list.get("items")).extracting(i -> i.at("/metadata/name").asText()).containsExactly("gpu", "objects");
        assertThat(absent.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(absent.body())).isEqualTo(JSON.readTree("""
                {"error":"NotFound","message":"federatedresourcequota ml/nope not found","namespace":"ml","name":"nope"}"""));
    }

    @Test
    void withoutANamespaceEveryNamespacesQuotasByNamespaceAndName() throws Exception {
        stores.quotas(analyticsQuota());

        JsonNode list = JSON.readTree(get("/apis/quotas").body());
        JsonNode internal = JSON.readTree(get("/internal/quotas?partitions=0").body());

        assertThat(list.get("kind").asText()).isEqualTo("FederatedResourceQuotaList");
        assertThat(list.get("items")).extracting(i -> i.at("/metadata/namespace").asText() + "/" + i.at("/metadata/name").asText())
                .containsExactly("analytics/cpu", "ml/gpu", "ml/objects");
        assertThat(internal.get("items")).extracting(i -> i.at("/metadata/name").asText()).containsExactly("cpu", "gpu", "objects");
        assertThat(list.at("/items/0/status/overallUsed/cpu").asText()).isEqualTo("3");
    }

    /** {@code analytics/cpu}: 8 CPUs overall, 3 used. */
    private static QuotaReport analyticsQuota() {
        FederatedResourceQuota quota = new FederatedResourceQuota("analytics", "cpu", Resources.fromQuantities(Map.of("cpu", "8")), List.of());
        return new QuotaReport(Optional.of(quota), QuotaStatus.newBuilder()
                .setNamespace("analytics").setName("cpu")
                .setHard(Map.of("cpu", "8")).setUsed(Map.of("cpu", "3")).setOverage(Map.of()).setClusters(List.of())
                .setAdmittedCount(1).setRejectedCount(0).setUpdatedAt(Instant.EPOCH)
                .build());
    }

    @Test
    void aggregatesOfANamespace() throws Exception {
        HttpResponse<String> response = get("/apis/aggregates?namespace=ml");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"namespace":"ml",
                 "total":{"workloads":2,"replicas":7,"resources":{"cpu":"25","memory":"82Gi","nvidia.com/gpu":"3"}},
                 "components":[
                   {"kind":"FlinkDeployment","component":"jobmanager","workloads":1,"replicas":1,"resources":{"cpu":"1","memory":"2Gi"}},
                   {"kind":"FlinkDeployment","component":"taskmanager","workloads":1,"replicas":3,"resources":{"cpu":"6","memory":"16Gi"}},
                   {"kind":"PyTorchJob","component":"worker","workloads":1,"replicas":3,
                    "resources":{"cpu":"18","memory":"64Gi","nvidia.com/gpu":"3"}}]}"""));
        assertThat(JSON.readTree(get("/apis/aggregates?namespace=empty").body())).isEqualTo(JSON.readTree("""
                {"namespace":"empty","total":{"workloads":0,"replicas":0,"resources":{}},"components":[]}"""));
    }

    @Test
    void clustersSumTheSharesOfEveryNamespace() throws Exception {
        HttpResponse<String> one = get("/apis/aggregates?cluster=eu-west-1");
        HttpResponse<String> all = get("/apis/aggregates");

        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(one.body())).isEqualTo(JSON.readTree("""
                {"clusters":[{"cluster":"eu-west-1","workloads":3,"replicas":7,"resources":{"cpu":"20","memory":"66Gi","nvidia.com/gpu":"3"},
                  "namespaces":[
                    {"namespace":"ml","workloads":1,"replicas":3,"resources":{"cpu":"18","memory":"64Gi","nvidia.com/gpu":"3"}},
                    {"namespace":"team-a","workloads":2,"replicas":4,"resources":{"cpu":"2","memory":"2Gi"}}]}]}"""));
        assertThat(JSON.readTree(all.body()).get("clusters")).extracting(c -> c.get("cluster").asText()).containsExactly("eu-west-1", "us-east-1");
    }

    @Test
    void namespaceAndClusterTogetherAreABadRequest() throws Exception {
        HttpResponse<String> response = get("/apis/aggregates?namespace=ml&cluster=eu-west-1");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("field").asText()).isEqualTo("cluster");
    }

    @Test
    void internalRoutesAnswerThePublicShapesFromExactlyTheGivenPartitions() throws Exception {
        HttpResponse<String> quotas = get("/internal/quotas?namespace=ml&partitions=0");
        HttpResponse<String> aggregates = get("/internal/aggregates?namespace=ml&partitions=0");
        HttpResponse<String> shares = get("/internal/aggregates/clusters?partitions=0&cluster=us-east-1");

        assertThat(QuotaObject.itemsFromJson(JSON.readTree(quotas.body()))).extracting(QuotaReport::name).containsExactly("gpu", "objects");
        assertThat(AggregateObject.namespaceFromJson(JSON.readTree(aggregates.body()))).isEqualTo(TestQuotas.mlAggregates());
        assertThat(AggregateObject.sharesFromClustersJson(JSON.readTree(shares.body()))).containsExactly(TestQuotas.shares().get(2));
        assertThat(get("/internal/aggregates/clusters").statusCode()).isEqualTo(400);
        for (String path : List.of("/internal/quotas?namespace=ml&partitions=0,2", "/internal/aggregates?namespace=ml&partitions=2",
                "/internal/aggregates/clusters?partitions=0,4")) {
            assertThat(get(path).statusCode()).as(path + ": a partition not active here is never left out").isEqualTo(503);
        }
    }

    @Test
    void migratingStoreIs503WithRetryAfter() throws Exception {
        stores.unavailable = true;

        for (String path : List.of("/apis/quotas/ml/gpu", "/apis/quotas?namespace=ml", "/apis/aggregates?namespace=ml", "/apis/aggregates")) {
            HttpResponse<String> response = get(path);
            assertThat(response.statusCode()).as(path).isEqualTo(503);
            assertThat(response.headers().firstValue("Retry-After")).contains("1");
        }
    }

    @Test
    void withoutTheTokenEveryRouteIs401() throws Exception {
        for (String path : List.of("/apis/quotas?namespace=ml", "/apis/aggregates", "/internal/quotas?namespace=ml&partitions=0",
                "/internal/aggregates/clusters?partitions=0")) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(path).isEqualTo(401);
        }
    }

    @Test
    void objectsReadBackWhole() {
        for (QuotaReport report : List.of(TestQuotas.gpuQuota(), TestQuotas.refusedQuota())) {
            assertThat(QuotaObject.fromJson(QuotaObject.toJson(report))).isEqualTo(report);
        }
        assertThat(AggregateObject.namespaceFromJson(AggregateObject.namespaceJson(TestQuotas.mlAggregates())))
                .isEqualTo(TestQuotas.mlAggregates());
        assertThat(AggregateObject.sharesFromClustersJson(AggregateObject.clustersJson(TestQuotas.shares())))
                .isEqualTo(TestQuotas.shares());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + TOKEN).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.endpoint().port() + path);
    }
}
