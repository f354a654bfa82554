package io.fedstream.lease.stage;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * Which allocator task owns a cluster: the partition Kafka's default partitioner gives the cluster name as a key on the
 * lease-requests topic (murmur2 of its UTF-8 bytes), where the namespace tasks' requests for it land. A view copied to
 * every partition of the cluster-views topic is kept only by that task.
 */
final class ClusterOwnership {

    private final int partitions;

    ClusterOwnership(int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1 (value: " + partitions + ")");
        }
        this.partitions = partitions;
    }

    /** The partition of the allocator task that owns the cluster. */
    int ownerOf(String cluster) {
        return Utils.toPositive(Utils.murmur2(cluster.getBytes(StandardCharsets.UTF_8))) % partitions;
    }
}
