package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.Topic;
import io.fedstream.decide.PolicySnapshot;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The snapshot of the policies topic read before a start, against a real broker. */
@ExtendWith(KafkaClusterExtension.class)
class PolicySnapshotReaderIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void keepsEachKeysLatestRecordWithItsOffsetAndLeavesOutWhatDoesNotDecode(SharedKafka kafka, KafkaTestNames names) throws Exception {
        Topic<String, PolicyEvent> policies = policiesTopic(names.topic("policies"));
        kafka.createTopics(2, policies.name());
        try (KafkaProducer<String, byte[]> producer = producer(kafka)) {
            send(producer, policies, 0, "PropagationPolicy/team-a/web", upsert("v1"));
            send(producer, policies, 0, "PropagationPolicy/team-a/web", upsert("v2"));
            send(producer, policies, 0, "OverridePolicy/team-a/gone", upsert("o1"));
            send(producer, policies, 0, "OverridePolicy/team-a/gone", null);
            send(producer, policies, 1, "ClusterPropagationPolicy//all", upsert("c1"));
            producer.send(new ProducerRecord<>(policies.name(), 1, "ClusterPropagationPolicy//broken", new byte[] {0, 0, 0, 0, 99})).get(30, TimeUnit.SECONDS);
            producer.send(new ProducerRecord<>(policies.name(), 1, null, policies.valueSerde().serializer().serialize(policies.name(), upsert("keyless"))))
                    .get(30, TimeUnit.SECONDS);
        }

        PolicySnapshot snapshot = PolicySnapshotReader.read(readCommitted(kafka), policies, TIMEOUT);

        assertThat(snapshot.endOffsets()).isEqualTo(Map.of(0, 4L, 1, 3L));
        assertThat(snapshot.entries()).containsExactlyInAnyOrder(
                new PolicySnapshot.Entry(0, 1, "PropagationPolicy/team-a/web", upsert("v2")),
                new PolicySnapshot.Entry(0, 3, "OverridePolicy/team-a/gone", null),
                new PolicySnapshot.Entry(1, 0, "ClusterPropagationPolicy//all", upsert("c1")));
    }

    @Test
    void aTopicWithNoRecordsGivesAnEmptySnapshotAtOffsetZero(SharedKafka kafka, KafkaTestNames names) throws Exception {
        Topic<String, PolicyEvent> policies = policiesTopic(names.topic("empty-policies"));
        kafka.createTopics(1, policies.name());

        PolicySnapshot snapshot = PolicySnapshotReader.read(readCommitted(kafka), policies, TIMEOUT);

        assertThat(snapshot).isEqualTo(new PolicySnapshot(Map.of(0, 0L), List.of()));
    }

    @Test
    void aTopicCreatedAtThisStartIsNotRead(SharedKafka kafka, KafkaTestNames names) throws Exception {
        Topic<String, PolicyEvent> policies = policiesTopic(names.topic("new-policies"));
        kafka.createTopics(1, policies.name());
        try (KafkaProducer<String, byte[]> producer = producer(kafka)) {
            send(producer, policies, 0, "PropagationPolicy/team-a/web", upsert("published after the topic was created"));
        }

        assertThat(PolicySnapshotReader.start(readCommitted(kafka), policies, TIMEOUT, false).join()).isEqualTo(PolicySnapshot.empty());
        assertThat(PolicySnapshotReader.start(readCommitted(kafka), policies, TIMEOUT, true).join().entries()).hasSize(1);
    }

    private static PolicyEvent upsert(String manifest) {
        return PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(Instant.EPOCH).build();
    }

    private static void send(KafkaProducer<String, byte[]> producer, Topic<String, PolicyEvent> topic, int partition, String key, PolicyEvent event)
            throws Exception {
        byte[] value = event == null ? null : topic.valueSerde().serializer().serialize(topic.name(), event);
        producer.send(new ProducerRecord<>(topic.name(), partition, key, value)).get(30, TimeUnit.SECONDS);
    }

    private static KafkaProducer<String, byte[]> producer(SharedKafka kafka) {
        return new KafkaProducer<>(kafka.clientProperties(), new StringSerializer(), new ByteArraySerializer());
    }

    private static Properties readCommitted(SharedKafka kafka) {
        Properties properties = kafka.clientProperties();
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        return properties;
    }

    /** A policies topic of this name, its values in the Avro of a registry of the test's own. */
    private static Topic<String, PolicyEvent> policiesTopic(String name) {
        return new Topic<>(name, Serdes.String(), new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults())
                .specific(PolicyEvent.class, false), PolicyEvent.class);
    }
}
