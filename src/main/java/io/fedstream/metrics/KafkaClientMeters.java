package io.fedstream.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.Set;

/**
 * Keeps the Kafka binders' meters to those of each Kafka client and stream thread: a meter tagged with a task, a
 * processor, a state store, a topic, a partition or a broker connection is denied, but for each partition's largest
 * lag. In the demo that took /metrics from 14,237 series to 844; 10,034 were state-store series, most of them NaN or 0
 * at Kafka's default INFO recording level. {@code metrics.kafka.per.instance} keeps them; Kafka's JMX reporter shows
 * them either way.
 */
final class KafkaClientMeters {

    /** The binders name every meter {@code kafka.<group>...}; fedstream's own are {@code fedstream.*}. */
    private static final String KAFKA_PREFIX = "kafka.";
    /**
     * Kafka's tags of one task, processor, topic, partition or broker connection, as the binders name them (Kafka's
     * {@code task-id} becomes {@code task.id}); a store's tag ends in {@value #STORE_TAG_SUFFIX}.
     */
    private static final Set<String> PER_INSTANCE_TAGS = Set.of("task.id", "processor.node.id", "topic", "partition", "node.id");
    private static final String STORE_TAG_SUFFIX = ".state.id";
    /**
     * Kept per partition: the binder drops a consumer's own {@code records-lag-max} for the per-partition ones (one
     * Prometheus name, one set of tags), so without them no lag would be shown.
     */
    private static final String LAG = "kafka.consumer.fetch.manager.records.lag.max";

    static final MeterFilter ONLY = MeterFilter.deny(KafkaClientMeters::perInstance);

    private KafkaClientMeters() {}

    static boolean perInstance(Meter.Id id) {
        if (!id.getName().startsWith(KAFKA_PREFIX) || id.getName().equals(LAG)) {
            return false;
        }
        for (Tag tag : id.getTagsAsIterable()) {
            String key = tag.getKey().replace('-', '.');
            if (PER_INSTANCE_TAGS.contains(key) || key.endsWith(STORE_TAG_SUFFIX)) {
                return true;
            }
        }
        return false;
    }
}
