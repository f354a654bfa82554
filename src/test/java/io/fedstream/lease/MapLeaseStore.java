package io.fedstream.lease;

import io.fedstream.avro.StoredLease;
import java.util.Map;
import java.util.TreeMap;

/** A task's leases kept in a map, as the application keeps them in a key-value store; counts the saves. */
final class MapLeaseStore implements LeaseStore {

    final Map<String, StoredLease> leases = new TreeMap<>();
    int saves;

    @Override
    public Map<String, StoredLease> all() {
        return new TreeMap<>(leases);
    }

    @Override
    public void save(String cluster, StoredLease lease) {
        leases.put(cluster, lease);
        saves++;
    }
}
