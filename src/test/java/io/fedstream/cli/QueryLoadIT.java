package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Op;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.NamespacePartitioner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fedstream run --embedded} in a JVM of its own with the options it ships with (-Xmx224m), 5,000 bindings in one
 * namespace, and 8 clients listing that namespace 16 times each at once, then kubectl doing the same: every answer is a
 * page or a 429, none times out, no OutOfMemoryError, and workloads applied meanwhile are decided as fast as before.
 */
class QueryLoadIT {

    private static final Duration WAIT = Duration.ofMinutes(3);
    private static final int BINDINGS = 5_000;
    private static final int CLIENTS = 8;
    private static final int REQUESTS = 16;
    private static final int KUBECTL_LISTS = 4;
    private static final int PROBES = 10;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir Path dir;

    @Test
    void concurrentListsOfFiveThousandBindingsArePagesOr429AndNeverStarveTheDecisions() throws Exception {
        try (CliProcess run = CliProcess.start(dir, "run", "--embedded", "--set", "state.dir=" + dir.resolve("state"),
                "--set", "embedded.kafka.port=0", "--set", "embedded.registry.port=0", "--set", "http.port=0",
                "--set", "topic.partitions=2")) {
            run.awaitLine(line -> line.contains("fedstream is running"), WAIT);
            String api = printed(run, "Query API on (https?://[^/]+)/");
            FedstreamConfig config = FedstreamConfig.of(Map.of(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS,
                    printed(run, "Embedded Kafka broker listening on (\\S+) "),
                    FedstreamConfig.SCHEMA_REGISTRY_URL, printed(run, "Embedded schema registry listening on (\\S+) ")));
            try (Fedstream fedstream = Fedstream.create(config); Decisions decisions = new Decisions(config, fedstream)) {
                long started = System.nanoTime();
                decisions.publish("burst", BINDINGS);
                await(() -> status(api + "/apis/resourcebindings/burst/w" + (BINDINGS - 1) + "-deployment") == 200, "the last binding of burst");
                System.out.printf("QueryLoadIT: %d bindings decided in %d ms%n", BINDINGS, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
                Duration usual = decisions.timeToDecide("calm", PROBES);

                ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
                List<Future<List<Integer>>> answers = new ArrayList<>();
                long loadStarted = System.nanoTime();
                for (int client = 0; client < CLIENTS; client++) {
                    answers.add(clients.submit(() -> listRepeatedly(api + "/apis/resourcebindings?namespace=burst")));
                }
                Duration underLoad = decisions.timeToDecide("during", PROBES);
                Map<Integer, Integer> statuses = new TreeMap<>();
                for (Future<List<Integer>> answer : answers) {
                    answer.get(5, TimeUnit.MINUTES).forEach(code -> statuses.merge(code, 1, Integer::sum));
                }
                long loadTook = System.nanoTime() - loadStarted;
                clients.shutdown();
                System.out.printf("QueryLoadIT: %d x %d lists of %d bindings in %d ms: %s; %d workloads decided within %d ms before, %d ms"
                                + " under the load%n", CLIENTS, REQUESTS, BINDINGS, TimeUnit.NANOSECONDS.toMillis(loadTook), statuses, PROBES,
                        usual.toMillis(), underLoad.toMillis());
                assertThat(statuses.keySet()).as("every answer a page or a refusal").isSubsetOf(200, 429);
                assertThat(statuses).containsKey(200);
                assertThat(underLoad).as("decisions under the load, against %s before it", usual)
                        .isLessThanOrEqualTo(usual.multipliedBy(3).plusSeconds(2));

                kubectlListsTheNamespaceWhileOthersDo(api);
            }
            assertThat(run.out() + run.err()).doesNotContain("OutOfMemoryError");
            run.interrupt();
            assertThat(run.await(Duration.ofSeconds(90))).as(run.err()).isZero();
        }
    }

    /** One client's lists; a 200 must be a full page with the token to the next. */
    private static List<Integer> listRepeatedly(String url) throws Exception {
        List<Integer> codes = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            codes.add(response.statusCode());
            if (response.statusCode() == 200) {
                JsonNode page = JSON.readTree(response.body());
                assertThat(page.get("items")).hasSize(500);
                assertThat(page.at("/metadata/continue").asText()).isNotEmpty();
            }
        }
        return codes;
    }

    /** kubectl reads the namespace whole, page by page, retrying 429s as client-go does, while the other clients list it too. */
    private void kubectlListsTheNamespaceWhileOthersDo(String api) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        List<Future<String>> outputs = new ArrayList<>();
        long started = System.nanoTime();
        for (int client = 0; client < CLIENTS; client++) {
            int id = client;
            outputs.add(clients.submit(() -> {
                StringBuilder failures = new StringBuilder();
                for (int i = 0; i < KUBECTL_LISTS; i++) {
                    Path out = dir.resolve("kubectl-" + id + "-" + i + ".out");
                    Process kubectl = new ProcessBuilder("/usr/bin/kubectl", "--server", api, "--cache-dir", dir.resolve("cache-" + id).toString(),
                            "get", "rb", "-n", "burst", "--request-timeout", "60s").redirectOutput(out.toFile())
                            .redirectError(dir.resolve("kubectl-" + id + "-" + i + ".err").toFile()).start();
                    if (!kubectl.waitFor(3, TimeUnit.MINUTES) || kubectl.exitValue() != 0 || Files.readAllLines(out).size() != BINDINGS + 1) {
                        failures.append("kubectl ").append(id).append('/').append(i).append(": ")
                                .append(Files.readString(dir.resolve("kubectl-" + id + "-" + i + ".err"))).append('\n');
                    }
                }
                return failures.toString();
            }));
        }
        for (Future<String> output : outputs) {
            assertThat(output.get(10, TimeUnit.MINUTES)).isEmpty();
        }
        clients.shutdown();
        System.out.printf("QueryLoadIT: %d kubectl processes listed the %d bindings %d times each in %d ms%n", CLIENTS, BINDINGS,
                KUBECTL_LISTS, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** Publishes workloads as another process would, and tells when their bindings come out on fedstream.bindings. */
    private static final class Decisions implements AutoCloseable {

        private final KafkaProducer<String, WorkloadEvent> producer;
        private final KafkaConsumer<String, ResourceBinding> bindings;
        private final String workloads;

        Decisions(FedstreamConfig config, Fedstream fedstream) {
            Properties producerProperties = config.producerProperties();
            producerProperties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NamespacePartitioner.class.getName());
            producerProperties.put(ProducerConfig.LINGER_MS_CONFIG, 20);
            producer = new KafkaProducer<>(producerProperties, new StringSerializer(), fedstream.topics().workloads().valueSerde().serializer());
            Properties consumerProperties = config.consumerProperties();
            consumerProperties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);
            bindings = new KafkaConsumer<>(consumerProperties, new StringDeserializer(), fedstream.topics().bindings().valueSerde().deserializer());
            String topic = fedstream.topics().bindings().name();
            List<TopicPartition> partitions = bindings.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            bindings.assign(partitions);
            bindings.seekToEnd(partitions);
            partitions.forEach(bindings::position);
            workloads = fedstream.topics().workloads().name();
        }

        void publish(String namespace, int count) {
            for (int i = 0; i < count; i++) {
                String name = "w" + i;
                producer.send(new ProducerRecord<>(workloads, "apps/Deployment/" + namespace + "/" + name, WorkloadEvent.newBuilder()
                        .setOp(Op.UPSERT).setManifest(deployment(namespace, name)).setObservedAt(Instant.now()).setSource("QueryLoadIT").build()));
            }
            producer.flush();
        }

        /** Publishes {@code count} workloads and returns how long the last of them took to come out admitted (or refused). */
        Duration timeToDecide(String namespace, int count) {
            Map<String, Long> sent = new HashMap<>();
            long start = System.nanoTime();
            publish(namespace, count);
            for (int i = 0; i < count; i++) {
                sent.put("apps/Deployment/" + namespace + "/w" + i, start);
            }
            Map<String, Long> decided = new ConcurrentHashMap<>();
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (decided.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, ResourceBinding> record : bindings.poll(Duration.ofMillis(100))) {
                    if (sent.containsKey(record.key()) && record.value() != null
                            && record.value().getAdmission().getState() != AdmissionState.PENDING) {
                        decided.putIfAbsent(record.key(), System.nanoTime());
                    }
                }
            }
            assertThat(decided).as("bindings of %s", namespace).hasSize(count);
            return Duration.ofNanos(Collections.max(decided.values()) - start);
        }

        @Override
        public void close() {
            producer.close(Duration.ofSeconds(5));
            bindings.close(Duration.ofSeconds(5));
        }
    }

    private static String deployment(String namespace, String name) {
        return ("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"%s\","
                + "\"labels\":{\"app\":\"%s\",\"team\":\"burst\"}},\"spec\":{\"replicas\":2,\"template\":{\"spec\":{\"containers\":["
                + "{\"name\":\"app\",\"image\":\"registry.example.com/app:1.0\",\"resources\":{\"requests\":{\"cpu\":\"250m\",\"memory\":\"256Mi\"}}},"
                + "{\"name\":\"sidecar\",\"image\":\"registry.example.com/proxy:1.0\",\"resources\":{\"requests\":{\"cpu\":\"50m\",\"memory\":\"64Mi\"}}}"
                + "]}}}}").formatted(name, namespace, name);
    }

    private static String printed(CliProcess run, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(run.out());
        assertThat(matcher.find()).as("%s in %s", regex, run.out()).isTrue();
        return matcher.group(1);
    }

    private static int status(String url) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException notYet) {
            return -1;
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void await(Condition condition, String what) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.holds()) {
            assertThat(System.nanoTime()).as("%s within %s", what, WAIT).isLessThan(deadline);
            Thread.sleep(250);
        }
    }
}
