package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.Taint;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code apply} and {@code delete} against a real broker and the embedded registry served over HTTP. */
@ExtendWith(KafkaClusterExtension.class)
class ApplyCommandIT {

    private static final String FLINK_JSON = "{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\","
            + "\"metadata\":{\"name\":\"fraud-detector\",\"namespace\":\"streaming\"},"
            + "\"spec\":{\"jobManager\":{\"resource\":{\"cpu\":1,\"memory\":\"2048m\"}},"
            + "\"taskManager\":{\"resource\":{\"cpu\":1,\"memory\":\"2048m\"}},\"job\":{\"parallelism\":8}}}";
    private static final String POD_JSON = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},"
            + "\"spec\":{\"containers\":[{\"name\":\"c\",\"resources\":{\"requests\":{\"cpu\":\"100m\"}}}]}}";
    private static final String QUOTA_JSON = "{\"apiVersion\":\"policy.karmada.io/v1alpha1\",\"kind\":\"FederatedResourceQuota\","
            + "\"metadata\":{\"name\":\"team-a\",\"namespace\":\"team-a\"},\"spec\":{\"overall\":{\"cpu\":\"10\"}}}";

    @TempDir Path dir;
    private final InProcessSchemaRegistry registry = new InProcessSchemaRegistry();
    private RegistryHttpServer registryServer;

    @BeforeEach
    void serveRegistry() throws IOException {
        registryServer = RegistryHttpServer.start(registry, 0);
    }

    @AfterEach
    void stopRegistry() {
        registryServer.close();
    }

    @Test
    void applyThenDeletePublishExactKeysOpsAndManifests(SharedKafka kafka, KafkaTestNames names) throws IOException {
        String workloadsTopic = names.topic("workloads");
        String policiesTopic = names.topic("policies");
        kafka.createTopics(1, workloadsTopic, policiesTopic);
        Path workloads = Files.writeString(dir.resolve("10-workloads.yaml"), """
                apiVersion: flink.apache.org/v1beta1
                kind: FlinkDeployment
                metadata: {name: fraud-detector, namespace: streaming}
                spec:
                  jobManager: {resource: {cpu: 1, memory: "2048m"}}
                  taskManager: {resource: {cpu: 1, memory: "2048m"}}
                  job: {parallelism: 8}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                spec:
                  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
                """);
        Files.writeString(dir.resolve("20-quota.json"), QUOTA_JSON);
        Files.writeString(dir.resolve("30-customization.yml"), ManifestRouterTest.customization("my-trainer"));
        String[] target = {"--bootstrap-servers", kafka.bootstrapServers(), "--registry", registryServer.url(),
            "--set", "topic.workloads=" + workloadsTopic, "--set", "topic.policies=" + policiesTopic};
        Instant before = Instant.now();

        CliRunner applied = CliRunner.run(concat(new String[] {"apply", "-f", dir.toString()}, target));
        CliRunner deleted = CliRunner.run(concat(new String[] {"delete", "-f", workloads.toString()}, target));

        Instant after = Instant.now();
        assertThat(applied.exitCode()).as(applied.err()).isZero();
        assertThat(applied.out()).isEqualTo("""
                flinkdeployment.flink.apache.org/fraud-detector applied
                pod/p applied
                federatedresourcequota.policy.karmada.io/team-a applied
                interpretercustomization.fedstream.io/my-trainer applied
                """);
        assertThat(deleted.exitCode()).as(deleted.err()).isZero();
        assertThat(deleted.out()).isEqualTo("""
                flinkdeployment.flink.apache.org/fraud-detector deleted
                pod/p deleted
                """);
        assertThat(registry.subjects()).containsExactly(policiesTopic + "-value", workloadsTopic + "-value");

        Topics topics = Topics.of(FedstreamConfig.of(Map.of(
                        "topic.workloads", workloadsTopic, "topic.policies", policiesTopic)).topicNames(),
                new AvroSerdes(registry, AvroSerdeConfig.defaults()));
        List<ConsumerRecord<String, WorkloadEvent>> workloadEvents =
                consume(kafka, workloadsTopic, topics.workloads().valueSerde().deserializer(), 4);
        List<ConsumerRecord<String, PolicyEvent>> policyEvents =
                consume(kafka, policiesTopic, topics.policies().valueSerde().deserializer(), 2);

        assertThat(workloadEvents).extracting(ConsumerRecord::key, r -> r.value().getOp(), r -> r.value().getManifest(),
                r -> r.value().getSource(), r -> r.value().getPlacement()).containsExactly(
                tuple("flink.apache.org/FlinkDeployment/streaming/fraud-detector", Op.UPSERT, FLINK_JSON, "fedstream apply", null),
                tuple("core/Pod/default/p", Op.UPSERT, POD_JSON, "fedstream apply", null),
                tuple("flink.apache.org/FlinkDeployment/streaming/fraud-detector", Op.DELETE, FLINK_JSON, "fedstream delete", null),
                tuple("core/Pod/default/p", Op.DELETE, POD_JSON, "fedstream delete", null));
        assertThat(policyEvents).extracting(ConsumerRecord::key, r -> r.value().getOp(), r -> r.value().getSource())
                .containsExactly(
                        tuple("FederatedResourceQuota/team-a/team-a", Op.UPSERT, "fedstream apply"),
                        tuple("InterpreterCustomization//my-trainer", Op.UPSERT, "fedstream apply"));
        assertThat(policyEvents.get(0).value().getManifest()).isEqualTo(QUOTA_JSON);
        assertThat(policyEvents.get(1).value().getManifest()).startsWith(
                "{\"apiVersion\":\"fedstream.io/v1alpha1\",\"kind\":\"InterpreterCustomization\",\"metadata\":{\"name\":\"my-trainer\"},");
        List<Instant> observed = new ArrayList<>();
        workloadEvents.forEach(r -> observed.add(r.value().getObservedAt()));
        policyEvents.forEach(r -> observed.add(r.value().getObservedAt()));
        assertThat(observed).allSatisfy(at -> assertThat(at).isBetween(before.minusMillis(1), after));
    }

    @Test
    void aKarmadaClusterIsPublishedAsAHeartbeatStampedNow(SharedKafka kafka, KafkaTestNames names) throws IOException {
        String healthTopic = names.topic("cluster-health");
        kafka.createTopics(1, healthTopic);
        Path member = Files.writeString(dir.resolve("member1.yaml"), """
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1, labels: {region: eu-west}}
                spec: {taints: [{key: maintenance, effect: NoSchedule}]}
                status:
                  conditions: [{type: Ready, status: "True", reason: ClusterReady}]
                  resourceSummary: {allocatable: {cpu: "64", memory: 256Gi}, allocated: {cpu: 12500m}}
                """);
        Instant before = Instant.now();

        CliRunner applied = CliRunner.run("apply", "-f", member.toString(), "--bootstrap-servers", kafka.bootstrapServers(),
                "--registry", registryServer.url(), "--set", "topic.cluster.health=" + healthTopic);

        assertThat(applied.exitCode()).as(applied.err()).isZero();
        assertThat(applied.out()).isEqualTo("cluster.cluster.karmada.io/member1 applied\n");
        Topics topics = Topics.of(FedstreamConfig.of(Map.of("topic.cluster.health", healthTopic)).topicNames(),
                new AvroSerdes(registry, AvroSerdeConfig.defaults()));
        List<ConsumerRecord<String, ClusterHealthEvent>> heartbeats =
                consume(kafka, healthTopic, topics.clusterHealth().valueSerde().deserializer(), 1);
        assertThat(heartbeats).singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo("member1");
            ClusterHealthEvent heartbeat = record.value();
            assertThat(heartbeat.getHeartbeatAt()).isBetween(before.minusMillis(1), Instant.now());
            assertThat(heartbeat.getLabels()).containsEntry("region", "eu-west");
            assertThat(heartbeat.getAllocatable()).containsEntry("cpu", "64").containsEntry("memory", "256Gi");
            assertThat(heartbeat.getAllocated()).containsEntry("cpu", "12500m");
            assertThat(heartbeat.getTaints()).extracting(Taint::getKey).containsExactly("maintenance");
            assertThat(heartbeat.getSource()).isEqualTo("fedstream apply");
        });
    }

    @Test
    void anUnreachableBrokerExitsOneWithinTwentySeconds(KafkaTestNames names) throws IOException {
        Path file = Files.writeString(dir.resolve("pod.yaml"), POD_JSON);
        String broker = "127.0.0.1:" + ApplyCommandTest.closedPort();

        String err = applyWithoutBroker(file, broker, "topic.workloads=" + names.topic("workloads"), "topic.policies=" + names.topic("policies"));

        // A workload is interpreted with the customizations on fedstream.policies before it is published: that read fails first.
        assertThat(err).isEqualTo("error: cannot read topic " + names.topic("policies") + " on Kafka at " + broker
                + ": Timeout expired while fetching topic metadata. Is the broker running? (`fedstream run --embedded` starts one.)\n");
    }

    @Test
    void anUnreachableBrokerRefusesAPolicyWithinTwentySeconds(KafkaTestNames names) throws IOException {
        Path file = Files.writeString(dir.resolve("quota.json"), QUOTA_JSON);
        String broker = "127.0.0.1:" + ApplyCommandTest.closedPort();

        String err = applyWithoutBroker(file, broker, "topic.policies=" + names.topic("policies"));

        assertThat(err).isEqualTo("error: cannot publish to topic " + names.topic("policies") + " on Kafka at " + broker
                + ": Topic " + names.topic("policies") + " not present in metadata after 15000 ms."
                + " Is the broker running, and does the topic exist? (`fedstream run` creates its topics.)\n");
    }

    /** Applies {@code file} against a broker nobody answers: exit 1 within 20 s, nothing printed; returns standard error. */
    private String applyWithoutBroker(Path file, String broker, String... settings) {
        List<String> args = new ArrayList<>(List.of("apply", "-f", file.toString(), "--bootstrap-servers", broker,
                "--registry", registryServer.url()));
        for (String setting : settings) {
            args.addAll(List.of("--set", setting));
        }
        long start = System.nanoTime();

        CliRunner result = CliRunner.run(args.toArray(String[]::new));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        return result.err();
    }

    @Test
    void anUninterpretedWorkloadIsPublishedWithAWarning(SharedKafka kafka, KafkaTestNames names) throws IOException {
        String workloadsTopic = names.topic("workloads");
        kafka.createTopics(1, workloadsTopic);
        Path file = Files.writeString(dir.resolve("widget.yaml"), "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");

        CliRunner applied = CliRunner.run("apply", "-f", file.toString(), "--bootstrap-servers", kafka.bootstrapServers(),
                "--registry", registryServer.url(), "--set", "topic.workloads=" + workloadsTopic);

        assertThat(applied.exitCode()).as(applied.err()).isZero();
        assertThat(applied.out()).isEqualTo("widget.example.com/w applied\n");
        assertThat(applied.err()).isEqualTo("warning: " + file + " document 1: kind: no interpreter for example.com/v1/Widget"
                + " (value: Widget); published anyway: it is neither admitted nor placed until an InterpreterCustomization on"
                + " fedstream.policies declares its kind (components: [] declares a kind that runs no pods)\n");
        Topics topics = Topics.of(FedstreamConfig.of(Map.of("topic.workloads", workloadsTopic)).topicNames(),
                new AvroSerdes(registry, AvroSerdeConfig.defaults()));
        assertThat(consume(kafka, workloadsTopic, topics.workloads().valueSerde().deserializer(), 1))
                .extracting(ConsumerRecord::key).containsExactly("example.com/Widget/default/w");
    }

    @Test
    void aWorkloadIsInterpretedWithTheCustomizationsAnEarlierApplyPublished(SharedKafka kafka, KafkaTestNames names)
            throws IOException {
        String workloadsTopic = names.topic("workloads");
        String policiesTopic = names.topic("policies");
        kafka.createTopics(1, workloadsTopic, policiesTopic);
        Path customization = Files.writeString(dir.resolve("customization.yaml"), """
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: widget}
                spec:
                  target: {apiVersion: example.com/v1, kind: Widget}
                  components: []
                """);
        Path widget = Files.writeString(dir.resolve("widget.yaml"), "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
        String[] kafkaOptions = {"--bootstrap-servers", kafka.bootstrapServers(), "--registry", registryServer.url(),
            "--set", "topic.workloads=" + workloadsTopic, "--set", "topic.policies=" + policiesTopic};

        CliRunner first = CliRunner.run(concat(new String[] {"apply", "-f", customization.toString()}, kafkaOptions));
        CliRunner then = CliRunner.run(concat(new String[] {"apply", "-f", widget.toString()}, kafkaOptions));
        CliRunner deleted = CliRunner.run(concat(new String[] {"delete", "-f", customization.toString()}, kafkaOptions));
        CliRunner afterDelete = CliRunner.run(concat(new String[] {"apply", "-f", widget.toString()}, kafkaOptions));

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(then.exitCode()).as(then.err()).isZero();
        assertThat(then.err()).as("the published customization declares Widget").isEmpty();
        assertThat(then.out()).isEqualTo("widget.example.com/w applied\n");
        assertThat(deleted.exitCode()).as(deleted.err()).isZero();
        assertThat(afterDelete.err()).as("its deletion takes it back")
                .startsWith("warning: " + widget + " document 1: kind: no interpreter for example.com/v1/Widget");
    }

    @Test
    void aSetWithAnOversizedDocumentPublishesNothingAndNamesTheDocumentAndItsSize(SharedKafka kafka, KafkaTestNames names)
            throws IOException {
        String workloadsTopic = names.topic("workloads");
        kafka.createTopics(1, workloadsTopic);
        Files.writeString(dir.resolve("10-small.yaml"), "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: small}\n");
        // A 2 MB annotation: the interpreter's limit is 3 MiB (Kubernetes'), the producer's request 1 MiB.
        Files.writeString(dir.resolve("20-big.yaml"), "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: big\n"
                + "  annotations: {note: \"" + "x".repeat(2_000_000) + "\"}\n");

        CliRunner applied = CliRunner.run("apply", "-f", dir.toString(), "--bootstrap-servers", kafka.bootstrapServers(),
                "--registry", registryServer.url(), "--set", "topic.workloads=" + workloadsTopic);

        assertThat(applied.exitCode()).as(applied.err()).isEqualTo(2);
        assertThat(applied.out()).isEmpty();
        assertThat(applied.err()).startsWith("error: widget.example.com/big: 2000").containsPattern("error: widget.example.com/big: 2000\\d{3} bytes as a record, more than the producer's"
                + " max.request.size \\(1048576 bytes; kafka.producer.max.request.size\\)\n").endsWith("error: nothing was published\n")
                .doesNotContain("widget.example.com/small:");
        Topics topics = Topics.of(FedstreamConfig.of(Map.of("topic.workloads", workloadsTopic)).topicNames(),
                new AvroSerdes(registry, AvroSerdeConfig.defaults()));
        assertThat(consume(kafka, workloadsTopic, topics.workloads().valueSerde().deserializer(), 0)).as("not even the small one").isEmpty();
    }

    private static <V> List<ConsumerRecord<String, V>> consume(SharedKafka kafka, String topic, Deserializer<V> values, int expected) {
        Properties properties = kafka.clientProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, topic + ".reader");
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<String, V>> records = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(properties, new StringDeserializer(), values)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (records.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            // One more poll, so that a record too many would show.
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        }
        return records;
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
