package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.HeartbeatRefusal;
import io.fedstream.avro.MigrationBrake;
import io.fedstream.avro.Taint;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The clusters routes of the query server, over the watch-clusters stage's store. */
class ClusterRoutesTest {

    private static final String TOKEN = "t0ken";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private static final ClusterWatch MEMBER2 = TestClusters.cluster("member2", ClusterState.READY, null, 0, AT);
    private static final ClusterWatch MEMBER1 = TestClusters.cluster("member1", ClusterState.FAILED, "member1-1795946400000", 2, AT,
            Taint.newBuilder().setKey("maintenance").setValue("now").setEffect("NoExecute").build());

    private final HttpClient http = HttpClient.newHttpClient();
    private final TestStores stores = new TestStores().clusters(MEMBER2, MEMBER1);
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
    void oneClusterLooksLikeKarmadasClusterWithTheLifeCycleInItsStatus() throws Exception {
        HttpResponse<String> response = get("/apis/clusters/member1", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster",
                 "metadata":{"name":"member1","labels":{"region":"eu-west"}},
                 "spec":{"taints":[{"key":"maintenance","value":"now","effect":"NoExecute","timeAdded":"2026-11-29T10:00:00Z"}]},
                 "status":{"state":"FAILED","reason":"HeartbeatMissed","message":"because","since":"2026-11-29T10:00:00Z",
                   "incidentId":"member1-1795946400000","flapCount":2,"lastHeartbeatAt":"2026-11-29T10:00:00Z",
                   "lastReceivedAt":"2026-11-29T10:00:00Z","conditions":[{"type":"Ready","status":"False"}],
                   "resourceSummary":{"allocatable":{"cpu":"64","memory":"256Gi"},"allocated":{"cpu":"12500m","memory":"48Gi"}}}}"""));
    }

    @Test
    void theListIsSortedByName() throws Exception {
        HttpResponse<String> response = get("/apis/clusters", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode list = JSON.readTree(response.body());
        assertThat(list.get("kind").asText()).isEqualTo("ClusterList");
        assertThat(list.get("items")).extracting(item -> item.at("/metadata/name").asText()).containsExactly("member1", "member2");
    }

    @Test
    void anUnknownClusterIs404NamingIt() throws Exception {
        HttpResponse<String> response = get("/apis/clusters/member9", TOKEN);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"error":"NotFound","message":"cluster member9 not found: fedstream has had no heartbeat from it","name":"member9"}"""));
    }

    @Test
    void internalRoutesAnswerThePublicShapesFromExactlyTheGivenPartitions() throws Exception {
        HttpResponse<String> page = get("/internal/pages/clusters?partitions=0&limit=1", TOKEN);
        HttpResponse<String> rest = get("/internal/pages/clusters?partitions=0&after=member1", TOKEN);
        HttpResponse<String> one = get("/internal/clusters/member2?partitions=0", TOKEN);

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(page.body())).isEqualTo(JSON.createObjectNode().put("continue", "member1").set("items",
                JSON.createArrayNode().add(JSON.createObjectNode().put("key", "member1").set("object", ClusterObject.toJson(MEMBER1)))));
        assertThat(JSON.readTree(rest.body()).get("continue").isNull()).as("the partition read to its end").isTrue();
        assertThat(JSON.readTree(rest.body()).at("/items/0/object")).isEqualTo(ClusterObject.toJson(MEMBER2));
        assertThat(JSON.readTree(one.body())).isEqualTo(JSON.readTree(get("/apis/clusters/member2", TOKEN).body()));
        assertThat(get("/internal/clusters/member9?partitions=0", TOKEN).statusCode()).isEqualTo(404);
        assertThat(get("/internal/pages/clusters", TOKEN).statusCode()).isEqualTo(400);
        assertThat(get("/internal/pages/clusters?partitions=1", TOKEN).statusCode()).as("partition 1 is not active here").isEqualTo(503);
    }

    @Test
    void anObjectReadBackShowsTheSame() {
        ClusterWatch braked = ClusterWatch.newBuilder(MEMBER1)
                .setBrake(MigrationBrake.newBuilder().setReason("MassFailure").setMessage("2 of 3 clusters turned SUSPECT together")
                        .setSince(AT).setClusters(List.of("member1", "member3")).setKnownClusters(3).build())
                .setRefusal(HeartbeatRefusal.newBuilder().setRefusedAt(AT).setHeartbeatAt(AT.minusSeconds(1)).setField("allocatable.cpu")
                        .setValue("-64").setMessage("allocatable.cpu: must not be negative (value: -64)").build())
                .build();
        ClusterWatch silent = ClusterWatch.newBuilder(MEMBER2).setHeartbeat(null).setLastHeartbeatAt(null).setMessage(null).build();

        for (ClusterWatch watch : List.of(MEMBER1, MEMBER2, braked, silent)) {
            assertThat(ClusterObject.toJson(ClusterObject.fromJson(ClusterObject.toJson(watch)))).isEqualTo(ClusterObject.toJson(watch));
        }
        assertThat(ClusterObject.fromJson(ClusterObject.toJson(silent)).getHeartbeat()).isNull();
        assertThat(ClusterObject.fromJson(ClusterObject.toJson(braked)).getBrake()).isEqualTo(braked.getBrake());
    }

    @Test
    void aMigratingStoreIs503AndATokenIsRequired() throws Exception {
        assertThat(get("/apis/clusters", "wrong").statusCode()).isEqualTo(401);

        stores.unavailable = true;
        HttpResponse<String> response = get("/apis/clusters", TOKEN);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).contains("1");
    }

    private HttpResponse<String> get(String path, String token) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.endpoint().port() + path))
                .header("Authorization", "Bearer " + token).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
