package io.fedstream.decide;

import io.fedstream.avro.WorkloadStatusEvent;
import org.apache.kafka.streams.state.KeyValueStore;

/** Each workload's latest reported status ({@link PlaceFailoverStores#STATUS}): its phase, checkpoint and consumer offsets. */
final class WorkloadStatuses {

    private final KeyValueStore<String, WorkloadStatusEvent> store;

    WorkloadStatuses(KeyValueStore<String, WorkloadStatusEvent> store) {
        this.store = store;
    }

    /** The latest status, null when none was reported. */
    WorkloadStatusEvent latest(String workloadKey) {
        return store.get(workloadKey);
    }

    void record(String workloadKey, WorkloadStatusEvent status) {
        store.put(workloadKey, status);
    }

    void forget(String workloadKey) {
        store.delete(workloadKey);
    }
}
