package io.fedstream.runtime;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads every partition of one topic from its beginning, without a consumer group, up to the end the topic has when
 * asked ({@link #catchUp}): the latest value of each key, as the tools that keep one (the executor's manifests,
 * {@code apply}'s published customizations) need it. Values stay bytes; the caller decodes them.
 */
public final class TopicReader implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final int FETCH_MAX_WAIT_MS = 10;

    private final KafkaConsumer<String, byte[]> consumer;
    private final String topic;
    private boolean assigned;

    /**
     * Reads with these consumer properties (fedstream's are {@code read_committed}); nothing is committed, and a topic
     * that does not exist is not created: it reads as empty.
     */
    public TopicReader(Properties consumerProperties, String topic) {
        this.consumer = groupless(readingToTheEnd(consumerProperties));
        this.topic = topic;
    }

    /**
     * The properties with {@code fetch.max.wait.ms} 10 unless they set it. A fetch that finds no record waits that long on
     * the broker (500 ms by default), and the first fetch of a read from the beginning often holds only partitions
     * already at their end: the policy snapshot of a start took 540-640 ms for two records on six partitions, against
     * 47-64 ms with 10 ms (2026-12-07, the shared test broker). A reader stops at the end, so it has no use for the wait.
     */
    static Properties readingToTheEnd(Properties consumerProperties) {
        Properties properties = new Properties();
        properties.putAll(consumerProperties);
        properties.putIfAbsent(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, FETCH_MAX_WAIT_MS);
        return properties;
    }

    /**
     * A consumer of keys as strings and values as bytes with these properties but no group: it commits nothing, and a
     * topic it reads that does not exist is not created.
     */
    public static KafkaConsumer<String, byte[]> groupless(Properties consumerProperties) {
        Properties properties = new Properties();
        properties.putAll(consumerProperties);
        properties.remove(ConsumerConfig.GROUP_ID_CONFIG);
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        return new KafkaConsumer<>(properties, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /**
     * Hands {@code each} record with a key, in offset order per partition, from where the last call stopped up to the
     * topic's end at this call, and returns that end (per partition, the offset after the last record read).
     *
     * @throws NotAtEnd when that end is not reached within {@code timeout}
     * @throws org.apache.kafka.common.KafkaException when the broker cannot be reached within {@code timeout}
     */
    public Map<TopicPartition, Long> catchUp(Duration timeout, Consumer<ConsumerRecord<String, byte[]>> each) {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!assigned) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            assigned = true;
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment(), timeout);
        while (end.entrySet().stream().anyMatch(partition -> consumer.position(partition.getKey(), timeout) < partition.getValue())) {
            if (System.nanoTime() > deadline) {
                throw new NotAtEnd("cannot read topic " + topic + " to its end within " + timeout.toSeconds() + " s");
            }
            for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
                if (record.key() != null) {
                    each.accept(record);
                }
            }
        }
        return end;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }

    /** The topic's end was not reached in time: the broker is slow, or the topic grows faster than it is read. */
    public static final class NotAtEnd extends RuntimeException {
        NotAtEnd(String message) {
            super(message);
        }
    }
}
