package io.fedstream.decide;

import io.fedstream.avro.IncidentState;
import io.fedstream.avro.StoredIncident;
import io.fedstream.failover.IncidentEntry;
import io.fedstream.failover.IncidentKey;
import io.fedstream.failover.IncidentStore;
import java.util.Optional;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The incident ledger's entries in the incidents store, keyed {@code workload key NUL incident id}, each as a {@link
 * StoredIncident} (schemas/internal).
 */
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
        return Optional.ofNullable(store.get(key(key))).map(StoreIncidents::entry);
    }

    @Override
    public void put(IncidentKey key, IncidentEntry entry) {
        store.put(key(key), stored(entry));
    }

    static StoredIncident stored(IncidentEntry entry) {
        return StoredIncident.newBuilder()
                .setState(IncidentState.valueOf(entry.state().name()))
                .setCommandId(entry.commandId())
                .setAttempt(entry.attempt())
                .setTargetCluster(entry.targetCluster())
                .setRemainingCandidates(entry.remainingCandidates())
                .setPreservedState(entry.preservedState())
                .setNotBefore(entry.notBefore())
                .build();
    }

    static IncidentEntry entry(StoredIncident stored) {
        return new IncidentEntry(IncidentEntry.State.valueOf(stored.getState().name()), stored.getCommandId(), stored.getAttempt(),
                stored.getTargetCluster(), stored.getRemainingCandidates(), stored.getPreservedState(), stored.getNotBefore());
    }
}
