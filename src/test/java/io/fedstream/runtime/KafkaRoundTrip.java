package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Produces and consumes against a real broker the way fedstream does: idempotent, transactional, read_committed. */
final class KafkaRoundTrip {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private KafkaRoundTrip() {
    }

    /**
     * Writes three records idempotently, two in a committed transaction and one in an aborted
     * transaction, then checks that a read_committed consumer group sees exactly the five committed ones.
     */
    static void assertIdempotentAndTransactionalRoundTrip(String bootstrap, String topic, String transactionalId) {
        produce(bootstrap, topic, Map.of("k1", "v1", "k2", "v2", "k3", "v3"));

        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
                new StringSerializer(), new StringSerializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "tx-k1", "tx-v1"));
            producer.send(new ProducerRecord<>(topic, "tx-k2", "tx-v2"));
            producer.commitTransaction();

            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "aborted-k", "aborted-v"));
            producer.flush();
            producer.abortTransaction();
        }

        assertThat(consumeAll(bootstrap, topic)).containsExactlyInAnyOrder(
                Map.entry("k1", "v1"), Map.entry("k2", "v2"), Map.entry("k3", "v3"),
                Map.entry("tx-k1", "tx-v1"), Map.entry("tx-k2", "tx-v2"));
    }

    /** Sends with acks=all and idempotence, waiting for every acknowledgement. */
    static void produce(String bootstrap, String topic, Map<String, String> records) {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
                new StringSerializer(), new StringSerializer())) {
            for (Map.Entry<String, String> record : records.entrySet()) {
                producer.send(new ProducerRecord<>(topic, record.getKey(), record.getValue())).get();
            }
        } catch (Exception e) {
            throw new AssertionError("Could not produce to " + topic + " at " + bootstrap, e);
        }
    }

    /**
     * Reads the topic from the start to its last stable offset with read_committed in a fresh
     * consumer group, commits, and returns the key/value pairs read.
     */
    static List<Map.Entry<String, String>> consumeAll(String bootstrap, String topic) {
        List<Map.Entry<String, String>> read = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG, "roundtrip-" + UUID.randomUUID(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new StringDeserializer())) {
            Map<TopicPartition, Long> end = lastStableOffsets(bootstrap, topic);
            Set<TopicPartition> partitions = end.keySet();
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reachedEnd(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("Did not reach " + end + " on " + topic + " within " + TIMEOUT + "; read " + read);
                }
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    read.add(Map.entry(record.key(), record.value()));
                }
            }
            consumer.commitSync(end.entrySet().stream()
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> new OffsetAndMetadata(e.getValue()))), TIMEOUT);
            Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(partitions, TIMEOUT);
            assertThat(committed.entrySet().stream()
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset())))
                    .isEqualTo(end);
        }
        return read;
    }

    private static Map<TopicPartition, Long> lastStableOffsets(String bootstrap, String topic) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            Map<TopicPartition, OffsetSpec> latest = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).get(topic).partitions().stream()
                    .collect(Collectors.toMap(p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
            return admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).entrySet().stream()
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
        } catch (Exception e) {
            throw new AssertionError("Could not read the last stable offsets of " + topic, e);
        }
    }

    private static boolean reachedEnd(KafkaConsumer<String, String> consumer, Map<TopicPartition, Long> end) {
        Collection<TopicPartition> assigned = consumer.assignment();
        if (!assigned.containsAll(end.keySet())) {
            return false;
        }
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey(), TIMEOUT) >= e.getValue());
    }
}
