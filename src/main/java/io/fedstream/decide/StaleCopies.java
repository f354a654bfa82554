package io.fedstream.decide;

import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Per cluster, the workloads moved away from it and the command that moved each ({@link PlaceFailoverStores#STALE_COPIES}):
 * their copies there are purged when the cluster recovers.
 */
final class StaleCopies {

    private final KeyValueStore<String, String> store;

    StaleCopies(KeyValueStore<String, String> store) {
        this.store = store;
    }

    void remember(String cluster, String workloadKey, String commandId) {
        store.put(ClusterWorkloadKeys.of(cluster, workloadKey), commandId);
    }

    /** The workloads with a stale copy on the cluster. */
    List<String> on(String cluster) {
        return ClusterWorkloadKeys.under(store, cluster);
    }

    /** The id of the command that moved the workload off the cluster, null when it left no copy there. */
    String movedBy(String cluster, String workloadKey) {
        return store.get(ClusterWorkloadKeys.of(cluster, workloadKey));
    }

    void forget(String cluster, String workloadKey) {
        store.delete(ClusterWorkloadKeys.of(cluster, workloadKey));
    }
}
