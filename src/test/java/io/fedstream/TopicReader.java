package io.fedstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.config.FedstreamConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads topics that a running fedstream writes, read_committed as its consumers would. */
public final class TopicReader {

    private TopicReader() {}

    /** The records of {@code topic} from its start, read until {@code done} holds; fails the test if not within {@code wait}. */
    public static <K, V> List<ConsumerRecord<K, V>> readUntil(FedstreamConfig config, String topic, Deserializer<K> keys,
                                                              Deserializer<V> values, Duration wait,
                                                              Predicate<? super List<ConsumerRecord<K, V>>> done) {
        Properties properties = config.consumerProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, topic + "-reader-" + System.nanoTime());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<K, V>> records = new ArrayList<>();
        try (KafkaConsumer<K, V> consumer = new KafkaConsumer<>(properties, keys, values)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + wait.toNanos();
            while (!done.test(records) && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        assertThat(done.test(records)).as("records on %s within %s: %s", topic, wait, records).isTrue();
        return records;
    }

    /**
     * A consumer of every partition of {@code topics} from their start, with no group, as fedstream's consumers read
     * ({@link FedstreamConfig#consumerProperties}, read_committed) with {@code overrides}; values left as bytes, for the
     * caller to decode by topic.
     */
    public static KafkaConsumer<String, byte[]> fromTheStart(FedstreamConfig config, List<String> topics, Map<String, Object> overrides) {
        Properties properties = config.consumerProperties();
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.putAll(overrides);
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties, new StringDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return consumer;
    }
}
