package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.WatchClustersStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Interactive queries on this instance's partitions of the watch-clusters stage's store, partitioned by cluster. */
final class StoreClusters implements LocalClusterLookup {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KafkaStreams streams;

    StoreClusters(KafkaStreams streams) {
        this.streams = streams;
    }

    @Override
    public List<ClusterWatch> all(Set<Integer> partitions) {
        List<ClusterWatch> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            try (KeyValueIterator<String, ClusterWatch> entries = store(partition).all()) {
                entries.forEachRemaining(entry -> found.add(entry.value));
            } catch (InvalidStateStoreException e) {
                throw unavailable(partition, e);
            }
        }
        return found;
    }

    @Override
    public Optional<ClusterWatch> byName(String cluster) {
        KeyQueryMetadata metadata = streams.queryMetadataForKey(WatchClustersStage.STORE, cluster, KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE)) {
            throw new StoreUnavailableException("no partition of " + WatchClustersStage.STORE + " is assigned for cluster " + cluster);
        }
        try {
            return Optional.ofNullable(store(metadata.partition()).get(cluster));
        } catch (InvalidStateStoreException e) {
            throw unavailable(metadata.partition(), e);
        }
    }

    private ReadOnlyKeyValueStore<String, ClusterWatch> store(int partition) {
        return streams.store(StoreQueryParameters
                .fromNameAndType(WatchClustersStage.STORE, QueryableStoreTypes.<String, ClusterWatch>keyValueStore())
                .withPartition(partition));
    }

    private static StoreUnavailableException unavailable(int partition, InvalidStateStoreException e) {
        return new StoreUnavailableException("store " + WatchClustersStage.STORE + " partition " + partition
                + " is not queryable here (migrating or restoring): " + e.getMessage(), e);
    }
}
