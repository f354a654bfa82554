package io.fedstream.executor;

import static org.assertj.core.api.Assertions.fail;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.decide.TaskClusterViews;
import io.fedstream.runtime.AppInstance;
import java.time.Duration;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** The workload client's mirror of the cluster views, as placement reads it; for integration tests. */
final class ClusterViews {

    private ClusterViews() {}

    /**
     * Waits until placement sees every cluster ready: a workload that came before a cluster's first heartbeat reached
     * the mirror would go elsewhere, as Karmada's scheduler sends it past a cluster that is not ready.
     */
    static void awaitReady(AppInstance app, Duration wait, String... clusters) throws InterruptedException {
        ReadOnlyKeyValueStore<String, ClusterWatch> views = app.runner().streams()
                .store(StoreQueryParameters.fromNameAndType(TaskClusterViews.STORE, QueryableStoreTypes.keyValueStore()));
        long deadline = System.nanoTime() + wait.toNanos();
        for (String cluster : clusters) {
            ClusterWatch view = views.get(cluster);
            while (view == null || view.getState() != ClusterState.READY || view.getHeartbeat() == null) {
                if (System.nanoTime() > deadline) {
                    fail("cluster %s not ready in the placement's view within %s: %s", cluster, wait, view);
                }
                Thread.sleep(50);
                view = views.get(cluster);
            }
        }
    }
}
