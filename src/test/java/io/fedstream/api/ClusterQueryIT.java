package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.cli.Main;
import io.fedstream.health.stage.WatchClustersStage;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Two instances on a real broker: each lists every cluster (fan-out by partition) and finds each one (routed by key). */
@ExtendWith(KafkaClusterExtension.class)
class ClusterQueryIT {

    private static final String TOKEN = "it-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CLUSTERS = 12;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyInstanceAnswersForEveryCluster(SharedKafka kafka, KafkaTestNames names, @TempDir Path stateA, @TempDir Path stateB)
            throws Exception {
        SchemaRegistry registry = new InProcessSchemaRegistry();
        try (AppInstance a = AppInstance.start(AppInstance.config(kafka, names, stateA, TOKEN), registry);
                AppInstance b = AppInstance.start(AppInstance.config(kafka, names, stateB, TOKEN), registry)) {
            AppInstance.awaitBothRunning(a, b);
            List<String> clusters = new ArrayList<>();
            for (int i = 0; i < CLUSTERS; i++) {
                clusters.add("member" + i);
            }
            publish(a, clusters);
            Set<HostInfo> owners = new HashSet<>();
            clusters.forEach(c -> owners.add(a.runner().health()
                    .queryMetadataForKey(WatchClustersStage.STORE, c, new StringSerializer()).activeHost()));
            assertThat(owners).as("one watch task holds every cluster, so the other instance answers through it")
                    .singleElement().isIn(a.api().endpoint(), b.api().endpoint());

            for (AppInstance instance : List.of(a, b)) {
                JsonNode list = JSON.readTree(getUntil(instance, "/apis/clusters", CLUSTERS).body());
                assertThat(list.get("items")).extracting(item -> item.at("/metadata/name").asText())
                        .containsExactlyElementsOf(clusters.stream().sorted().toList());
                for (String cluster : clusters) {
                    HttpResponse<String> one = getUntil(instance, "/apis/clusters/" + cluster, 0);
                    assertThat(one.statusCode()).as(cluster + " through " + instance.api().endpoint()).isEqualTo(200);
                    assertThat(JSON.readTree(one.body()).at("/status/state").asText()).isEqualTo("READY");
                }
                assertThat(getUntil(instance, "/apis/clusters/absent", 0).statusCode()).isEqualTo(404);
            }

            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), "get", "clusters",
                    "--server", "http://" + b.api().endpoint().host() + ":" + b.api().endpoint().port(), "--token", TOKEN);
            assertThat(exit).as(err.toString()).isZero();
            assertThat(out.toString().lines()).hasSize(CLUSTERS + 1).first().asString().startsWith("NAME");
            assertThat(out.toString()).containsPattern("member0\\s+READY\\s+True\\s+\\d+s\\s+-\\s+0\\s+2/64 \\(3%\\)\\s+-");
            assertThat(a.runner().failure()).isNull();
            assertThat(b.runner().failure()).isNull();
        }
    }

    private static void publish(AppInstance instance, List<String> clusters) {
        var health = instance.fedstream().topics().clusterHealth();
        try (KafkaProducer<String, ClusterHealthEvent> producer = new KafkaProducer<>(instance.fedstream().config().producerProperties(),
                health.keySerde().serializer(), health.valueSerde().serializer())) {
            for (String cluster : clusters) {
                producer.send(new ProducerRecord<>(health.name(), cluster, ClusterHealthEvent.newBuilder()
                        .setCluster(cluster)
                        .setHeartbeatAt(Instant.now())
                        .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                        .setAllocatable(Map.of("cpu", "64"))
                        .setAllocated(Map.of("cpu", "2"))
                        .build()));
            }
            producer.flush();
        }
    }

    /** GETs with the token until 200 (with at least {@code items} items for a list), or 404 for an absent cluster. */
    private HttpResponse<String> getUntil(AppInstance instance, String path, int items) throws Exception {
        long deadline = System.nanoTime() + AppInstance.WAIT.toNanos();
        HttpResponse<String> response;
        do {
            response = http.send(HttpRequest.newBuilder(URI.create("http://" + instance.api().endpoint().host() + ":"
                    + instance.api().endpoint().port() + path)).header("Authorization", "Bearer " + TOKEN).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200 && JSON.readTree(response.body()).path("items").size() >= items
                    || response.statusCode() == 404 && path.endsWith("absent")) {
                return response;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return response;
    }



}
