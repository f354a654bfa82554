package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.NamespacePartitioner;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * Where a policy goes among the namespace pass's partitions: a FederatedResourceQuota (key
 * {@code FederatedResourceQuota/namespace/name}) to the partition of its namespace, whose task alone admits against
 * it; every other policy (propagation, override, interpreter customizations, priority classes) to every partition,
 * since every task places and interprets with it.
 */
final class PolicyPartitioner implements StreamPartitioner<String, PolicyEvent> {

    @Override
    public Optional<Set<Integer>> partitions(String topic, String key, PolicyEvent value, int partitions) {
        String[] parts = key == null ? new String[0] : key.split("/", -1);
        if (parts.length == 3 && QuotaSync.KIND.equals(parts[0])) {
            return Optional.of(Set.of(NamespacePartitioner.partitionOfNamespace(parts[1], partitions)));
        }
        return Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toUnmodifiableSet()));
    }
}
