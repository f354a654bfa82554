package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import io.fedstream.serde.AvroJson;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The clusters routes of the query server, over fixed clusters. */
class ClusterRoutesTest {

    private static final String TOKEN = "t0ken";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private static final ClusterWatch MEMBER2 = ListClusters.cluster("member2", ClusterState.READY, null, 0, AT);
    private static final ClusterWatch MEMBER1 = ListClusters.cluster("member1", ClusterState.FAILED, "member1-1795946400000", 2, AT,
            Taint.newBuilder().setKey("maintenance").setValue("now").setEffect("NoExecute").build());

    private final HttpClient http = HttpClient.newHttpClient();
    private final ListClusters clusters = new ListClusters(List.of(MEMBER2, MEMBER1));
    private QueryServer server;

    @BeforeEach
    void start() {
        server = clusters.serve(Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void oneClusterLooksLikeKarmadasClusterWithTheLifeCycleInItsStatus() throws Exception {
        HttpResponse<String> response = get("/apis/clusters/member1", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"apiVersion":"fedstream.io/v1alpha1","kind":"Cluster",
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
    void internalRoutesAnswerRawRecordsFromTheGivenPartitions() throws Exception {
        HttpResponse<String> response = get("/internal/clusters?partitions=1", TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode items = JSON.readTree(response.body()).get("items");
        assertThat(items).hasSize(1);
        assertThat(AvroJson.toSpecific(items.get(0), ClusterWatch.class)).isEqualTo(MEMBER1);
        assertThat(clusters.partitionsAsked).containsExactly(Set.of(1));
        assertThat(AvroJson.toSpecific(JSON.readTree(get("/internal/clusters/member2", TOKEN).body()), ClusterWatch.class))
                .isEqualTo(MEMBER2);
        assertThat(get("/internal/clusters", TOKEN).statusCode()).isEqualTo(400);
    }

    @Test
    void aMigratingStoreIs503AndATokenIsRequired() throws Exception {
        assertThat(get("/apis/clusters", "wrong").statusCode()).isEqualTo(401);

        clusters.unavailable = true;
        HttpResponse<String> response = get("/apis/clusters", TOKEN);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).contains("1");
    }

    private HttpResponse<String> get(String path, String token) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.endpoint().port() + path))
                .header("Authorization", "Bearer " + token).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
