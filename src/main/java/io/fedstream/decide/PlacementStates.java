package io.fedstream.decide;

import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** Each workload's {@link PlacementState} ({@link PlaceFailoverStores#WORKLOADS}); a workload with none is {@link PlacementState#NEW}. */
final class PlacementStates {

    private final KeyValueStore<String, PlacementState> store;

    PlacementStates(KeyValueStore<String, PlacementState> store) {
        this.store = store;
    }

    PlacementState of(String workloadKey) {
        PlacementState stored = store.get(workloadKey);
        return stored == null ? PlacementState.NEW : stored;
    }

    void save(String workloadKey, PlacementState state) {
        store.put(workloadKey, state);
    }

    void forget(String workloadKey) {
        store.delete(workloadKey);
    }

    /** Every stored state, for the rebuilds at start; the caller closes the iterator. */
    KeyValueIterator<String, PlacementState> all() {
        return store.all();
    }
}
