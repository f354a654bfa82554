package io.fedstream.decide;

import io.fedstream.avro.StoredLease;
import io.fedstream.lease.LeaseStore;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The leases a namespace task holds, one per cluster ({@link #STORE}): cached, so that a burst of placements on a
 * cluster writes its lease to the changelog once per commit, not once per placement.
 */
final class StoredLeases implements LeaseStore {

    /** Cluster name to the task's {@link StoredLease} there. */
    static final String STORE = "leases-store";

    private final KeyValueStore<String, StoredLease> store;

    StoredLeases(KeyValueStore<String, StoredLease> store) {
        this.store = store;
    }

    static void addTo(StreamsBuilder builder, Serde<StoredLease> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), values).withCachingEnabled());
    }

    @Override
    public Map<String, StoredLease> all() {
        Map<String, StoredLease> all = new TreeMap<>();
        try (KeyValueIterator<String, StoredLease> entries = store.all()) {
            entries.forEachRemaining(entry -> all.put(entry.key, entry.value));
        }
        return all;
    }

    @Override
    public void save(String cluster, StoredLease lease) {
        store.put(cluster, lease);
    }
}
