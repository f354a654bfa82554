package io.fedstream.decide;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Every member cluster as one namespace task sees it ({@link #STORE}): the watch-clusters stage's view (state and latest
 * heartbeat: labels, taints, allocatable, allocated), which it writes to every partition of the cluster-views topic;
 * and two counts of the changes taken in: every change, and those an override rule can select (a cluster that joins
 * or leaves, other labels, provider, region or zones), so that a step reads the views again only after one.
 */
public final class TaskClusterViews {

    /** Cluster name to its latest {@link ClusterWatch} as on the cluster-views topic. */
    public static final String STORE = "cluster-views-store";

    private final KeyValueStore<String, ClusterWatch> store;
    private long changes;
    private long selectableChanges;

    TaskClusterViews(KeyValueStore<String, ClusterWatch> store) {
        this.store = store;
    }

    /** Adds the store: a view per cluster, kept in memory and restored from its changelog. */
    static void addTo(StreamsBuilder builder, Serde<ClusterWatch> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), values));
    }

    /** Takes in a cluster's view ({@code view} null: the cluster is gone). */
    void apply(String cluster, ClusterWatch view) {
        ClusterWatch before = store.get(cluster);
        if (view == null) {
            store.delete(cluster);
        } else {
            store.put(cluster, view);
        }
        changes++;
        if (!Objects.equals(selectable(before), selectable(view))) {
            selectableChanges++;
        }
    }

    /** How many changes this task has taken in since it started. */
    long changes() {
        return changes;
    }

    /** How many changes of what an override rule can select of a cluster this task has taken in since it started. */
    long selectableChanges() {
        return selectableChanges;
    }

    private static List<Object> selectable(ClusterWatch watch) {
        if (watch == null) {
            return null;
        }
        ClusterHealthEvent heartbeat = watch.getHeartbeat();
        return heartbeat == null ? List.of()
                : Arrays.asList(heartbeat.getLabels(), heartbeat.getProvider(), heartbeat.getRegion(), heartbeat.getZones());
    }
}
