package io.fedstream.decide;

import io.fedstream.avro.StoredLease;
import io.fedstream.lease.LeaseStore;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * The leases a namespace task holds, one per cluster (the section {@link PassState#LEASES}): cached, so that a burst of
 * placements on a cluster writes its lease to the changelog once per commit, not once per placement.
 */
final class StoredLeases implements LeaseStore {

    private final Section<StoredLease> store;

    StoredLeases(Section<StoredLease> store) {
        this.store = store;
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
