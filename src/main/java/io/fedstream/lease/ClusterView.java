package io.fedstream.lease;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.interpret.Resources;
import io.fedstream.interpret.QuantityFields;

/**
 * A cluster as its allocator sees it: its state and, from its latest valid heartbeat, what it reports allocatable and
 * allocated; {@code why} says why nothing can be granted there (null when the cluster is READY with a valid heartbeat).
 */
public record ClusterView(ClusterState state, String why, Resources allocatable, Resources allocated) {

    public ClusterView {
        allocatable = allocatable == null ? Resources.NONE : allocatable;
        allocated = allocated == null ? Resources.NONE : allocated;
    }

    /** A cluster the allocator has no view of (none yet, or its view was deleted). */
    public static ClusterView unknown(String cluster) {
        return new ClusterView(null, "no view of cluster " + cluster + " yet", Resources.NONE, Resources.NONE);
    }

    /** The cluster as the watch-clusters stage's view shows it; a null view is {@link #unknown}. */
    public static ClusterView of(String cluster, ClusterWatch watch) {
        if (watch == null) {
            return unknown(cluster);
        }
        ClusterHealthEvent heartbeat = watch.getHeartbeat();
        if (heartbeat == null) {
            return new ClusterView(watch.getState(), watch.getRefusal() == null
                    ? "cluster " + cluster + " has not reported a heartbeat"
                    : "cluster " + cluster + ": its last heartbeat was refused: " + watch.getRefusal().getMessage(),
                    Resources.NONE, Resources.NONE);
        }
        Resources allocatable;
        Resources allocated;
        try {
            allocatable = QuantityFields.parse("allocatable", heartbeat.getAllocatable());
            allocated = QuantityFields.parse("allocated", heartbeat.getAllocated());
        } catch (IllegalArgumentException e) {
            // The health stage refuses such heartbeats before they reach a view; a view that holds one grants nothing.
            return new ClusterView(watch.getState(), "cluster " + cluster + " reported a bad heartbeat: " + e.getMessage(),
                    Resources.NONE, Resources.NONE);
        }
        String why = watch.getState() == ClusterState.READY ? null
                : "cluster " + cluster + " is " + watch.getState() + " (" + watch.getReason() + ")";
        return new ClusterView(watch.getState(), why, allocatable, allocated);
    }

    public boolean grantable() {
        return why == null;
    }
}
