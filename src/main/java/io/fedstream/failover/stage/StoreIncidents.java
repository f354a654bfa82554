package io.fedstream.failover.stage;

import io.fedstream.failover.IncidentEntry;
import io.fedstream.failover.IncidentKey;
import io.fedstream.failover.IncidentStore;
import java.util.Optional;
import org.apache.kafka.streams.state.KeyValueStore;

/** The incident ledger's entries in the incidents store, keyed {@code workload key NUL incident id}. */
final class StoreIncidents implements IncidentStore {

    private final KeyValueStore<String, StoredIncident> store;

    StoreIncidents(KeyValueStore<String, StoredIncident> store) {
        this.store = store;
    }

    static String key(IncidentKey key) {
        return key.workloadKey() + '\u0000' + key.incidentId();
    }

    @Override
    public Optional<IncidentEntry> get(IncidentKey key) {
        return Optional.ofNullable(store.get(key(key))).map(StoredIncident::entry);
    }

    @Override
    public void put(IncidentKey key, IncidentEntry entry) {
        store.put(key(key), StoredIncident.of(entry));
    }
}
