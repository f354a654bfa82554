package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /apis/propagationpolicies}, {@code /apis/overridepolicies} and their cluster-scoped kinds': every instance
 * answers from its copy of the policies global store, each family and scope apart.
 */
class PolicyRoutesTest {

    private static final String TOKEN = "t0ken";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TestStores stores = new TestStores();
    private final HttpClient http = HttpClient.newHttpClient();
    private QueryServer server;

    @BeforeEach
    void start() {
        server = stores.policies(TestPolicies.fleet()).serve(Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void everyPolicyOfBothKindsAsPublishedWithWhetherItIsInForce() throws Exception {
        JsonNode list = list("/apis/propagationpolicies", "PropagationPolicyList");

        assertThat(list.path("items")).extracting(PolicyRoutesTest::summary).containsExactly(
                "PropagationPolicy payments/payments true", "PropagationPolicy payments/typo false",
                "ClusterPropagationPolicy -/everywhere true");
        JsonNode payments = list.path("items").get(0);
        assertThat(payments.path("apiVersion").asText()).isEqualTo("policy.karmada.io/v1alpha1");
        assertThat(payments.at("/spec/placement/replicaScheduling/replicaSchedulingType").asText()).isEqualTo("Divided");
        assertThat(payments.at("/status/problems")).isEmpty();
        JsonNode problem = list.path("items").get(1).at("/status/problems/0");
        assertThat(problem.path("field").asText()).isEqualTo("spec.placement.clusterAffinity.clusterName");
        assertThat(problem.path("reason").asText()).startsWith("is not a known field");
        assertThat(problem.path("value").asText()).isEqualTo("[\"member1\"]");
    }

    @Test
    void aNamespaceNarrowsToItsPropagationPolicies() throws Exception {
        JsonNode payments = JSON.readTree(get("/apis/propagationpolicies?namespace=payments").body());
        JsonNode other = JSON.readTree(get("/apis/propagationpolicies?namespace=shop").body());

        assertThat(payments.path("items")).extracting(item -> item.at("/metadata/name").asText()).containsExactly("payments", "typo");
        assertThat(other.path("items")).isEmpty();
    }

    @Test
    void aPropagationPolicyByNamespaceAndNameOr404() throws Exception {
        HttpResponse<String> typo = get("/apis/propagationpolicies/payments/typo");
        HttpResponse<String> absent = get("/apis/propagationpolicies/payments/nope");

        assertThat(typo.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(typo.body()).at("/status/inForce").asBoolean()).isFalse();
        assertThat(absent.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(absent.body()).path("message").asText()).isEqualTo("propagationpolicy payments/nope not found among the published policies");
    }

    @Test
    void everyOverridePolicyOfBothKindsAsTheBindStageReadsIt() throws Exception {
        JsonNode list = list("/apis/overridepolicies", "OverridePolicyList");

        assertThat(list.path("items")).extracting(PolicyRoutesTest::summary).containsExactly(
                "OverridePolicy payments/big true", "OverridePolicy payments/broken false", "ClusterOverridePolicy -/mirror true");
        assertThat(list.path("items").get(0).at("/spec/overrideRules")).hasSize(2);
        JsonNode problem = list.path("items").get(1).at("/status/problems/0");
        assertThat(problem.path("field").asText()).isEqualTo("spec.overrideRules[0].overriders.plaintext[0].operator");
        assertThat(problem.path("value").asText()).isEqualTo("set");
    }

    @Test
    void anOverridePolicyByNamespaceAndNameOr404AndANamespaceNarrows() throws Exception {
        HttpResponse<String> big = get("/apis/overridepolicies/payments/big");
        HttpResponse<String> propagation = get("/apis/overridepolicies/payments/payments");
        JsonNode shop = JSON.readTree(get("/apis/overridepolicies?namespace=shop").body());

        assertThat(big.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(big.body()).at("/status/inForce").asBoolean()).isTrue();
        assertThat(propagation.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(propagation.body()).path("message").asText())
                .isEqualTo("overridepolicy payments/payments not found among the published policies");
        assertThat(shop.path("items")).isEmpty();
    }

    @Test
    void theClusterScopedPoliciesOfEachFamilyAloneAndByNameOr404() throws Exception {
        JsonNode propagation = list("/apis/clusterpropagationpolicies", "ClusterPropagationPolicyList");
        JsonNode overrides = list("/apis/clusteroverridepolicies", "ClusterOverridePolicyList");
        HttpResponse<String> mirror = get("/apis/clusteroverridepolicies/mirror");
        HttpResponse<String> namespaced = get("/apis/clusterpropagationpolicies/payments");

        assertThat(propagation.path("items")).extracting(PolicyRoutesTest::summary).containsExactly("ClusterPropagationPolicy -/everywhere true");
        assertThat(overrides.path("items")).extracting(PolicyRoutesTest::summary).containsExactly("ClusterOverridePolicy -/mirror true");
        assertThat(mirror.statusCode()).isEqualTo(200);
        assertThat(summary(JSON.readTree(mirror.body()))).isEqualTo("ClusterOverridePolicy -/mirror true");
        assertThat(namespaced.statusCode()).isEqualTo(404);
        JsonNode notFound = JSON.readTree(namespaced.body());
        assertThat(notFound.path("message").asText()).isEqualTo("clusterpropagationpolicy payments not found among the published policies");
        assertThat(notFound.path("name").asText()).isEqualTo("payments");
    }

    @Test
    void aStoreStillRestoringIs503() throws Exception {
        stores.unavailable = true;

        assertThat(get("/apis/propagationpolicies").statusCode()).isEqualTo(503);
        assertThat(get("/apis/overridepolicies").statusCode()).isEqualTo(503);
        assertThat(get("/apis/clusterpropagationpolicies").statusCode()).isEqualTo(503);
        assertThat(get("/apis/clusteroverridepolicies/mirror").statusCode()).isEqualTo(503);
    }

    /** The list at {@code path}, answered 200 with kind {@code listKind}. */
    private JsonNode list(String path, String listKind) throws Exception {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode list = JSON.readTree(response.body());
        assertThat(list.path("kind").asText()).isEqualTo(listKind);
        return list;
    }

    /** {@code kind namespace/name inForce}, the namespace {@code -} for a cluster-scoped policy. */
    private static String summary(JsonNode item) {
        return item.path("kind").asText() + " " + item.at("/metadata/namespace").asText("-") + "/" + item.at("/metadata/name").asText()
                + " " + item.at("/status/inForce").asBoolean();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.endpoint().port() + path))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
    }
}
