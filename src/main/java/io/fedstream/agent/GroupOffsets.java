package io.fedstream.agent;

import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.executor.ObjectMarks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** Reads the committed offsets of a labelled Kafka consumer's group with the Kafka Admin client. */
final class GroupOffsets {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Admin admin;

    GroupOffsets(Admin admin) {
        this.admin = admin;
    }

    /** True for a workload labelled {@code fedstream.io/kafka-consumer: "true"} (exactly, as the fail-over stage reads it). */
    static boolean isConsumer(WorkloadManifest workload) {
        return "true".equals(workload.label(ObjectMarks.KAFKA_CONSUMER_LABEL));
    }

    /** The group id: the {@code fedstream.io/consumer-group} annotation, else that label, else the workload's name. */
    static String groupOf(WorkloadManifest workload) {
        String annotated = workload.annotation(ObjectMarks.CONSUMER_GROUP);
        if (annotated != null && !annotated.isEmpty()) {
            return annotated;
        }
        String labelled = workload.label(ObjectMarks.CONSUMER_GROUP);
        return labelled != null && !labelled.isEmpty() ? labelled : workload.root().path("metadata").path("name").asText();
    }

    /** The group's committed offsets, by topic then partition; empty for a group that committed nothing. */
    List<ConsumerGroupOffset> read(String group) throws ExecutionException, TimeoutException, InterruptedException {
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        List<ConsumerGroupOffset> offsets = new ArrayList<>();
        committed.forEach((partition, offset) -> {
            if (offset != null) {
                offsets.add(new ConsumerGroupOffset(group, partition.topic(), partition.partition(), offset.offset()));
            }
        });
        offsets.sort(Comparator.comparing(ConsumerGroupOffset::getTopic).thenComparing(ConsumerGroupOffset::getPartition));
        return offsets;
    }
}
