package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.propagate.BindingStatus;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Admission;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Routing, authentication and the bindings routes of the query server, over real stores. */
class QueryServerTest {

    private static final String TOKEN = "s3cret-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ResourceBinding FRAUD = TestBindings.flink("flink.apache.org", "streaming", "fraud");
    private static final ResourceBinding FRAUD_FORK = TestBindings.flink("example.com", "streaming", "fraud");
    private static final ResourceBinding ETL = TestBindings.flink("flink.apache.org", "streaming", "etl");

    private final HttpClient http = HttpClient.newHttpClient();
    private final TestStores stores = new TestStores().bindings(FRAUD, ETL);
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
    void bindingByNamespaceAndName() throws Exception {
        HttpResponse<String> response = get("/apis/resourcebindings/streaming/fraud-flinkdeployment", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
        ObjectNode expected = BindingObject.toJson(FRAUD, List.of());
        assertThat(JSON.readTree(response.body())).isEqualTo(reparse(expected));
    }

    @Test
    void aBindingIsShownWithTheConditionsAndAggregatedStatusOfItsCopies() throws Exception {
        ResourceBinding placed = ResourceBinding.newBuilder(FRAUD).setPlacement(Placement.newBuilder()
                .setClusters(List.of(new ClusterTarget("dc-1", null, List.of()))).build())
                .setAdmission(Admission.newBuilder(FRAUD.getAdmission()).setState(AdmissionState.ADMITTED).setChargedGeneration(FRAUD.getGeneration())
                        .build()).build();
        stores.bindings(placed).copies(WorkStatusEvent.newBuilder().setWorkloadKey(placed.getWorkloadKey()).setCluster("dc-1")
                .setDispatch(WorkDispatch.newBuilder().setState(WorkState.APPLIED).setGeneration(placed.getGeneration()).build())
                .setObservation(WorkObservation.newBuilder().setPresent(true).setHealth(WorkHealth.HEALTHY).setStatus("{\"ready\":true}").build())
                .setObservedAt(Instant.parse("2026-12-06T12:00:00Z")).build());

        JsonNode shown = JSON.readTree(get("/apis/workloads/" + placed.getWorkloadKey(), TOKEN).body());

        assertThat(shown.at("/status/conditions").toString()).isEqualTo("""
                [{"type":"Scheduled","status":"True","reason":"Success","message":"Binding has been scheduled successfully.",\
                "lastTransitionTime":"%s"},\
                {"type":"FullyApplied","status":"True","reason":"FullyAppliedSuccess","message":"All works have been successfully applied",\
                "lastTransitionTime":"2026-12-06T12:00:00Z"}]""".formatted(placed.getAdmission().getDecidedAt() != null
                ? placed.getAdmission().getDecidedAt() : placed.getUpdatedAt()));
        assertThat(shown.at("/status/aggregatedStatus").toString()).isEqualTo("""
                [{"clusterName":"dc-1","status":{"ready":true},"applied":true,"health":"Healthy","state":"APPLIED","generation":%d}]"""
                .formatted(placed.getGeneration()));
    }

    @Test
    void absentBindingIs404NamingNamespaceAndName() throws Exception {
        HttpResponse<String> response = get("/apis/resourcebindings/streaming/nope-deployment", TOKEN);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"error":"NotFound","message":"resourcebinding streaming/nope-deployment not found",
                 "namespace":"streaming","name":"nope-deployment"}"""));
    }

    @Test
    void twoWorkloadsSharingTheBindingNameAre409ListingTheirKeys() throws Exception {
        stores.bindings(FRAUD_FORK);

        HttpResponse<String> response = get("/apis/resourcebindings/streaming/fraud-flinkdeployment", TOKEN);

        assertThat(response.statusCode()).isEqualTo(409);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asText()).isEqualTo("Conflict");
        assertThat(body.get("workloadKeys")).containsExactly(
                JSON.getNodeFactory().textNode("example.com/FlinkDeployment/streaming/fraud"),
                JSON.getNodeFactory().textNode("flink.apache.org/FlinkDeployment/streaming/fraud"));
    }

    @Test
    void namespaceListIsSortedByName() throws Exception {
        HttpResponse<String> response = get("/apis/resourcebindings?namespace=streaming", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode list = JSON.readTree(response.body());
        assertThat(list.get("kind").asText()).isEqualTo("ResourceBindingList");
        assertThat(list.get("items")).extracting(i -> i.at("/metadata/name").asText())
                .containsExactly("etl-flinkdeployment", "fraud-flinkdeployment");
    }

    @Test
    void withoutANamespaceEveryNamespacesBindingsByNamespaceAndName() throws Exception {
        ResourceBinding other = TestBindings.flink("flink.apache.org", "analytics", "report");
        stores.bindings(other);

        HttpResponse<String> response = get("/apis/resourcebindings", TOKEN);
        HttpResponse<String> internal = get("/internal/pages/resourcebindings?partitions=0", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body()).get("items")).extracting(BindingObject::fromJson).containsExactly(other, ETL, FRAUD);
        assertThat(JSON.readTree(internal.body()).get("items")).extracting(item -> BindingObject.fromJson(item.get("object")))
                .containsExactly(other, ETL, FRAUD);
    }

    @Test
    void workloadKeyRoute() throws Exception {
        assertThat(get("/apis/workloads/flink.apache.org/FlinkDeployment/streaming/etl", TOKEN).statusCode()).isEqualTo(200);
        HttpResponse<String> missing = get("/apis/workloads/apps/Deployment/streaming/etl", TOKEN);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(missing.body()).get("workloadKey").asText()).isEqualTo("apps/Deployment/streaming/etl");
    }

    @Test
    void migratingStoreIs503WithRetryAfterNever404() throws Exception {
        stores.unavailable = true;

        HttpResponse<String> response = get("/apis/resourcebindings/streaming/nope-deployment", TOKEN);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).contains("1");
        assertThat(JSON.readTree(response.body()).get("error").asText()).isEqualTo("Unavailable");
    }

    @Test
    void internalRoutesAnswerThePublicShapesFromExactlyTheGivenPartitions() throws Exception {
        HttpResponse<String> byName = get("/internal/resourcebindings/streaming/etl-flinkdeployment?partitions=0", TOKEN);
        HttpResponse<String> inNamespace = get("/internal/pages/resourcebindings?namespace=streaming&partitions=0", TOKEN);
        HttpResponse<String> byKey = get("/internal/workloads/flink.apache.org/FlinkDeployment/streaming/etl?partitions=0", TOKEN);
        HttpResponse<String> absent = get("/internal/workloads/apps/Deployment/streaming/etl?partitions=0", TOKEN);

        assertThat(byName.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(byName.body()).get("items")).extracting(BindingObject::fromJson).containsExactly(ETL);
        assertThat(JSON.readTree(inNamespace.body()).get("items")).extracting(item -> item.get("key").asText()).containsExactly(
                "streaming/flink.apache.org/FlinkDeployment/etl", "streaming/flink.apache.org/FlinkDeployment/fraud");
        assertThat(BindingObject.fromJson(JSON.readTree(byKey.body()))).isEqualTo(ETL);
        assertThat(absent.statusCode()).isEqualTo(404);
        assertThat(get("/internal/pages/resourcebindings?namespace=streaming&partitions=x", TOKEN).statusCode()).isEqualTo(400);
        assertThat(get("/internal/pages/resourcebindings?namespace=streaming", TOKEN).statusCode()).isEqualTo(400);
        assertThat(get("/internal/workloads/flink.apache.org/FlinkDeployment/streaming/etl?partitions=0,1", TOKEN).statusCode())
                .as("one object is read from one partition").isEqualTo(400);
        HttpResponse<String> notHere = get("/internal/pages/resourcebindings?namespace=streaming&partitions=3", TOKEN);
        assertThat(notHere.statusCode()).as("a partition not active here is never left out").isEqualTo(503);
        assertThat(JSON.readTree(notHere.body()).get("message").asText()).startsWith(
                "store workloads-store partition 3 is not queryable here (migrating or restoring)");
    }

    @Test
    void withoutTheRightTokenEveryRouteIs401AndRevealsNothing() throws Exception {
        for (String path : List.of("/apis/resourcebindings/streaming/fraud-flinkdeployment", "/internal/pages/resourcebindings?partitions=0",
                "/no/such/route", "/apis/workloads/flink.apache.org/FlinkDeployment/streaming/etl", "/apis",
                "/apis/work.karmada.io/v1alpha2/namespaces/streaming/resourcebindings")) {
            for (String token : new String[] {null, "wrong", TOKEN + "x", ""}) {
                HttpResponse<String> response = get(path, token);
                assertThat(response.statusCode()).as(path + " with " + token).isEqualTo(401);
                assertThat(response.body()).as("a Kubernetes Status, from which kubectl prints its own Unauthorized").isEqualTo(
                        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Unauthorized\","
                                + "\"reason\":\"Unauthorized\",\"code\":401}");
                assertThat(response.headers().firstValue("WWW-Authenticate")).contains("Bearer");
            }
        }
    }

    @Test
    void unknownRouteAndOtherMethods() throws Exception {
        assertThat(get("/apis/nothing", TOKEN).statusCode()).isEqualTo(404);
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri("/apis/resourcebindings?namespace=x"))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
    }

    @Test
    void withoutAConfiguredTokenNoneIsNeeded() throws Exception {
        try (TestStores open = new TestStores().bindings(ETL)) {
            int port = open.serve(Optional.empty()).endpoint().port();
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/apis/resourcebindings/streaming/etl-flinkdeployment")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
        }
    }

    private HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.endpoint().port() + path);
    }

    private static JsonNode reparse(JsonNode node) throws Exception {
        return JSON.readTree(JSON.writeValueAsString(node));
    }
}
