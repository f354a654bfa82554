package io.fedstream.runtime;

import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.dlq.TransientFailure;
import io.fedstream.serde.AvroSerde;
import io.fedstream.serde.SchemaRegistryException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.TopologyDescription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before Kafka Streams starts, asks the schema registry for the value schema of every topic fedstream writes, its own
 * changelogs and repartition topics included, as the first record of each would: a registry that refuses one (an
 * incompatible schema under the subject, or none registered with {@code auto.register.schemas=false}) stops {@code run}
 * at start, not at the first record of that kind, which for {@code migrations} is the first cluster failover; and no
 * stream thread waits for a registration on its way to the first placement.
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
    static CompletableFuture<Void> start(List<TopologyDescription> topologies, Topics topics, List<Topic<String, ?>> internal) {
        return CompletableFuture.runAsync(() -> check(topologies, topics, internal));
    }

    /**
     * Prepares the serializer of each written topic with an Avro value, and of each of fedstream's own topics with one
     * ({@code internal}, {@link io.fedstream.InternalValueTopics}); throws naming the topic a registry refused. The
     * registrations are made together first, one round trip where the registry allows (one serializer stands for all:
     * fedstream's Avro serdes share one registry and one configuration), then each is confirmed from its answer.
     */
    static void check(List<TopologyDescription> topologies, Topics topics, List<Topic<String, ?>> internal) {
        long start = System.nanoTime();
        Map<String, Schema> schemas = new LinkedHashMap<>();
        Map<String, AvroSerde<?>> serdes = new LinkedHashMap<>();
        List<Topic<?, ?>> prepared = new ArrayList<>(written(topologies, topics));
        prepared.addAll(internal);
        for (Topic<?, ?> topic : prepared) {
            if (topic.valueSerde() instanceof AvroSerde<?> avro) {
                schemas.put(topic.name(), SpecificData.getForClass(topic.valueType()).getSchema(topic.valueType()));
                serdes.put(topic.name(), avro);
            }
        }
        try {
            serdes.values().stream().findFirst().ifPresent(avro -> avro.serializer().registerTogether(schemas));
        } catch (SchemaRegistryException unanswered) {
            throw new IllegalStateException("the schema registry did not answer about the value schemas of the " + schemas.size()
                    + " topics fedstream writes (" + String.join(", ", schemas.keySet()) + "): " + unanswered.getMessage(), unanswered);
        }
        serdes.forEach((topic, avro) -> {
            Schema schema = schemas.get(topic);
            try {
                avro.serializer().prepare(topic, schema);
            } catch (SchemaRegistryException | SerializationException e) {
                String what = TransientFailure.in(e) ? "did not answer about " : "refused ";
                throw new IllegalStateException("the schema registry " + what + schema.getFullName() + " for topic '"
                        + topic + "', which fedstream writes: " + e.getMessage(), e);
            }
        });
        LOG.info("The schema registry has the value schemas of the {} topics fedstream writes ({} ms): {}", serdes.size(),
                (System.nanoTime() - start) / 1_000_000, String.join(", ", serdes.keySet()));
    }
}
