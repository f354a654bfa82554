package io.fedstream.decide;

import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topic;
import io.fedstream.dlq.DeadLetter;
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
import org.apache.kafka.streams.processor.api.RecordMetadata;

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
                .repartition(Repartitioned.with(Serdes.String(), topic.valueSerde()).withName(misrouted(name))
                        .withStreamPartitioner(NamespacePartitioner::byNamespace).withNumberOfPartitions(partitions));
        return here.merge(moved, Named.as(name + "-on-namespace-partition"));
    }

    /** The name of the repartition topic of the records of {@code name} that came in on another partition than their namespace's. */
    static String misrouted(String name) {
        return name + "-misrouted";
    }

    /**
     * A state delta's record, or, for one written to another partition than its namespace's, its dead letter where it
     * was written: a migration command names a delta by its partition and offset for the target to replay, and a
     * forwarded delta's position would be the repartition topic's, so the running apps must write deltas by the rule.
     */
    static KStream<String, PassSignal> deltasOnNamespacePartition(KStream<String, byte[]> input, Topic<String, byte[]> topic,
                                                                 int partitions, FedstreamMetrics metrics) {
        return input
                .processValues(() -> new PartitionCheck<byte[]>(topic.name(), partitions, metrics), Named.as("state-deltas-partition-check"))
                .processValues(MisroutedDeltas::new, Named.as("state-deltas-signal"));
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

    /** A delta on its namespace's partition as the pass's signal; one written elsewhere as its dead letter. */
    private static final class MisroutedDeltas implements FixedKeyProcessor<String, Routed<byte[]>, PassSignal> {

        private FixedKeyProcessorContext<String, PassSignal> context;

        @Override
        public void init(FixedKeyProcessorContext<String, PassSignal> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, Routed<byte[]>> record) {
            byte[] payload = record.value().value();
            if (record.value().here()) {
                context.forward(record.withValue(new PassSignal.DeltaWritten(payload)));
                return;
            }
            RecordMetadata source = context.recordMetadata().orElseThrow();
            DeadLetter letter = new DeadLetter(PlaceFailoverAudit.FAILOVER, "a state delta of " + record.key()
                    + " was written to partition " + source.partition() + ", not its namespace's: a migration command names a delta by"
                    + " its partition and offset, so deltas must be written on the namespace's partition (docs/topics.md)",
                    "partition", Integer.toString(source.partition()), source.topic(), source.partition(), source.offset());
            context.forward(record.withValue(new PassSignal.Refused(letter, payload)));
        }
    }
}
