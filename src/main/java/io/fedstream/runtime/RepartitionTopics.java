package io.fedstream.runtime;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.internals.InternalTopicConfig;
import org.apache.kafka.streams.processor.internals.InternalTopologyBuilder;

/**
 * The repartition topics Kafka Streams would create for a topology at its client's first rebalance, named, partitioned
 * and configured as it would, so that they can be created with fedstream's own topics before the client starts.
 *
 * <p>Why: the main consumer subscribes to its repartition topics. When the first rebalance creates them, the consumer
 * sees its subscription's metadata change and joins again, and the group leader of that second rebalance waits for the
 * end offsets of the changelogs the first one created, while the broker readies them: at a fresh start the workload
 * client's tasks began seconds later (docs/benchmarks.md, 2026-12-07). Changelogs need no such care: no consumer
 * subscribes to them, and the first rebalance does not ask for the end offsets of those it creates.
 *
 * <p>Kafka Streams has no public API for its internal topics (KIP-698's initialisation is not in 4.3), so this reads
 * them from the topology's {@link InternalTopologyBuilder}, as the client's assignor does; {@code RepartitionTopicsTest}
 * fails if a Kafka Streams upgrade moves them.
 */
final class RepartitionTopics {

    private RepartitionTopics() {}

    /** Every repartition topic of the topology, for the client with these properties (its application id, topic.* and replication). */
    static List<NewTopic> of(Topology topology, Properties streamsProperties) {
        StreamsConfig config = new StreamsConfig(streamsProperties);
        InternalTopologyBuilder builder = builderOf(topology).setApplicationId(config.getString(StreamsConfig.APPLICATION_ID_CONFIG));
        Map<String, String> topicDefaults = new HashMap<>();
        config.originalsWithPrefix(StreamsConfig.TOPIC_PREFIX).forEach((key, value) -> {
            if (value != null) {
                topicDefaults.put(key, value.toString());
            }
        });
        int replication = config.getInt(StreamsConfig.REPLICATION_FACTOR_CONFIG);
        long additionalRetention = config.getLong(StreamsConfig.WINDOW_STORE_CHANGE_LOG_ADDITIONAL_RETENTION_MS_CONFIG);
        List<NewTopic> topics = new ArrayList<>();
        builder.subtopologyToTopicsInfo().values().forEach(info -> info.repartitionSourceTopics.values()
                .forEach(topic -> topics.add(newTopic(topic, replication, topicDefaults, additionalRetention))));
        return topics;
    }

    private static NewTopic newTopic(InternalTopicConfig topic, int replication, Map<String, String> topicDefaults, long additionalRetention) {
        int partitions = topic.numberOfPartitions().orElseThrow(() -> new IllegalStateException("repartition topic " + topic.name()
                + " has no partition count of its own (Repartitioned.withNumberOfPartitions): Kafka Streams would derive it"
                + " at the first rebalance, so it cannot be created before"));
        Optional<Short> replicationFactor = replication < 0 ? Optional.empty() : Optional.of((short) replication);
        return new NewTopic(topic.name(), Optional.of(partitions), replicationFactor)
                .configs(topic.properties(topicDefaults, additionalRetention));
    }

    private static InternalTopologyBuilder builderOf(Topology topology) {
        try {
            Field field = Topology.class.getDeclaredField("internalTopologyBuilder");
            field.setAccessible(true);
            return (InternalTopologyBuilder) field.get(topology);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Kafka Streams version keeps its topology's internal topics elsewhere", e);
        }
    }
}
