package io.fedstream.executor;

import io.fedstream.runtime.TopicReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Every partition of the topics the executor propagates from (bindings, workloads, policies), read from the beginning
 * at every start without a consumer group: what a cluster should have is derived from their whole contents, as a
 * Kubernetes controller derives it from its informers' caches, so nothing needs committing and a restart (or a kill -9)
 * loses nothing. Read {@code read_committed}: only what fedstream's transactions committed.
 */
final class PropagationFeed implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final List<String> topics;
    private boolean assigned;

    PropagationFeed(Properties consumerProperties, List<String> topics) {
        this.consumer = TopicReader.groupless(consumerProperties);
        this.topics = List.copyOf(topics);
    }

    /**
     * Hands every record with a key, up to each partition's end at this call, to {@code each}.
     *
     * @throws org.apache.kafka.common.errors.TimeoutException when the broker does not answer within {@code timeout}
     * @throws IllegalStateException when the end is not reached within {@code timeout}
     */
    void catchUp(Duration timeout, Consumer<ConsumerRecord<String, byte[]>> each) {
        long deadline = System.nanoTime() + timeout.toNanos();
        assign(timeout);
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment(), timeout);
        while (end.entrySet().stream().anyMatch(partition -> consumer.position(partition.getKey(), timeout) < partition.getValue())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("cannot read " + topics + " to their end within " + timeout.toSeconds() + " s");
            }
            poll(Duration.ofMillis(200), each);
        }
    }

    /** Waits up to {@code timeout} for records and hands those with a key to {@code each}; true when there were any. */
    boolean poll(Duration timeout, Consumer<ConsumerRecord<String, byte[]>> each) {
        assign(timeout);
        boolean any = false;
        for (ConsumerRecord<String, byte[]> record : consumer.poll(timeout)) {
            any = true;
            if (record.key() != null) {
                each.accept(record);
            }
        }
        return any;
    }

    private void assign(Duration timeout) {
        if (assigned) {
            return;
        }
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            consumer.partitionsFor(topic, timeout).forEach(info -> partitions.add(new TopicPartition(info.topic(), info.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        assigned = true;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
