package io.fedstream.failover;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Where the incident ledger keeps its entries: a state store in the stage, a map in tests. */
public interface IncidentStore {

    Optional<IncidentEntry> get(IncidentKey key);

    void put(IncidentKey key, IncidentEntry entry);

    static IncidentStore inMemory() {
        Map<IncidentKey, IncidentEntry> map = new HashMap<>();
        return new IncidentStore() {
            @Override
            public Optional<IncidentEntry> get(IncidentKey key) {
                return Optional.ofNullable(map.get(key));
            }

            @Override
            public void put(IncidentKey key, IncidentEntry entry) {
                map.put(key, entry);
            }
        };
    }
}
