package io.fedstream.executor;

import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.Topic;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest manifest of every workload, read from {@code fedstream.workloads}: the federation's own record of what
 * each workload is. A migration command names its workload but carries no manifest; the binding carries none either,
 * and the source cluster is, in a failover, the one that cannot be asked. Before a command is acted on, the catalog
 * reads up to the topic's end at that moment, so it holds every manifest written before the command was issued.
 */
final class ManifestCatalog implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ManifestCatalog.class);
    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaConsumer<String, byte[]> consumer;
    private final Topic<String, WorkloadEvent> topic;
    private final Map<String, String> manifests = new HashMap<>();
    private boolean assigned;

    /** Reads with these consumer properties (read_committed), without a group: nothing is committed. */
    ManifestCatalog(Properties consumerProperties, Topic<String, WorkloadEvent> topic) {
        Properties properties = new Properties();
        properties.putAll(consumerProperties);
        properties.remove(ConsumerConfig.GROUP_ID_CONFIG);
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        this.consumer = new KafkaConsumer<>(properties, new StringDeserializer(), new ByteArrayDeserializer());
        this.topic = topic;
    }

    /** The workload's latest UPSERT manifest, read up to the topic's current end; empty when none (or deleted). */
    Optional<String> manifest(String workloadKey, Duration timeout) {
        catchUp(timeout);
        return Optional.ofNullable(manifests.get(workloadKey));
    }

    private void catchUp(Duration timeout) {
        if (!assigned) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name(), timeout).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            assigned = true;
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment(), timeout);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (end.entrySet().stream().anyMatch(e -> consumer.position(e.getKey(), timeout) < e.getValue())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("could not read " + topic.name() + " to its end within " + timeout);
            }
            for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
                if (record.key() != null) {
                    read(record);
                }
            }
        }
    }

    private void read(ConsumerRecord<String, byte[]> record) {
        WorkloadEvent event;
        try {
            event = record.value() == null ? null : topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            // The topology dead-letters such a record; here it is only not a manifest.
            LOG.warn("skipping unreadable workload event {} at {}-{}@{}: {}", record.key(), record.topic(), record.partition(),
                    record.offset(), e.toString());
            return;
        }
        if (event == null || event.getOp() == Op.DELETE) {
            manifests.remove(record.key());
        } else if (event.getManifest() != null) {
            manifests.put(record.key(), event.getManifest());
        }
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
