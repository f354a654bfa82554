package io.fedstream.decide;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.lease.ClusterView;
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
    /** Takes in the cluster's latest view; whether it shows more room to place into than the one before. */
    boolean apply(String cluster, ClusterWatch view) {
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
        return moreRoom(ClusterView.of(cluster, before), ClusterView.of(cluster, view));
    }

    /** Whether {@code after} can be granted and has more room than {@code before} in some resource, or could not be before. */
    private static boolean moreRoom(ClusterView before, ClusterView after) {
        if (!after.grantable()) {
            return false;
        }
        if (!before.grantable()) {
            return true;
        }
        return after.allocatable().amounts().keySet().stream().anyMatch(resource -> Math.subtractExact(after.allocatable().get(resource),
                after.allocated().get(resource)) > Math.subtractExact(before.allocatable().get(resource), before.allocated().get(resource)));
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
