package io.fedstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Op;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.serde.ApicurioRegistry;
import io.fedstream.serde.ApicurioRegistryExtension;
import io.fedstream.serde.ConfluentRegistryClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The walking skeleton end to end: a real KRaft broker, a real Confluent-API registry, exactly-once. */
@ExtendWith({KafkaClusterExtension.class, ApicurioRegistryExtension.class})
class FedstreamIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String FLINK = "flink.apache.org/FlinkDeployment/streaming/fraud";
    private static final String BROKEN = "apps/Deployment/team-c/broken";
    private static final String GARBAGE = "apps/Deployment/team-c/garbage";

    private final ApicurioRegistry apicurio;

    FedstreamIT(ApicurioRegistry apicurio) {
        this.apicurio = apicurio;
    }

    @Test
    void workloadEventsBecomeBindingsAndBadRecordsBecomeDeadLetters(
            SharedKafka kafka, KafkaTestNames names, @TempDir Path stateDir) throws Exception {
        FedstreamConfig config = config(kafka, names, stateDir);
        Fedstream fedstream = Fedstream.create(config);

        try (StreamsRunner runner = new StreamsRunner(fedstream).start(WAIT);
                KafkaProducer<String, WorkloadEvent> producer = new KafkaProducer<>(config.producerProperties(),
                        fedstream.topics().workloads().keySerde().serializer(), fedstream.topics().workloads().valueSerde().serializer());
                KafkaProducer<byte[], byte[]> rawProducer =
                        new KafkaProducer<>(config.producerProperties(), new ByteArraySerializer(), new ByteArraySerializer())) {
            String workloads = fedstream.topics().workloads().name();
            producer.send(new ProducerRecord<>(workloads, WEB, upsert(deployment("team-a", "web", 3))));
            producer.send(new ProducerRecord<>(workloads, FLINK, upsert(flink())));
            producer.send(new ProducerRecord<>(workloads, BROKEN, upsert(deployment("team-c", "broken", -3))));
            producer.flush();
            rawProducer.send(new ProducerRecord<>(workloads, GARBAGE.getBytes(StandardCharsets.UTF_8), "{not avro}".getBytes(StandardCharsets.UTF_8)));
            rawProducer.flush();
            producer.send(new ProducerRecord<>(workloads, WEB, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(NOW).build()));
            producer.flush();

            List<ConsumerRecord<String, ResourceBinding>> bindings = readUntil(config, fedstream.topics().bindings().name(),
                    fedstream.topics().bindings().valueSerde().deserializer(), records -> records.size() >= 4);
            Map<String, List<ResourceBinding>> byKey = new LinkedHashMap<>();
            bindings.forEach(r -> byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r.value()));

            assertThat(byKey.keySet()).containsExactlyInAnyOrder(WEB, FLINK, BROKEN);
            assertThat(byKey.get(WEB)).hasSize(2);
            assertThat(byKey.get(WEB).get(0).getTotal()).containsEntry("cpu", "1500m").containsEntry("memory", "1536Mi");
            assertThat(byKey.get(WEB).get(1)).as("the delete's tombstone").isNull();
            ResourceBinding flink = byKey.get(FLINK).get(0);
            assertThat(flink.getComponents()).extracting(c -> c.getName() + "=" + c.getReplicas())
                    .containsExactly("jobmanager=1", "taskmanager=4");
            assertThat(flink.getTotal()).containsEntry("cpu", "9").containsEntry("memory", "18Gi");
            assertThat(byKey.get(BROKEN).get(0).getInterpretation().getState()).isEqualTo(InterpretationState.INVALID);

            List<ConsumerRecord<byte[], byte[]>> letters = readUntil(config, fedstream.topics().deadLetters().name(),
                    new ByteArrayDeserializer(), new ByteArrayDeserializer(), records -> records.size() >= 2);
            Map<String, ConsumerRecord<byte[], byte[]>> lettersByKey = new HashMap<>();
            letters.forEach(r -> lettersByKey.put(new String(r.key(), StandardCharsets.UTF_8), r));
            assertThat(lettersByKey.keySet()).containsExactlyInAnyOrder(BROKEN, GARBAGE);
            assertThat(header(lettersByKey.get(BROKEN), "stage")).isEqualTo("interpret");
            assertThat(header(lettersByKey.get(BROKEN), "field")).isEqualTo("spec.replicas");
            assertThat(header(lettersByKey.get(GARBAGE), "stage")).isEqualTo("deserialize");
            assertThat(header(lettersByKey.get(GARBAGE), "topic")).isEqualTo(workloads);
            assertThat(lettersByKey.get(GARBAGE).value()).isEqualTo("{not avro}".getBytes(StandardCharsets.UTF_8));
            assertThat(runner.failure()).isNull();
        }

        ConfluentRegistryClient registry = ConfluentRegistryClient.builder(apicurio.ccompatUrl()).build();
        assertThat(registry.latestVersion(fedstream.topics().bindings().name() + "-value").schema().getFullName())
                .isEqualTo("io.fedstream.avro.ResourceBinding");
    }

    /**
     * A producer that ignores the namespace rule (docs/topics.md): a workload written to another partition than its
     * namespace's is forwarded there once, bound once and counted; a state delta written so is dead-lettered where it
     * was written, with its bytes, since a migration command names a delta by its partition and offset.
     */
    @Test
    void aRecordOnAnotherPartitionThanItsNamespacesIsForwardedOnceAndAMisroutedDeltaIsDeadLettered(
            SharedKafka kafka, KafkaTestNames names, @TempDir Path stateDir) throws Exception {
        FedstreamConfig config = config(kafka, names, stateDir);
        Fedstream fedstream = Fedstream.create(config);
        String key = "apps/Deployment/team-m/misrouted";
        int elsewhere = (NamespacePartitioner.partitionOf(key, 3) + 1) % 3;

        try (StreamsRunner runner = new StreamsRunner(fedstream).start(WAIT);
                KafkaProducer<String, WorkloadEvent> producer = new KafkaProducer<>(config.producerProperties(),
                        fedstream.topics().workloads().keySerde().serializer(), fedstream.topics().workloads().valueSerde().serializer());
                KafkaProducer<byte[], byte[]> rawProducer =
                        new KafkaProducer<>(config.producerProperties(), new ByteArraySerializer(), new ByteArraySerializer())) {
            String workloads = fedstream.topics().workloads().name();
            String deltas = fedstream.topics().stateDeltas().name();
            producer.send(new ProducerRecord<>(workloads, elsewhere, key, upsert(deployment("team-m", "misrouted", 2)))).get();
            rawProducer.send(new ProducerRecord<>(deltas, elsewhere, key.getBytes(StandardCharsets.UTF_8),
                    "a delta".getBytes(StandardCharsets.UTF_8))).get();

            List<ConsumerRecord<String, ResourceBinding>> bindings = readUntil(config, fedstream.topics().bindings().name(),
                    fedstream.topics().bindings().valueSerde().deserializer(), records -> !records.isEmpty());
            List<ConsumerRecord<byte[], byte[]>> letters = readUntil(config, fedstream.topics().deadLetters().name(),
                    new ByteArrayDeserializer(), new ByteArrayDeserializer(), records -> !records.isEmpty());

            assertThat(bindings).extracting(ConsumerRecord::key).containsExactly(key);
            assertThat(bindings.get(0).partition()).as("bound on its namespace's partition")
                    .isEqualTo(NamespacePartitioner.partitionOf(key, 3));
            assertThat(bindings.get(0).value().getTotal()).containsEntry("cpu", "1").containsEntry("memory", "1Gi");
            assertThat(letters).hasSize(1);
            assertThat(new String(letters.get(0).key(), StandardCharsets.UTF_8)).isEqualTo(key);
            assertThat(header(letters.get(0), DeadLetter.REASON))
                    .contains("was written to partition " + elsewhere + ", not its namespace's");
            assertThat(header(letters.get(0), DeadLetter.FIELD)).isEqualTo("partition");
            assertThat(header(letters.get(0), DeadLetter.VALUE)).isEqualTo(Integer.toString(elsewhere));
            assertThat(header(letters.get(0), DeadLetter.TOPIC)).as("where it was written").isEqualTo(deltas);
            assertThat(header(letters.get(0), DeadLetter.PARTITION)).isEqualTo(Integer.toString(elsewhere));
            assertThat(letters.get(0).value()).isEqualTo("a delta".getBytes(StandardCharsets.UTF_8));
            assertThat(fedstream.metrics().scrape())
                    .contains("fedstream_misrouted_records_total{topic=\"" + workloads + "\"} 1.0")
                    .contains("fedstream_misrouted_records_total{topic=\"" + deltas + "\"} 1.0");
            assertThat(runner.failure()).isNull();
        }
    }

    private FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir) {
        Map<String, String> overrides = new HashMap<>();
        overrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        overrides.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        overrides.put(FedstreamConfig.STATE_DIR, stateDir.toString());
        overrides.put(FedstreamConfig.SCHEMA_REGISTRY_URL, apicurio.ccompatUrl());
        overrides.put(FedstreamConfig.TOPIC_PARTITIONS, "3");
        for (String key : FedstreamConfig.configDef().names()) {
            if (key.startsWith("topic.") && !key.equals(FedstreamConfig.TOPIC_PARTITIONS) && !key.equals(FedstreamConfig.TOPIC_REPLICATION_FACTOR)) {
                overrides.put(key, names.topic(key.substring("topic.".length())));
            }
        }
        return FedstreamConfig.of(overrides);
    }

    private static <V> List<ConsumerRecord<String, V>> readUntil(
            FedstreamConfig config, String topic, Deserializer<V> values, Predicate<List<?>> done) {
        return readUntil(config, topic, new StringDeserializer(), values, done);
    }

    private static <K, V> List<ConsumerRecord<K, V>> readUntil(
            FedstreamConfig config, String topic, Deserializer<K> keys, Deserializer<V> values, Predicate<List<?>> done) {
        return TopicReader.readUntil(config, topic, keys, values, WAIT, done);
    }

    private static String header(ConsumerRecord<?, ?> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    private static WorkloadEvent upsert(String manifest) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(NOW).build();
    }

    private static String deployment(String namespace, String name, int replicas) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"500m","memory":"512Mi"}}}]}}}}
                """.formatted(name, namespace, replicas);
    }

    private static String flink() {
        return """
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"fraud","namespace":"streaming"},
                 "spec":{"flinkConfiguration":{"taskmanager.numberOfTaskSlots":"2"},
                   "jobManager":{"resource":{"cpu":1,"memory":"2048m"}},"taskManager":{"resource":{"cpu":2,"memory":"4096m"}},
                   "job":{"jarURI":"local:///job.jar","parallelism":8}}}
                """;
    }
}
