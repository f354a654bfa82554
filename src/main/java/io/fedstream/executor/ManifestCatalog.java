package io.fedstream.executor;

import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.Topic;
import io.fedstream.runtime.TopicReader;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
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

    private final TopicReader reader;
    private final Topic<String, WorkloadEvent> topic;
    private final Map<String, String> manifests = new HashMap<>();

    /** Reads with these consumer properties (read_committed), without a group: nothing is committed. */
    ManifestCatalog(Properties consumerProperties, Topic<String, WorkloadEvent> topic) {
        this.reader = new TopicReader(consumerProperties, topic.name());
        this.topic = topic;
    }

    /** The workload's latest UPSERT manifest, read up to the topic's current end; empty when none (or deleted). */
    Optional<String> manifest(String workloadKey, Duration timeout) {
        reader.catchUp(timeout, this::read);
        return Optional.ofNullable(manifests.get(workloadKey));
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
        reader.close();
    }
}
