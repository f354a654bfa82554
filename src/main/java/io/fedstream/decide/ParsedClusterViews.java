package io.fedstream.decide;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.place.ClusterCapacity;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * One task's parse of the cluster directory ({@link ClusterDirectory#clusters}), kept until the directory changes: a
 * failover burst or a retry of the waiting workloads places thousands of workloads against the same few clusters, and
 * parsing every cluster's heartbeat again for each was a seventh of the stream thread's samples while a burst of
 * 5,000 moves was planned.
 */
public final class ParsedClusterViews {

    private final ReadOnlyKeyValueStore<String, ClusterWatch> views;
    private final LongSupplier changes;
    private List<ClusterCapacity> clusters;
    private long parsedAt;

    public ParsedClusterViews(ReadOnlyKeyValueStore<String, ClusterWatch> views, LongSupplier changes) {
        this.views = views;
        this.changes = changes;
    }

    /** The clusters as {@link ClusterDirectory#clusters} reads them now; unmodifiable. */
    public List<ClusterCapacity> clusters() {
        // Counted before reading: a change applied in between is read now and parsed again next time.
        long count = changes.getAsLong();
        if (clusters == null || count != parsedAt) {
            clusters = List.copyOf(ClusterDirectory.clusters(views));
            parsedAt = count;
        }
        return clusters;
    }
}
