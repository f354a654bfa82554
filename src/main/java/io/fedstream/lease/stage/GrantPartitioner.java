package io.fedstream.lease.stage;

import io.fedstream.avro.LeaseGrant;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.processor.StreamPartitioner;

/** Sends a grant to the partition of the namespace task it is for, which reads that partition of the grants topic. */
final class GrantPartitioner implements StreamPartitioner<String, LeaseGrant> {

    @Override
    public Optional<Set<Integer>> partitions(String topic, String cluster, LeaseGrant grant, int partitions) {
        if (grant.getPartition() >= partitions) {
            // The allocator checks each request's partition against topic.partitions: the topic has fewer than that.
            throw new IllegalStateException("topic " + topic + " has " + partitions + " partitions, too few for a grant to partition "
                    + grant.getPartition() + " (cluster " + cluster + "): it must have topic.partitions");
        }
        return Optional.of(Set.of(grant.getPartition()));
    }
}
