package io.fedstream.runtime;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.Topic;
import io.fedstream.decide.PolicySnapshot;
import io.fedstream.dlq.TransientFailure;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the policies topic from its beginning to its end, committed records only and with no consumer group, into the
 * {@link PolicySnapshot} the namespace tasks seed themselves from: decoded with the topic's own value serde, a record
 * that does not decode left out as the relay leaves it out (its deserialization handler dead-letters it), a record with
 * no key as the relay's repartition drops it.
 */
final class PolicySnapshotReader {

    private static final Logger LOG = LoggerFactory.getLogger(PolicySnapshotReader.class);

    private PolicySnapshotReader() {}

    /**
     * {@link #read} on another thread, beside the other checks of the start; nothing to read when the topic did not exist
     * before this start ({@code existedBefore} false): nothing was published on it before, and a topic created a moment ago
     * can keep a reader waiting for its partitions' leaders for seconds.
     */
    static CompletableFuture<PolicySnapshot> start(Properties consumerProperties, Topic<String, PolicyEvent> policies, Duration timeout,
                                                   boolean existedBefore) {
        if (!existedBefore) {
            LOG.info("{} was created at this start: no policy was published before it", policies.name());
            return CompletableFuture.completedFuture(PolicySnapshot.empty());
        }
        return CompletableFuture.supplyAsync(() -> read(consumerProperties, policies, timeout));
    }

    /**
     * The snapshot of the topic up to its end at this call.
     *
     * @throws TopicReader.NotAtEnd when the end is not reached within {@code timeout}
     * @throws IllegalStateException when a record could not be decoded because the registry or Kafka did not answer
     */
    static PolicySnapshot read(Properties consumerProperties, Topic<String, PolicyEvent> policies, Duration timeout) {
        long start = System.nanoTime();
        Deserializer<PolicyEvent> values = policies.valueSerde().deserializer();
        PolicySnapshot.Reading reading = new PolicySnapshot.Reading();
        int[] undecodable = {0};
        Map<Integer, Long> end = new TreeMap<>();
        try (TopicReader reader = new TopicReader(consumerProperties, policies.name())) {
            reader.catchUp(timeout, record -> {
                PolicyEvent event;
                try {
                    event = values.deserialize(record.topic(), record.headers(), record.value());
                } catch (RuntimeException e) {
                    if (TransientFailure.in(e)) {
                        throw new IllegalStateException("cannot decode policy " + record.key() + " at " + record.topic() + "-"
                                + record.partition() + "@" + record.offset() + ": the schema registry or Kafka did not answer", e);
                    }
                    undecodable[0]++;
                    return;
                }
                reading.add(record.partition(), record.offset(), record.key(), event);
            }).forEach((partition, offset) -> end.put(partition.partition(), offset));
        }
        PolicySnapshot snapshot = reading.upTo(end);
        LOG.info("Read {} to its end before the start in {} ms: {} keys, {} records left out as undecodable, end offsets {}",
                policies.name(), (System.nanoTime() - start) / 1_000_000, snapshot.entries().size(), undecodable[0], end);
        return snapshot;
    }
}
