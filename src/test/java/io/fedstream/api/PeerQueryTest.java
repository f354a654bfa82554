package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.decide.ClusterShare;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.ResourceBinding;
import com.sun.net.httpserver.HttpServer;
import io.fedstream.serde.AvroJson;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two instances, each over its own stores: {@code here} holds partition 0, {@code there} partition 1 and every key. Each
 * resource answered through {@code here} is what {@code there} answers itself, merged with {@code here}'s where the
 * resource spans partitions; the peer is asked on its internal routes in the public shapes, with the token.
 */
class PeerQueryTest {

    private static final String TOKEN = "peer-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private static final ResourceBinding ETL = TestBindings.flink("flink.apache.org", "streaming", "etl");
    private static final ClusterWatch MEMBER1 = TestClusters.cluster("member1", ClusterState.FAILED, "member1-1", 1, AT);
    private static final ClusterWatch MEMBER2 = TestClusters.cluster("member2", ClusterState.READY, null, 0, AT);
    private static final MigrationRecord THERE = TestMigrations.detailed(TestMigrations.migration(
            "flink.apache.org/FlinkDeployment/streaming/etl", "member1-1", 1, "member1", "member2", MigrationRecordPhase.STARTED, AT));
    private static final MigrationRecord HERE = TestMigrations.migration(
            "apps/Deployment/shop/web", "member1-1", 1, "member1", "member2", MigrationRecordPhase.ISSUED, AT);
    private static final ClusterShare SHOP = new ClusterShare("member2", "shop", TestQuotas.aggregate(1, 2, Map.of("cpu", "1")));

    private final HttpClient http = HttpClient.newHttpClient();
    private final TestStores there = new TestStores(1).bindings(ETL, TestBindings.namespaceObject("guestbook")).clusters(MEMBER1).migrations(THERE)
            .quotas(TestQuotas.gpuQuota()).aggregates(TestQuotas.mlAggregates()).shares(TestQuotas.shares().toArray(ClusterShare[]::new));
    private final TestStores here = new TestStores(0).clusters(MEMBER2).migrations(HERE).shares(SHOP);
    private QueryServer thereServer;
    private QueryServer hereServer;

    @BeforeEach
    void start() {
        thereServer = there.serve(Optional.of(TOKEN));
        hereServer = here.withPeer(thereServer.endpoint(), 1).serve(Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        here.close();
        there.close();
    }

    @Test
    void aKeyedQuestionIsAnsweredByTheOwnerInTheSameShape() throws Exception {
        for (String path : List.of("/apis/resourcebindings/streaming/etl-flinkdeployment", "/apis/resourcebindings?namespace=streaming",
                "/apis/workloads/flink.apache.org/FlinkDeployment/streaming/etl", "/apis/clusters/member1",
                "/apis/migrations/flink.apache.org/FlinkDeployment/streaming/etl/member1-1/1", "/apis/quotas/ml/gpu",
                "/apis/quotas?namespace=ml", "/apis/aggregates?namespace=ml",
                "/apis/work.karmada.io/v1alpha2/clusterresourcebindings",
                "/apis/work.karmada.io/v1alpha2/clusterresourcebindings/guestbook-namespace",
                "/apis/work.karmada.io/v1alpha2/clusterresourcebindings?fieldSelector=metadata.name%3Dguestbook-namespace")) {
            HttpResponse<String> answer = get(hereServer, path);
            assertThat(answer.statusCode()).as(path + ": " + answer.body()).isEqualTo(200);
            assertThat(withoutListVersion(answer.body())).as(path).isEqualTo(withoutListVersion(get(thereServer, path).body()));
        }
        for (String path : List.of("/apis/resourcebindings/streaming/absent-deployment", "/apis/workloads/apps/Deployment/streaming/absent",
                "/apis/clusters/absent", "/apis/migrations/apps/Deployment/shop/absent/member1-1/1", "/apis/quotas/ml/absent")) {
            assertThat(get(hereServer, path).statusCode()).as(path).isEqualTo(404);
        }
    }

    @Test
    void aListAcrossPartitionsHoldsBothInstancesItems() throws Exception {
        JsonNode clusters = JSON.readTree(get(hereServer, "/apis/clusters").body());
        JsonNode migrations = JSON.readTree(get(hereServer, "/apis/migrations").body());
        JsonNode shares = JSON.readTree(get(hereServer, "/apis/aggregates?cluster=member2").body());
        JsonNode everyCluster = JSON.readTree(get(hereServer, "/apis/aggregates").body());

        assertThat(clusters.get("items")).extracting(item -> ClusterObject.fromJson(item).getCluster()).containsExactly("member2", "member1");
        assertThat(migrations.get("items")).extracting(item -> item.at("/metadata/name").asText()).containsExactly(
                "web-deployment-member1-1-1", "etl-flinkdeployment-member1-1-1");
        assertThat(migrations.get("items")).extracting(MigrationObject::fromJson).containsExactly(HERE, THERE);
        assertThat(AggregateObject.sharesFromClustersJson(shares)).containsExactly(SHOP);
        assertThat(everyCluster.get("clusters")).extracting(c -> c.get("cluster").asText()).containsExactly("eu-west-1", "member2", "us-east-1");
    }

    @Test
    void aPeerThatCannotAnswerMakesThe503NeverAShortList() throws Exception {
        there.unavailable = true;

        for (String path : List.of("/apis/clusters", "/apis/migrations", "/apis/aggregates", "/apis/clusters/member1", "/apis/quotas?namespace=ml")) {
            HttpResponse<String> answer = get(hereServer, path);
            assertThat(answer.statusCode()).as(path).isEqualTo(503);
            assertThat(answer.headers().firstValue("Retry-After")).contains("1");
        }
        thereServer.close();
        assertThat(JSON.readTree(get(hereServer, "/apis/clusters").body()).get("message").asText())
                .startsWith("instance " + new HostInfo("127.0.0.1", thereServer.endpoint().port()) + " is unreachable");
    }

    @Test
    void aPeerAnsweringAShapeThisVersionCannotReadIs503() throws Exception {
        // As an instance of the version before one JSON shape per resource answered: the stored record as Avro JSON.
        HttpServer older = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        older.createContext("/", exchange -> {
            byte[] body = (exchange.getRequestURI().getPath().equals("/internal/pages/clusters")
                    ? "{\"items\":[" + AvroJson.toJson(MEMBER1) + "]}" : AvroJson.toJson(MEMBER1).toString()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        older.start();
        try (TestStores mixed = new TestStores(0).clusters(MEMBER2)) {
            QueryServer server = mixed.withPeer(new HostInfo("127.0.0.1", older.getAddress().getPort()), 1).serve(Optional.of(TOKEN));
            for (String path : List.of("/apis/clusters", "/apis/clusters/member1")) {
                HttpResponse<String> answer = get(server, path);
                assertThat(answer.statusCode()).as(path).isEqualTo(503);
                assertThat(JSON.readTree(answer.body()).get("message").asText()).as(path).contains("answered what this instance cannot read");
            }
        } finally {
            older.stop(0);
        }
    }

    /** A list's own version is the time it was read at: two readings of the same list differ in it only. */
    private static JsonNode withoutListVersion(String body) throws Exception {
        JsonNode answer = JSON.readTree(body);
        if (answer.path("kind").asText().endsWith("List") && answer.has("metadata")) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) answer.get("metadata")).remove("resourceVersion");
        }
        return answer;
    }

    private HttpResponse<String> get(QueryServer server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.endpoint().port() + path))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
    }
}
