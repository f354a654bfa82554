package io.fedstream.runtime;

import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.dlq.TransientFailure;
import io.fedstream.serde.AvroSerde;
import io.fedstream.serde.SchemaRegistryException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.TopologyDescription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before Kafka Streams starts, asks the schema registry for the value schema of every topic fedstream writes, as the
 * first record of each would: a registry that refuses one (an incompatible schema under the subject, or none registered
 * with {@code auto.register.schemas=false}) stops {@code run} at start, not at the first record of that kind, which for
 * {@code migrations} is the first cluster failover.
 */
final class SchemaPreflight {

    private static final Logger LOG = LoggerFactory.getLogger(SchemaPreflight.class);

    private SchemaPreflight() {}

    /** The topics among {@code topics} that a sink of the {@code topologies} writes, in {@link Topics#all()} order. */
    static List<Topic<?, ?>> written(List<TopologyDescription> topologies, Topics topics) {
        Set<String> written = new HashSet<>();
        topologies.forEach(topology -> topology.subtopologies().forEach(subtopology -> subtopology.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Sink sink && sink.topic() != null) {
                written.add(sink.topic());
            }
        })));
        return topics.all().stream().filter(topic -> written.contains(topic.name())).toList();
    }

    /** {@link #check} on another thread; {@link BesideTheStart#await} gives its outcome. */
    static CompletableFuture<Void> start(List<TopologyDescription> topologies, Topics topics) {
        return CompletableFuture.runAsync(() -> check(topologies, topics));
    }

    /** Prepares the serializer of each written topic with an Avro value; throws naming the topic a registry refused. */
    static void check(List<TopologyDescription> topologies, Topics topics) {
        long start = System.nanoTime();
        List<String> settled = new ArrayList<>();
        for (Topic<?, ?> topic : written(topologies, topics)) {
            if (topic.valueSerde() instanceof AvroSerde<?> avro) {
                Schema schema = SpecificData.getForClass(topic.valueType()).getSchema(topic.valueType());
                try {
                    avro.serializer().prepare(topic.name(), schema);
                } catch (SchemaRegistryException | SerializationException e) {
                    String what = TransientFailure.in(e) ? "did not answer about " : "refused ";
                    throw new IllegalStateException("the schema registry " + what + schema.getFullName() + " for topic '"
                            + topic.name() + "', which fedstream writes: " + e.getMessage(), e);
                }
                settled.add(topic.name());
            }
        }
        LOG.info("The schema registry has the value schemas of the {} topics fedstream writes ({} ms): {}", settled.size(),
                (System.nanoTime() - start) / 1_000_000, String.join(", ", settled));
    }
}
