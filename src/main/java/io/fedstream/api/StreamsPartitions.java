package io.fedstream.api;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * {@link Partitions} of a running Kafka Streams client, from its metadata ({@link KeyQueryMetadata}): a key's partition
 * is the one the default partitioner gives its string, as for the stage's input, and a store's partitions are counted
 * and located one by one, so no topic name is needed and a partition active nowhere is never left out.
 */
final class StreamsPartitions implements Partitions {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KafkaStreams streams;
    private final HostInfo self;

    StreamsPartitions(KafkaStreams streams, HostInfo self) {
        this.streams = streams;
        this.self = self;
    }

    @Override
    public HostInfo self() {
        return self;
    }

    @Override
    public KeyQueryMetadata owner(String store, String key) {
        if (!streams.state().isRunningOrRebalancing()) {
            throw new StoreUnavailableException("fedstream is " + streams.state() + ": no partition is queryable");
        }
        return active(streams.queryMetadataForKey(store, key, KEYS), "the partition of " + store + " holding " + key);
    }

    @Override
    public Map<HostInfo, Set<Integer>> owners(String store) {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            throw new StoreUnavailableException("fedstream is " + streams.state() + ", not RUNNING: partitions may be moving");
        }
        AtomicInteger count = new AtomicInteger(-1);
        active(streams.queryMetadataForKey(store, "", partition(0, count)), "partition 0 of " + store);
        Map<HostInfo, Set<Integer>> owners = new TreeMap<>(Comparator.comparing(HostInfo::host).thenComparingInt(HostInfo::port));
        for (int partition = 0; partition < count.get(); partition++) {
            KeyQueryMetadata metadata = active(streams.queryMetadataForKey(store, "", partition(partition, count)),
                    "partition " + partition + " of " + store);
            owners.computeIfAbsent(metadata.activeHost(), host -> new TreeSet<>()).add(partition);
        }
        return owners;
    }

    @Override
    public <V> ReadOnlyKeyValueStore<String, V> store(String store, int partition) {
        return streams.store(StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.<String, V>keyValueStore())
                .withPartition(partition));
    }

    /** Picks {@code partition} whatever the key, and notes how many partitions the store has. */
    private static StreamPartitioner<String, Object> partition(int partition, AtomicInteger count) {
        return (topic, key, value, partitions) -> {
            count.set(partitions);
            return Optional.of(Set.of(partition));
        };
    }

    private static KeyQueryMetadata active(KeyQueryMetadata metadata, String what) {
        HostInfo host = metadata == null ? null : metadata.activeHost();
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE) || host == null || host.port() <= 0
                || host.equals(HostInfo.unavailable())) {
            throw new StoreUnavailableException("no instance is active for " + what + " now (rebalancing)");
        }
        return metadata;
    }
}
