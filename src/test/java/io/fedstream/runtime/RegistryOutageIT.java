package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.avro.Op;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.TopicReader;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.ThreadMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload whose schema fedstream has not seen yet arrives while the schema registry is down: the record is no dead
 * letter; the stream thread is replaced, and once the registry is back the workload is bound.
 */
@ExtendWith(KafkaClusterExtension.class)
class RegistryOutageIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String BEFORE = "apps/Deployment/team-a/before";
    private static final String DURING = "apps/Deployment/team-a/during";

    @Test
    void aRecordReadWhileTheRegistryIsDownIsBoundOnceItIsBackNotDeadLettered(
            SharedKafka kafka, KafkaTestNames names, @TempDir Path stateDir) throws Exception {
        InProcessSchemaRegistry schemas = new InProcessSchemaRegistry();
        RegistryHttpServer registry = RegistryHttpServer.start(schemas, 0);
        int port = registry.port();
        FedstreamConfig config = config(kafka, names, stateDir, registry.url());
        Fedstream fedstream = Fedstream.create(config);
        String workloads = fedstream.topics().workloads().name();

        try (StreamsRunner runner = new StreamsRunner(fedstream).start(WAIT);
                KafkaProducer<String, WorkloadEvent> producer = new KafkaProducer<>(config.producerProperties(),
                        fedstream.topics().workloads().keySerde().serializer(), fedstream.topics().workloads().valueSerde().serializer());
                KafkaProducer<byte[], byte[]> raw =
                        new KafkaProducer<>(config.producerProperties(), new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(workloads, BEFORE, upsert("before"))).get();
            readUntil(config, fedstream.topics().bindings().name(), fedstream.topics().bindings().valueSerde().deserializer(),
                    records -> keys(records).contains(BEFORE));
            Set<String> threadsBefore = streamThreads(runner);

            // A later version of the workload schema (one more optional field), registered while the registry is up: its
            // id is one fedstream has not fetched, so decoding the record needs the registry.
            Schema later = withOptionalField(WorkloadEvent.getClassSchema(), "note");
            int laterId = schemas.register(workloads + "-value", later);
            registry.close();
            raw.send(new ProducerRecord<>(workloads, DURING.getBytes(StandardCharsets.UTF_8),
                    framed(laterId, later, upsert("during")))).get();

            long deadline = System.nanoTime() + WAIT.toNanos();
            while (streamThreads(runner).equals(threadsBefore) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(streamThreads(runner)).as("the workload client's stream thread was replaced").isNotEqualTo(threadsBefore);
            registry = RegistryHttpServer.start(schemas, port);

            List<ConsumerRecord<String, ResourceBinding>> bindings = readUntil(config, fedstream.topics().bindings().name(),
                    fedstream.topics().bindings().valueSerde().deserializer(), records -> keys(records).contains(DURING));
            assertThat(bindings.stream().filter(r -> r.key().equals(DURING)).findFirst().orElseThrow().value().getTotal())
                    .containsEntry("cpu", "1");
            assertThat(KafkaRoundTrip.consumeAll(kafka.bootstrapServers(), fedstream.topics().deadLetters().name()))
                    .as("dead letters, read to the topic's end").isEmpty();
            assertThat(runner.failure()).isNull();
        } finally {
            registry.close();
        }
    }

    private static Set<String> streamThreads(StreamsRunner runner) {
        return runner.streams().metadataForLocalThreads().stream().map(ThreadMetadata::threadName).collect(Collectors.toSet());
    }

    private static Schema withOptionalField(Schema schema, String name) {
        List<Schema.Field> fields = new ArrayList<>();
        schema.getFields().forEach(field -> fields.add(new Schema.Field(field, field.schema())));
        fields.add(new Schema.Field(name, Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)),
                null, Schema.Field.NULL_DEFAULT_VALUE));
        return Schema.createRecord(schema.getName(), schema.getDoc(), schema.getNamespace(), false, fields);
    }

    /** The event in the Confluent wire format, written with {@code writer} (the event's fields by name, the new one null). */
    private static byte[] framed(int id, Schema writer, WorkloadEvent event) throws Exception {
        GenericRecord record = new GenericData.Record(writer);
        for (Schema.Field field : WorkloadEvent.getClassSchema().getFields()) {
            record.put(field.name(), event.get(field.name()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(ByteBuffer.allocate(4).putInt(id).array());
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        // The event's own model, for its logical types (observedAt is a timestamp-millis).
        new GenericDatumWriter<GenericRecord>(writer, event.getSpecificData()).write(record, encoder);
        encoder.flush();
        return out.toByteArray();
    }

    private static FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir, String registryUrl) {
        Map<String, String> overrides = new HashMap<>();
        overrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        overrides.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        overrides.put(FedstreamConfig.STATE_DIR, stateDir.toString());
        overrides.put(FedstreamConfig.SCHEMA_REGISTRY_URL, registryUrl);
        overrides.put(FedstreamConfig.TOPIC_PARTITIONS, "1");
        for (String key : FedstreamConfig.configDef().names()) {
            if (key.startsWith("topic.") && !key.equals(FedstreamConfig.TOPIC_PARTITIONS) && !key.equals(FedstreamConfig.TOPIC_REPLICATION_FACTOR)) {
                overrides.put(key, names.topic(key.substring("topic.".length())));
            }
        }
        return FedstreamConfig.of(overrides);
    }

    private static WorkloadEvent upsert(String name) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(Instant.parse("2026-12-03T07:00:00Z")).setManifest("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"team-a"},
                 "spec":{"replicas":2,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"500m","memory":"512Mi"}}}]}}}}
                """.formatted(name)).build();
    }

    private static Set<String> keys(List<? extends ConsumerRecord<String, ?>> records) {
        return records.stream().map(ConsumerRecord::key).collect(Collectors.toSet());
    }

    private static <V> List<ConsumerRecord<String, V>> readUntil(
            FedstreamConfig config, String topic, Deserializer<V> values, Predicate<List<ConsumerRecord<String, V>>> done) {
        return TopicReader.readUntil(config, topic, new StringDeserializer(), values, WAIT, done);
    }
}
