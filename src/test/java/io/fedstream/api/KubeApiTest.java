package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ResourceBinding;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The query API as kubectl meets it: discovery, paged lists, tables, selectors, watches, Status errors and the bounds. */
class KubeApiTest {

    private static final String TOKEN = "k8s-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
    private static final String BINDINGS = "/apis/work.karmada.io/v1alpha2/namespaces/streaming/resourcebindings";

    private final HttpClient http = HttpClient.newHttpClient();
    private final TestStores stores = new TestStores();
    private QueryServer server;

    @AfterEach
    void stop() {
        stores.close();
    }

    private void serve(QueryServer.Limits limits, ResourceBinding... bindings) {
        server = stores.bindings(bindings).clusters(TestClusters.cluster("member1", ClusterState.READY, null, 0, Instant.now()))
                .serve(QueryServer.bind("127.0.0.1", 0, Optional.of(TOKEN), limits), Optional.of(TOKEN));
    }

    private void serve(ResourceBinding... bindings) {
        serve(QueryServer.Limits.defaults(), bindings);
    }

    @Test
    void discoveryListsEveryKindWithItsGroupShortNamesScopeAndVerbs() throws Exception {
        serve();

        JsonNode groups = json("/apis", "application/json");
        JsonNode work = json("/apis/work.karmada.io/v1alpha2", "application/json");
        JsonNode policy = json("/apis/policy.karmada.io/v1alpha1", "application/json");

        assertThat(groups.get("kind").asText()).isEqualTo("APIGroupList");
        assertThat(groups.get("groups")).extracting(group -> group.at("/preferredVersion/groupVersion").asText())
                .containsExactlyInAnyOrder("work.karmada.io/v1alpha2", "policy.karmada.io/v1alpha1", "cluster.karmada.io/v1alpha1",
                        "fedstream.io/v1alpha1");
        assertThat(work.get("resources").get(0)).isEqualTo(JSON.readTree("""
                {"name":"resourcebindings","singularName":"resourcebinding","namespaced":true,"kind":"ResourceBinding",
                 "verbs":["get","list","watch"],"shortNames":["rb"],"categories":["karmada-io"]}"""));
        assertThat(policy.get("resources")).extracting(resource -> resource.at("/shortNames/0").asText())
                .containsExactly("frq", "pp", "cpp", "op", "cop");
        assertThat(json("/api", "application/json").get("versions")).isEmpty();
        assertThat(get("/apis/nothing.example.com/v1", "application/json").statusCode()).isEqualTo(404);
    }

    @Test
    void aListComesInPagesThatTogetherHoldEveryObjectOnce() throws Exception {
        serve(IntStream.range(0, 7).mapToObj(i -> TestBindings.flink("flink.apache.org", "streaming", "job" + i)).toArray(ResourceBinding[]::new));

        List<String> names = new ArrayList<>();
        String next = null;
        int pages = 0;
        do {
            JsonNode page = json(BINDINGS + "?limit=3" + (next == null ? "" : "&continue=" + next), "application/json");
            assertThat(page.get("items").size()).isLessThanOrEqualTo(3);
            page.get("items").forEach(item -> names.add(item.at("/metadata/name").asText()));
            next = page.at("/metadata/continue").asText(null);
            pages++;
        } while (next != null);

        assertThat(names).containsExactly("job0-flinkdeployment", "job1-flinkdeployment", "job2-flinkdeployment", "job3-flinkdeployment",
                "job4-flinkdeployment", "job5-flinkdeployment", "job6-flinkdeployment");
        assertThat(pages).isEqualTo(3);
        assertThat(json(BINDINGS, "application/json").get("items")).as("without limit, a page of 500").hasSize(7);
        HttpResponse<String> foreign = get(BINDINGS + "?continue=" + new Continue(0, "x").token("clusters"), "application/json");
        assertThat(foreign.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(foreign.body()).at("/details/causes/0/field").asText()).isEqualTo("continue");
    }

    @Test
    void aTableHasTheColumnsOfFedstreamGetAndARowPerObjectWithItsMetadata() throws Exception {
        serve(TestBindings.flink("flink.apache.org", "streaming", "fraud"));

        JsonNode table = json(BINDINGS, TABLE);

        assertThat(table.get("kind").asText()).isEqualTo("Table");
        assertThat(table.get("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
        assertThat(table.get("columnDefinitions")).extracting(column -> column.get("name").asText()).startsWith(
                "Name", "Scheduled", "FullyApplied", "Kind", "State", "Admission", "Clusters", "Templates", "CPU", "Memory", "Updated", "Reason");
        assertThat(table.at("/rows/0/cells")).extracting(JsonNode::asText).startsWith(
                "fraud-flinkdeployment", "True", "False", "FlinkDeployment", "INTERPRETED", "PENDING", "eu-west-1", "2", "9", "18Gi");
        assertThat(table.at("/rows/0/object/kind").asText()).isEqualTo("PartialObjectMetadata");
        assertThat(table.at("/rows/0/object/metadata/namespace").asText()).isEqualTo("streaming");
        assertThat(json(BINDINGS + "/fraud-flinkdeployment", TABLE).get("rows")).hasSize(1);
        assertThat(json(BINDINGS + "?includeObject=Object", TABLE).at("/rows/0/object/apiVersion").asText())
                .isEqualTo("work.karmada.io/v1alpha2");
    }

    @Test
    void selectorsKeepTheObjectsTheyNameAndABadOneIsABadRequestNamingIt() throws Exception {
        ResourceBinding other = TestBindings.flink("flink.apache.org", "streaming", "other");
        other.setLabels(java.util.Map.of("team", "risk"));
        serve(TestBindings.flink("flink.apache.org", "streaming", "fraud"), other);

        assertThat(names(json(BINDINGS + "?labelSelector=team%3Drisk", "application/json"))).containsExactly("other-flinkdeployment");
        assertThat(names(json(BINDINGS + "?labelSelector=team+in+(fraud,%20nobody)", "application/json"))).containsExactly("fraud-flinkdeployment");
        assertThat(names(json(BINDINGS + "?labelSelector=!team", "application/json"))).isEmpty();
        assertThat(names(json(BINDINGS + "?fieldSelector=metadata.name%3Dfraud-flinkdeployment", "application/json")))
                .containsExactly("fraud-flinkdeployment");
        HttpResponse<String> bad = get(BINDINGS + "?fieldSelector=spec.replicas%3D3", "application/json");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(bad.body()).get("message").asText()).contains("field label not supported: spec.replicas");
    }

    @Test
    void aClusterScopedObjectsBindingIsAClusterResourceBindingAndNoResourceBindingOfAnyNamespace() throws Exception {
        serve(TestBindings.flink("flink.apache.org", "streaming", "fraud"), TestBindings.namespaceObject("guestbook"));
        String crbs = "/apis/work.karmada.io/v1alpha2/clusterresourcebindings";

        JsonNode list = json(crbs, "application/json");
        JsonNode one = json(crbs + "/guestbook-namespace", "application/json");

        assertThat(names(list)).containsExactly("guestbook-namespace");
        assertThat(list.get("kind").asText()).isEqualTo("ClusterResourceBindingList");
        assertThat(one.get("kind").asText()).isEqualTo("ClusterResourceBinding");
        assertThat(one.get("metadata").has("namespace")).as("cluster-scoped: no namespace").isFalse();
        assertThat(one.at("/spec/resource")).isEqualTo(JSON.readTree("""
                {"apiVersion":"v1","kind":"Namespace","name":"guestbook"}"""));
        assertThat(one.at("/spec/clusters")).extracting(cluster -> cluster.get("name").asText()).containsExactly("member1", "member2");
        assertThat(one.at("/metadata/annotations/fedstream.io~1workload-key").asText()).isEqualTo("core/Namespace//guestbook");
        assertThat(names(json("/apis/work.karmada.io/v1alpha2/resourcebindings", "application/json")))
                .as("the ResourceBindings of every namespace").containsExactly("fraud-flinkdeployment");
        assertThat(names(json(crbs + "?fieldSelector=metadata.name%3Dnope", "application/json"))).isEmpty();
        assertThat(get(crbs + "/nope", "application/json").statusCode()).isEqualTo(404);
    }

    @Test
    void errorsAreKubernetesStatusesThatNameWhatIsMissing() throws Exception {
        serve();

        HttpResponse<String> missing = get(BINDINGS + "/nope-deployment", "application/json");
        HttpResponse<String> crb = get("/apis/work.karmada.io/v1alpha2/clusterresourcebindings", "application/json");

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(missing.body())).isEqualTo(JSON.readTree("""
                {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
                 "message":"resourcebindings.work.karmada.io \\"nope-deployment\\" not found","reason":"NotFound",
                 "details":{"name":"nope-deployment","group":"work.karmada.io","kind":"resourcebindings"},"code":404}"""));
        assertThat(JSON.readTree(crb.body()).get("items")).as("no cluster-scoped object is bound").isEmpty();
        stores.unavailable = true;
        HttpResponse<String> moving = get(BINDINGS, "application/json");
        assertThat(moving.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(moving.body()).get("reason").asText()).isEqualTo("ServiceUnavailable");
    }

    @Test
    void aWatchSendsWhatChangesWithinTwoReadings() throws Exception {
        serve(TestBindings.flink("flink.apache.org", "streaming", "fraud"));
        String listVersion = json(BINDINGS, "application/json").at("/metadata/resourceVersion").asText();
        HttpResponse<InputStream> watch = http.send(request(BINDINGS + "?watch=true&resourceVersion=" + listVersion, "application/json")
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(watch.statusCode()).isEqualTo(200);
        try (BufferedReader events = new BufferedReader(new InputStreamReader(watch.body(), StandardCharsets.UTF_8))) {
            assertThat(events.readLine()).as("the first reading: nothing changed since the list, a blank line").isBlank();
            ResourceBinding added = TestBindings.flink("flink.apache.org", "streaming", "etl");
            added.setUpdatedAt(Instant.now());
            stores.bindings(added);

            JsonNode event = nextEvent(events);
            assertThat(event.get("type").asText()).isEqualTo("ADDED");
            assertThat(event.at("/object/metadata/name").asText()).isEqualTo("etl-flinkdeployment");

            stores.remove(added);
            JsonNode deleted = nextEvent(events);
            assertThat(deleted.get("type").asText()).isEqualTo("DELETED");
            assertThat(deleted.at("/object/metadata/name").asText()).isEqualTo("etl-flinkdeployment");
        }
    }

    @Test
    void beyondItsBoundTheServerAnswers429WithRetryAfterAtOnce() throws Exception {
        serve(new QueryServer.Limits(1, 0, Duration.ofSeconds(10)), TestBindings.flink("flink.apache.org", "streaming", "fraud"));

        HttpResponse<String> watch = get(BINDINGS + "?watch=true", "application/json");

        assertThat(watch.statusCode()).as("no watch is allowed at all").isEqualTo(429);
        assertThat(watch.headers().firstValue("Retry-After")).contains("1");
        assertThat(JSON.readTree(watch.body()).get("reason").asText()).isEqualTo("TooManyRequests");
        assertThat(get(BINDINGS, "application/json").statusCode()).as("the place of a query is given back").isEqualTo(200);
        assertThat(get(BINDINGS, "application/json").statusCode()).isEqualTo(200);
    }

    private JsonNode nextEvent(BufferedReader events) throws Exception {
        String line;
        do {
            line = events.readLine();
        } while (line != null && line.isBlank());
        assertThat(line).as("an event before the watch ended").isNotNull();
        return JSON.readTree(line);
    }

    private static List<String> names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.get("items").forEach(item -> names.add(item.at("/metadata/name").asText()));
        return names;
    }

    private JsonNode json(String path, String accept) throws Exception {
        HttpResponse<String> response = get(path, accept);
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> get(String path, String accept) throws Exception {
        return http.send(request(path, accept).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String path, String accept) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.endpoint().port() + path))
                .header("Authorization", "Bearer " + TOKEN).header("Accept", accept);
    }
}
