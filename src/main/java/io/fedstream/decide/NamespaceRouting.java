package io.fedstream.decide;

import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topic;
import io.fedstream.metrics.FedstreamMetrics;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Brings every record of a topic keyed by workload key to its namespace's partition: a record a producer wrote to
 * another partition (one that partitions by the whole key, say) is sent there once, through a repartition topic, and
 * counted ({@link FedstreamMetrics#MISROUTED}); a record on its namespace's partition goes straight on. Correct either
 * way, only slower for the misrouted: the partitioning rule is {@link NamespacePartitioner}'s.
 */
final class NamespaceRouting {

    private NamespaceRouting() {}

    /** The topic's records, each on its namespace's partition; {@code name} prefixes the nodes and the repartition topic. */
    static <V> KStream<String, V> onNamespacePartition(KStream<String, V> input, Topic<String, V> topic, String name, int partitions,
                                                      FedstreamMetrics metrics) {
        Map<String, KStream<String, Routed<V>>> routes = input
                .processValues(() -> new PartitionCheck<V>(topic.name(), partitions, metrics), Named.as(name + "-partition-check"))
                .split(Named.as(name + "-route"))
                .branch((key, routed) -> routed.here(), Branched.as("-here"))
                .defaultBranch(Branched.as("-elsewhere"));
        KStream<String, V> here = routes.get(name + "-route-here").mapValues(Routed::value, Named.as(name + "-here-value"));
        KStream<String, V> moved = routes.get(name + "-route-elsewhere")
                .mapValues(Routed::value, Named.as(name + "-elsewhere-value"))
                .repartition(Repartitioned.with(Serdes.String(), topic.valueSerde()).withName(name + "-misrouted")
                        .withStreamPartitioner(NamespacePartitioner::byNamespace).withNumberOfPartitions(partitions));
        return here.merge(moved, Named.as(name + "-on-namespace-partition"));
    }

    /** A record and whether it came in on its namespace's partition. */
    record Routed<V>(V value, boolean here) {
    }

    /** Compares the partition a record came in on with its namespace's. */
    private static final class PartitionCheck<V> implements FixedKeyProcessor<String, V, Routed<V>> {

        private final String topic;
        private final int partitions;
        private final FedstreamMetrics metrics;
        private FixedKeyProcessorContext<String, Routed<V>> context;

        PartitionCheck(String topic, int partitions, FedstreamMetrics metrics) {
            this.topic = topic;
            this.partitions = partitions;
            this.metrics = metrics;
        }

        @Override
        public void init(FixedKeyProcessorContext<String, Routed<V>> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, V> record) {
            int cameIn = context.recordMetadata().map(metadata -> metadata.partition()).orElse(-1);
            boolean here = record.key() == null || cameIn < 0 || NamespacePartitioner.partitionOf(record.key(), partitions) == cameIn;
            if (!here) {
                metrics.misrouted(topic);
            }
            context.forward(record.withValue(new Routed<>(record.value(), here)));
        }
    }
}
