package io.fedstream.config;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * Chooses the partition of a record keyed by workload key ({@code group/kind/namespace/name}) from its namespace alone,
 * so that every workload of a namespace, and its status, deltas and migration events, meet in one task. The partition
 * is what Kafka's default partitioner gives the namespace as a key (murmur2 of its UTF-8 bytes): a producer in another
 * language keys its record by the workload key and partitions it as if the key were the namespace. A key that is not
 * a workload key is partitioned as the default partitioner does.
 */
public final class NamespacePartitioner implements Partitioner, StreamPartitioner<String, Object> {

    /** The partition of a record with this key among {@code partitions}. */
    public static int partitionOf(String key, int partitions) {
        return partitionOfNamespace(WorkloadKey.parse(key).map(WorkloadKey::namespace).orElse(key == null ? "" : key), partitions);
    }

    /** The partition of the namespace's records among {@code partitions}. */
    public static int partitionOfNamespace(String namespace, int partitions) {
        if (partitions <= 0) {
            throw new IllegalArgumentException("partitions must be positive, was " + partitions);
        }
        return Utils.toPositive(Utils.murmur2(namespace.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * A string key as {@link #partitionOf} says; any other key as Kafka's default partitioner does (murmur2 of its bytes),
     * and a record without one on any partition: so every producer of fedstream's tools can use this partitioner.
     */
    @Override
    public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
        int partitions = cluster.partitionCountForTopic(topic);
        if (key instanceof String text) {
            return partitionOf(text, partitions);
        }
        if (keyBytes != null) {
            return Utils.toPositive(Utils.murmur2(keyBytes)) % partitions;
        }
        return ThreadLocalRandom.current().nextInt(partitions);
    }

    @Override
    public Optional<Set<Integer>> partitions(String topic, String key, Object value, int partitions) {
        return byNamespace(topic, key, value, partitions);
    }

    /** As {@link #partitions}, for a Streams sink of any value type: {@code NamespacePartitioner::byNamespace}. */
    public static <V> Optional<Set<Integer>> byNamespace(String topic, String key, V value, int partitions) {
        return Optional.of(Set.of(partitionOf(key, partitions)));
    }

    /**
     * For a Streams sink of records keyed {@code namespace/name} (a namespaced object that is not a workload, such as a
     * quota's status; tombstones too): the partition of the namespace, so that they meet the namespace's workloads.
     */
    public static <V> Optional<Set<Integer>> byNamespaceOfName(String topic, String key, V value, int partitions) {
        int slash = key == null ? -1 : key.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("a key of " + topic + " must be namespace/name, was " + key);
        }
        return Optional.of(Set.of(partitionOfNamespace(key.substring(0, slash), partitions)));
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }

    @Override
    public void close() {
    }
}
