package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.runtime.EmbeddedKafka;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import io.fedstream.config.FedstreamTopic;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fedstream run} as an operator meets it: stopped and started again, and its broker gone for a while. */
class RunCommandIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir Path dir;

    @Test
    void embeddedRunStoppedAndStartedOnItsStateDirKeepsEveryBindingReadableAndProcessesNewWorkloads() throws Exception {
        Path stateDir = dir.resolve("state");
        String[] args = {"--embedded", "--set", "state.dir=" + stateDir, "--set", "embedded.kafka.port=0",
            "--set", "embedded.registry.port=0", "--set", "http.port=0", "--set", "topic.partitions=2"};
        Path first = Files.writeString(dir.resolve("first.yaml"), deployment("web") + "---\n" + deployment("batch"));
        Path second = Files.writeString(dir.resolve("second.yaml"), deployment("api"));

        try (RunningCommand run = RunningCommand.start(WAIT, args)) {
            apply(run, first);
            awaitBinding(run.queryUrl(), "web-deployment", new TreeSet<>());
            awaitBinding(run.queryUrl(), "batch-deployment", new TreeSet<>());
            assertThat(run.stop(WAIT)).as(run.err()).isZero();
        }

        try (RunningCommand again = RunningCommand.start(WAIT, args)) {
            TreeSet<Integer> statuses = new TreeSet<>();
            awaitBinding(again.queryUrl(), "web-deployment", statuses);
            awaitBinding(again.queryUrl(), "batch-deployment", statuses);
            apply(again, second);
            awaitBinding(again.queryUrl(), "api-deployment", statuses);
            assertThat(statuses).as("answers while the restarted instance came up").doesNotContain(500);
            assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(again.queryUrl() + "/readyz")).build(),
                    HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("ok RUNNING\n");
            assertThat(records(again.printed("Embedded Kafka broker listening on (\\S+) "), "fedstream.dlq"))
                    .as("dead letters after a restart").isZero();
            assertThat(again.stop(WAIT)).as(again.err()).isZero();
        }
    }

    @Test
    void aBrokerOutageLongerThanTheTransactionTimeoutEndsInRecoveryOrExitOneWithinTheBound() throws Exception {
        Duration bound = Duration.ofSeconds(30);
        int port = freePort();
        EmbeddedKafka.Options brokerOptions = EmbeddedKafka.Options.defaults().withPort(port).withDataDir(dir.resolve("broker"));
        EmbeddedKafka kafka = EmbeddedKafka.start(brokerOptions);
        // The stream thread that the outage broke is replaced, and the new one's rebalance waits until the broker drops
        // the old one's consumer (Kafka Streams does not leave the group): that is session.timeout.ms, whose default of
        // 10 s (FedstreamConfig) keeps the recovery within the bound here; Kafka's own 45 s would not.
        Map<String, String> settings = Map.of(
                FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers(),
                FedstreamConfig.STATE_DIR, dir.resolve("state").toString(),
                FedstreamConfig.HTTP_PORT, "0",
                FedstreamConfig.TOPIC_PARTITIONS, "2",
                FedstreamConfig.STREAMS_STALL_TIMEOUT_MS, Long.toString(bound.toMillis()),
                "kafka.producer.transaction.timeout.ms", "5000");
        List<String> args = new ArrayList<>();
        settings.forEach((key, value) -> args.addAll(List.of("--set", key + "=" + value)));
        try (RunningCommand run = RunningCommand.start(WAIT, args.toArray(String[]::new));
                Publisher publisher = new Publisher(FedstreamConfig.of(settings))) {
            publisher.send("before");
            awaitBinding(run.queryUrl(), "before-deployment", new TreeSet<>());

            kafka.close();
            // The outage itself: longer than the producer's transaction timeout of 5 s.
            Thread.sleep(15_000);
            long restartedAt = System.nanoTime();
            kafka = EmbeddedKafka.start(brokerOptions);

            String outcome = awaitRecoveryOrExit(run, publisher, restartedAt + bound.multipliedBy(2).toNanos());
            System.out.printf("RunCommandIT: after a 15 s broker outage (transaction timeout 5 s, bound %d s): %s %d ms after the"
                    + " broker came back%n", bound.toSeconds(), outcome, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restartedAt));
            if (outcome.equals("exited")) {
                assertThat(run.exitCodeIfDone()).isEqualTo(1);
                assertThat(run.out()).contains("fedstream stopped: ");
            }
        } finally {
            kafka.close();
        }
    }

    @Test
    void aBrokerThatStaysAwayMakesTheProbesSayItThenEndsTheRunNamingTheBrokerAndTheOutage() throws Exception {
        Duration bound = Duration.ofSeconds(10);
        EmbeddedKafka kafka = EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(0).withDataDir(dir.resolve("broker")));
        List<String> args = new ArrayList<>();
        Map.of(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers(), FedstreamConfig.STATE_DIR, dir.resolve("state").toString(),
                FedstreamConfig.HTTP_PORT, "0", FedstreamConfig.TOPIC_PARTITIONS, "1",
                FedstreamConfig.STREAMS_STALL_TIMEOUT_MS, Long.toString(bound.toMillis()))
                .forEach((key, value) -> args.addAll(List.of("--set", key + "=" + value)));
        try (RunningCommand run = RunningCommand.start(WAIT, args.toArray(String[]::new))) {
            assertThat(status(run.queryUrl() + "/readyz")).isEqualTo(200);

            kafka.close();
            long goneAt = System.nanoTime();
            while (status(run.queryUrl() + "/readyz") != 503) {
                assertThat(Duration.ofNanos(System.nanoTime() - goneAt)).as("/readyz not ready within 10 s of the broker going away")
                        .isLessThan(Duration.ofSeconds(10));
                Thread.sleep(100);
            }
            long unready = System.nanoTime() - goneAt;
            boolean unhealthyBeforeTheEnd = false;
            while (run.exitCodeIfDone() == null) {
                unhealthyBeforeTheEnd |= status(run.queryUrl() + "/healthz") == 503;
                assertThat(Duration.ofNanos(System.nanoTime() - goneAt)).as("run ends soon after the stall bound").isLessThan(bound.multipliedBy(6));
                Thread.sleep(200);
            }
            System.out.printf("RunCommandIT: broker gone; /readyz 503 after %d ms, run exited %d after %d ms%n",
                    TimeUnit.NANOSECONDS.toMillis(unready), run.exitCodeIfDone(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - goneAt));
            assertThat(unhealthyBeforeTheEnd).as("/healthz went bad before the watchdog ended the run").isTrue();
            assertThat(run.exitCodeIfDone()).isEqualTo(1);
            assertThat(run.out()).containsPattern("fedstream stopped: the Kafka broker at " + Pattern.quote(kafka.bootstrapServers())
                    + " has been unreachable for \\d+ s \\(since \\S+Z\\); .*no Kafka broker answered for longer than streams.stall.timeout.ms \\(10000 ms\\)");
        } finally {
            kafka.close();
        }
    }

    @Test
    void aTransactionLeftOpenWhenTheBrokerDiedIsAbortedAtTheNextStartWhichRunsWithEveryEarlierBinding() throws Exception {
        Path stateDir = dir.resolve("state");
        String[] args = {"--embedded", "--set", "state.dir=" + stateDir, "--set", "embedded.kafka.port=0",
            "--set", "embedded.registry.port=0", "--set", "http.port=0", "--set", "topic.partitions=1",
            "--set", "kafka.producer.transaction.timeout.ms=3000"};
        try (RunningCommand run = RunningCommand.start(WAIT, args)) {
            apply(run, Files.writeString(dir.resolve("web.yaml"), deployment("web")));
            awaitBinding(run.queryUrl(), "web-deployment", new TreeSet<>());
            assertThat(run.stop(WAIT)).as(run.err()).isZero();
        }
        // As the broker left it when it died mid-commit: a transaction that wrote a workload and fedstream's group offsets,
        // never committed nor aborted, by a producer whose coordinator would wait 15 minutes before aborting it.
        FedstreamConfig defaults = FedstreamConfig.of(Map.of());
        EmbeddedKafka broker = EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(0).withDataDir(stateDir.resolve("embedded-kafka")));
        Properties properties = new Properties();
        properties.put("bootstrap.servers", broker.bootstrapServers());
        properties.put("transactional.id", "died-mid-commit");
        properties.put("transaction.timeout.ms", 900_000);
        KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer());
        try {
            producer.initTransactions();
            producer.beginTransaction();
            String workloads = defaults.topicNames().get(FedstreamTopic.WORKLOADS);
            producer.send(new ProducerRecord<>(workloads, 0, "apps/Deployment/team-a/never".getBytes(), new byte[] {0})).get(30, TimeUnit.SECONDS);
            producer.sendOffsetsToTransaction(Map.of(new TopicPartition(workloads, 0), new OffsetAndMetadata(0)),
                    new ConsumerGroupMetadata(defaults.applicationId()));
            producer.flush();
        } finally {
            broker.close();
            producer.close(Duration.ZERO);
        }
        Thread.sleep(3_000);

        try (RunningCommand again = RunningCommand.start(WAIT, args)) {
            TreeSet<Integer> statuses = new TreeSet<>();
            awaitBinding(again.queryUrl(), "web-deployment", statuses);
            apply(again, Files.writeString(dir.resolve("api.yaml"), deployment("api")));
            awaitBinding(again.queryUrl(), "api-deployment", statuses);
            assertThat(status(again.queryUrl() + "/apis/resourcebindings/team-a/never-deployment")).as("the aborted workload").isEqualTo(404);
            assertThat(again.stop(WAIT)).as(again.err()).isZero();
        }
    }

    /**
     * "recovered" once a workload published after the outage is bound and the instance is ready, "exited" once run
     * returned; fails past the deadline.
     */
    private static String awaitRecoveryOrExit(RunningCommand run, Publisher publisher, long deadline) throws Exception {
        boolean published = false;
        while (System.nanoTime() < deadline) {
            if (run.exitCodeIfDone() != null) {
                return "exited";
            }
            if (!published) {
                published = publisher.trySend("after");
            } else if (status(run.queryUrl() + "/apis/resourcebindings/team-a/after-deployment") == 200
                    && status(run.queryUrl() + "/readyz") == 200) {
                return "recovered";
            }
            Thread.sleep(200);
        }
        throw new AssertionError("run neither recovered nor exited within the bound: " + run.out() + run.err());
    }

    /**
     * Publishes workloads as another process would, with its own producer and its own embedded registry over the
     * broker; both outlive the outage, as a real client's would.
     */
    private static final class Publisher implements AutoCloseable {

        private final Fedstream fedstream;
        private final KafkaProducer<String, WorkloadEvent> producer;

        Publisher(FedstreamConfig config) {
            Properties properties = config.producerProperties();
            properties.put("max.block.ms", 2_000);
            properties.put("delivery.timeout.ms", 3_000);
            properties.put("request.timeout.ms", 2_000);
            fedstream = Fedstream.create(config);
            producer = new KafkaProducer<>(properties, new StringSerializer(), fedstream.topics().workloads().valueSerde().serializer());
        }

        void send(String name) throws Exception {
            producer.send(new ProducerRecord<>(fedstream.topics().workloads().name(), "apps/Deployment/team-a/" + name,
                    WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(json(name)).setObservedAt(Instant.now()).build()))
                    .get(10, TimeUnit.SECONDS);
        }

        boolean trySend(String name) {
            try {
                send(name);
                return true;
            } catch (Exception brokerNotBackYet) {
                return false;
            }
        }

        @Override
        public void close() {
            producer.close(Duration.ofSeconds(5));
            fedstream.close();
        }
    }

    private static void apply(RunningCommand run, Path file) {
        CliRunner applied = CliRunner.run("apply", "-f", file.toString(),
                "--bootstrap-servers", run.printed("Embedded Kafka broker listening on (\\S+) "),
                "--registry", run.printed("Embedded schema registry listening on (\\S+) "));
        assertThat(applied.exitCode()).as(applied.err()).isZero();
    }

    private static void awaitBinding(String queryUrl, String name, TreeSet<Integer> statuses) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            int status = status(queryUrl + "/apis/resourcebindings/team-a/" + name);
            statuses.add(status);
            if (status == 200) {
                return;
            }
            assertThat(System.nanoTime()).as("binding %s readable within %s (last status %d)", name, WAIT, status).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static int status(String url) throws Exception {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException notListening) {
            return -1;
        }
    }

    /** The committed records of a topic, counted from its beginning to its end. */
    private static long records(String bootstrapServers, String topic) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long count = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p)) && System.nanoTime() < deadline) {
                count += consumer.poll(Duration.ofMillis(200)).count();
            }
            return count;
        }
    }

    private static String deployment(String name) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: %s, namespace: team-a}
                spec:
                  replicas: 2
                  template:
                    spec:
                      containers: [{name: c, image: nginx, resources: {requests: {cpu: 250m, memory: 256Mi}}}]
                """.formatted(name);
    }

    private static String json(String name) {
        return ("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"team-a\"},"
                + "\"spec\":{\"replicas\":1,\"template\":{\"spec\":{\"containers\":[{\"name\":\"c\",\"resources\":"
                + "{\"requests\":{\"cpu\":\"100m\"}}}]}}}}").formatted(name);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
