package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.NamespacePartitioner;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Where a relayed policy record came from: its partition and offset on the policies topic, in the header
 * {@value #HEADER} ({@code <partition>:<offset>}) that the relay adds before the {@code policy-changes} repartition, so
 * that a task that seeded itself from the {@link PolicySnapshot} knows which relayed records it already has; and
 * where the relay sends a policy ({@link Partitioner}).
 */
record PolicySource(int partition, long offset) {

    /** The header's name. */
    static final String HEADER = "fedstream.policy.source";

    /** The source written in {@code headers}, if the relay wrote one (a record relayed by an earlier version has none). */
    static Optional<PolicySource> of(Headers headers) {
        Header header = headers.lastHeader(HEADER);
        if (header == null || header.value() == null) {
            return Optional.empty();
        }
        String text = new String(header.value(), StandardCharsets.UTF_8);
        int colon = text.indexOf(':');
        try {
            return Optional.of(new PolicySource(Integer.parseInt(text.substring(0, colon)), Long.parseLong(text.substring(colon + 1))));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("header " + HEADER + " is '" + text + "', expected <partition>:<offset>", e);
        }
    }

    /** Adds the record's own partition and offset on the policies topic as {@link #HEADER}. */
    static final class Stamp implements FixedKeyProcessor<String, PolicyEvent, PolicyEvent> {

        private FixedKeyProcessorContext<String, PolicyEvent> context;

        @Override
        public void init(FixedKeyProcessorContext<String, PolicyEvent> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, PolicyEvent> record) {
            Headers headers = new RecordHeaders(record.headers().toArray());
            context.recordMetadata().ifPresent(source -> {
                headers.remove(HEADER);
                headers.add(HEADER, (source.partition() + ":" + source.offset()).getBytes(StandardCharsets.UTF_8));
            });
            context.forward(record.withHeaders(headers));
        }
    }

    /**
     * Where a policy goes among the namespace pass's partitions: a FederatedResourceQuota (key
     * {@code FederatedResourceQuota/namespace/name}) to the partition of its namespace, whose task alone admits against
     * it; every other policy (propagation, override, interpreter customizations, priority classes) to every partition,
     * since every task places and interprets with it.
     */
    static final class Partitioner implements StreamPartitioner<String, PolicyEvent> {

        @Override
        public Optional<Set<Integer>> partitions(String topic, String key, PolicyEvent value, int partitions) {
            String[] parts = key == null ? new String[0] : key.split("/", -1);
            if (parts.length == 3 && QuotaSync.KIND.equals(parts[0])) {
                return Optional.of(Set.of(NamespacePartitioner.partitionOfNamespace(parts[1], partitions)));
            }
            return Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toUnmodifiableSet()));
        }
    }
}
