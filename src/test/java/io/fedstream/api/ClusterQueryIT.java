package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.cli.Main;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.health.WatchClustersStage;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Two instances on a real broker: each lists every cluster (fan-out by partition) and finds each one (routed by key). */
@ExtendWith(KafkaClusterExtension.class)
class ClusterQueryIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String TOKEN = "it-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CLUSTERS = 12;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyInstanceAnswersForEveryCluster(SharedKafka kafka, KafkaTestNames names, @TempDir Path stateA, @TempDir Path stateB)
            throws Exception {
        SchemaRegistry registry = new InProcessSchemaRegistry();
        try (Instance a = Instance.start(config(kafka, names, stateA), registry);
                Instance b = Instance.start(config(kafka, names, stateB), registry)) {
            awaitBothRunning(a, b);
            List<String> clusters = new ArrayList<>();
            for (int i = 0; i < CLUSTERS; i++) {
                clusters.add("member" + i);
            }
            publish(a, clusters);
            Set<HostInfo> owners = new HashSet<>();
            clusters.forEach(c -> owners.add(a.runner.streams()
                    .queryMetadataForKey(WatchClustersStage.STORE, c, new StringSerializer()).activeHost()));
            assertThat(owners).as("both instances own clusters").containsExactlyInAnyOrder(a.api.endpoint(), b.api.endpoint());

            for (Instance instance : List.of(a, b)) {
                JsonNode list = JSON.readTree(getUntil(instance, "/apis/clusters", CLUSTERS).body());
                assertThat(list.get("items")).extracting(item -> item.at("/metadata/name").asText())
                        .containsExactlyElementsOf(clusters.stream().sorted().toList());
                for (String cluster : clusters) {
                    HttpResponse<String> one = getUntil(instance, "/apis/clusters/" + cluster, 0);
                    assertThat(one.statusCode()).as(cluster + " through " + instance.api.endpoint()).isEqualTo(200);
                    assertThat(JSON.readTree(one.body()).at("/status/state").asText()).isEqualTo("READY");
                }
                assertThat(getUntil(instance, "/apis/clusters/absent", 0).statusCode()).isEqualTo(404);
            }

            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), "get", "clusters",
                    "--server", "http://" + b.api.endpoint().host() + ":" + b.api.endpoint().port(), "--token", TOKEN);
            assertThat(exit).as(err.toString()).isZero();
            assertThat(out.toString().lines()).hasSize(CLUSTERS + 1).first().asString().startsWith("NAME");
            assertThat(out.toString()).containsPattern("member0\\s+READY\\s+True\\s+\\d+s\\s+-\\s+0\\s+2/64\\s+-");
            assertThat(a.runner.failure()).isNull();
            assertThat(b.runner.failure()).isNull();
        }
    }

    private static void publish(Instance instance, List<String> clusters) {
        var health = instance.fedstream.topics().clusterHealth();
        try (KafkaProducer<String, ClusterHealthEvent> producer = new KafkaProducer<>(instance.fedstream.config().producerProperties(),
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
    private HttpResponse<String> getUntil(Instance instance, String path, int items) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        HttpResponse<String> response;
        do {
            response = http.send(HttpRequest.newBuilder(URI.create("http://" + instance.api.endpoint().host() + ":"
                    + instance.api.endpoint().port() + path)).header("Authorization", "Bearer " + TOKEN).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200 && JSON.readTree(response.body()).path("items").size() >= items
                    || response.statusCode() == 404 && path.endsWith("absent")) {
                return response;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return response;
    }

    private static void awaitBothRunning(Instance a, Instance b) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!(a.runner.streams().state() == KafkaStreams.State.RUNNING && b.runner.streams().state() == KafkaStreams.State.RUNNING
                && a.runner.streams().metadataForAllStreamsClients().size() == 2)) {
            assertThat(System.nanoTime()).as("both instances RUNNING within %s", WAIT).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir) {
        Map<String, String> overrides = new HashMap<>();
        overrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        overrides.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        overrides.put(FedstreamConfig.STATE_DIR, stateDir.toString());
        overrides.put(FedstreamConfig.TOPIC_PARTITIONS, "6");
        overrides.put(FedstreamConfig.HTTP_PORT, "0");
        overrides.put(FedstreamConfig.HTTP_BEARER_TOKEN, TOKEN);
        for (String key : FedstreamConfig.configDef().names()) {
            if (key.startsWith("topic.") && !key.equals(FedstreamConfig.TOPIC_PARTITIONS) && !key.equals(FedstreamConfig.TOPIC_REPLICATION_FACTOR)) {
                overrides.put(key, names.topic(key.substring("topic.".length())));
            }
        }
        return FedstreamConfig.of(overrides);
    }

    /** One application instance as `fedstream run` starts it: the query port bound first, served once the streams run. */
    private record Instance(Fedstream fedstream, QueryServer api, StreamsRunner runner) implements AutoCloseable {

        static Instance start(FedstreamConfig config, SchemaRegistry registry) throws InterruptedException {
            Fedstream fedstream = Fedstream.create(config, registry);
            QueryServer api = QueryServer.bind(config);
            StreamsRunner runner = new StreamsRunner(fedstream, api.endpoint()).start(WAIT);
            api.start(runner.streams());
            return new Instance(fedstream, api, runner);
        }

        @Override
        public void close() {
            api.close();
            runner.close();
        }
    }
}
