package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingNames;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Routing, authentication and answers of the query server, over fake lookups. */
class QueryServerTest {

    private static final String TOKEN = "s3cret-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ResourceBinding FRAUD = TestBindings.flink("flink.apache.org", "streaming", "fraud");
    private static final ResourceBinding FRAUD_FORK = TestBindings.flink("example.com", "streaming", "fraud");
    private static final ResourceBinding ETL = TestBindings.flink("flink.apache.org", "streaming", "etl");

    private final HttpClient http = HttpClient.newHttpClient();
    private final FakeLookup fleet = new FakeLookup();
    private final FakeLocal local = new FakeLocal();
    private QueryServer server;

    @BeforeEach
    void start() {
        fleet.bindings.addAll(List.of(FRAUD, ETL));
        server = QueryServer.bind("127.0.0.1", 0, Optional.of(TOKEN)).start(fleet, local);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void bindingByNamespaceAndName() throws Exception {
        HttpResponse<String> response = get("/apis/resourcebindings/streaming/fraud-flinkdeployment", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(JSON.readTree(response.body())).isEqualTo(reparse(BindingObject.toJson(FRAUD)));
        assertThat(fleet.calls).containsExactly("byName streaming/fraud-flinkdeployment");
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
        fleet.bindings.add(FRAUD_FORK);

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
    void namespaceIsRequiredForTheList() throws Exception {
        HttpResponse<String> response = get("/apis/resourcebindings", TOKEN);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("field").asText()).isEqualTo("namespace");
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
        fleet.unavailable = true;

        HttpResponse<String> response = get("/apis/resourcebindings/streaming/nope-deployment", TOKEN);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).contains("1");
        assertThat(JSON.readTree(response.body()).get("error").asText()).isEqualTo("Unavailable");
    }

    @Test
    void internalRoutesAnswerFromTheLocalStoresForTheGivenPartitions() throws Exception {
        local.bindings.add(ETL);

        HttpResponse<String> byName = get("/internal/resourcebindings/streaming/etl-flinkdeployment?partitions=0,3", TOKEN);
        HttpResponse<String> inNamespace = get("/internal/resourcebindings?namespace=streaming&partitions=5", TOKEN);
        HttpResponse<String> badPartitions = get("/internal/resourcebindings?namespace=streaming&partitions=x", TOKEN);

        assertThat(byName.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(byName.body()).get("items")).hasSize(1);
        assertThat(inNamespace.statusCode()).isEqualTo(200);
        assertThat(badPartitions.statusCode()).isEqualTo(400);
        assertThat(local.calls).containsExactly("byName streaming/etl-flinkdeployment [0, 3]", "inNamespace streaming [5]");
        assertThat(fleet.calls).isEmpty();
    }

    @Test
    void withoutTheRightTokenEveryRouteIs401AndRevealsNothing() throws Exception {
        for (String path : List.of("/apis/resourcebindings/streaming/fraud-flinkdeployment", "/internal/resourcebindings?namespace=x&partitions=0",
                "/no/such/route", "/apis/workloads/flink.apache.org/FlinkDeployment/streaming/etl")) {
            for (String token : new String[] {null, "wrong", TOKEN + "x", ""}) {
                HttpResponse<String> response = get(path, token);
                assertThat(response.statusCode()).as(path + " with " + token).isEqualTo(401);
                assertThat(response.body()).isEqualTo("{\"error\":\"unauthorized\"}");
                assertThat(response.headers().firstValue("WWW-Authenticate")).contains("Bearer");
            }
        }
        assertThat(fleet.calls).isEmpty();
        assertThat(local.calls).isEmpty();
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
        try (QueryServer open = QueryServer.bind("127.0.0.1", 0, Optional.empty()).start(fleet, local)) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + open.endpoint().port()
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

    /** The fleet-wide seam: answers from a list, records each call. */
    static final class FakeLookup implements BindingLookup {
        final List<ResourceBinding> bindings = new ArrayList<>();
        final List<String> calls = new ArrayList<>();
        volatile boolean unavailable;

        @Override
        public List<ResourceBinding> byName(String namespace, String name) {
            calls.add("byName " + namespace + "/" + name);
            check();
            return bindings.stream().filter(b -> BindingObject.address(b).equals(new BindingNames.NamespacedName(namespace, name))).toList();
        }

        @Override
        public List<ResourceBinding> inNamespace(String namespace) {
            calls.add("inNamespace " + namespace);
            check();
            return bindings.stream().filter(b -> b.getNamespace().equals(namespace)).toList();
        }

        @Override
        public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
            calls.add("byWorkloadKey " + workloadKey);
            check();
            return bindings.stream().filter(b -> b.getWorkloadKey().equals(workloadKey)).findFirst();
        }

        private void check() {
            if (unavailable) {
                throw new StoreUnavailableException("store binding-names-store partition 2 is migrating");
            }
        }
    }

    /** The local seam: answers from a list, records each call with its partitions. */
    static final class FakeLocal implements LocalBindingLookup {
        final List<ResourceBinding> bindings = new ArrayList<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public List<ResourceBinding> byName(String namespace, String name, Set<Integer> partitions) {
            calls.add("byName " + namespace + "/" + name + " " + partitions);
            return bindings;
        }

        @Override
        public List<ResourceBinding> inNamespace(String namespace, Set<Integer> partitions) {
            calls.add("inNamespace " + namespace + " " + partitions);
            return bindings;
        }

        @Override
        public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
            calls.add("byWorkloadKey " + workloadKey);
            return bindings.stream().findFirst();
        }
    }
}
