package io.fedstream.executor;

import io.fedstream.avro.ConsumerGroupOffset;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Commits an OFFSET_COMMIT command's offsets for each consumer group with the Admin client, before the workload starts
 * on the target: Kafka refuses to alter the offsets of a group that has active members, so the order matters.
 */
final class GroupOffsetCommitter {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Admin admin;

    GroupOffsetCommitter(Admin admin) {
        this.admin = admin;
    }

    /** Commits every offset; throws naming the group when Kafka refuses. */
    void commit(List<ConsumerGroupOffset> offsets) throws InterruptedException {
        Map<String, Map<TopicPartition, OffsetAndMetadata>> byGroup = new LinkedHashMap<>();
        for (ConsumerGroupOffset offset : offsets) {
            byGroup.computeIfAbsent(offset.getGroup(), group -> new LinkedHashMap<>())
                    .put(new TopicPartition(offset.getTopic(), offset.getPartition()), new OffsetAndMetadata(offset.getOffset()));
        }
        for (Map.Entry<String, Map<TopicPartition, OffsetAndMetadata>> group : byGroup.entrySet()) {
            try {
                admin.alterConsumerGroupOffsets(group.getKey(), group.getValue()).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new IllegalStateException("cannot commit the offsets of consumer group " + group.getKey() + ": "
                        + e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                throw new IllegalStateException("committing the offsets of consumer group " + group.getKey() + " timed out after " + TIMEOUT, e);
            }
        }
    }
}
