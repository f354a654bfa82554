package io.fedstream.executor;

import static org.assertj.core.api.Assertions.fail;

import io.fedstream.config.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Every record of a topic from its beginning, as read_committed consumers see them, in order; for integration tests. */
final class TopicTail<V> implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final Topic<String, V> topic;
    private final Duration wait;
    private final List<ConsumerRecord<String, V>> records = new ArrayList<>();

    TopicTail(Properties properties, Topic<String, V> topic, Duration wait) {
        this.consumer = new KafkaConsumer<>(properties, new StringDeserializer(), new ByteArrayDeserializer());
        this.topic = topic;
        this.wait = wait;
        List<TopicPartition> partitions = consumer.partitionsFor(topic.name()).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    void poll() {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
            V value = record.value() == null ? null : topic.valueSerde().deserializer().deserialize(topic.name(), record.value());
            records.add(new ConsumerRecord<>(record.topic(), record.partition(), record.offset(), record.key(), value));
        }
    }

    /** The values read so far (tombstones left out), after one more poll. */
    List<V> values() {
        poll();
        return records.stream().map(ConsumerRecord::value).filter(v -> v != null).toList();
    }

    /** The latest value of a key read so far; null for none or a tombstone. */
    V latest(String key) {
        return records.stream().filter(r -> key.equals(r.key())).map(ConsumerRecord::value).reduce((a, b) -> b).orElse(null);
    }

    /** The first value, from the beginning, that matches; fails after the tail's wait. */
    V await(Predicate<V> matching) {
        long deadline = System.nanoTime() + wait.toNanos();
        int seen = 0;
        while (System.nanoTime() < deadline) {
            poll();
            for (; seen < records.size(); seen++) {
                V value = records.get(seen).value();
                if (value != null && matching.test(value)) {
                    return value;
                }
            }
        }
        return fail("no record on %s matched within %s; saw %s", topic.name(), wait, values());
    }

    @Override
    public void close() {
        consumer.close();
    }
}
