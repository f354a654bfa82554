package io.fedstream.decide;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.interpret.Resources;
import io.fedstream.place.ClusterCapacity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the clusters' views ({@link TaskClusterViews}) as placement sees them: a view for choosing candidates; the room
 * a task holds on each cluster has the last word.
 */
public final class ClusterDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterDirectory.class);

    private ClusterDirectory() {}

    /**
     * The clusters known now, in name order; Ready only when the watch-clusters stage says READY, and otherwise saying
     * why; a cluster whose every heartbeat was refused is known, not Ready, with the refusal as the reason.
     */
    public static List<ClusterCapacity> clusters(ReadOnlyKeyValueStore<String, ClusterWatch> views) {
        List<ClusterCapacity> out = new ArrayList<>();
        try (KeyValueIterator<String, ClusterWatch> it = views.all()) {
            while (it.hasNext()) {
                KeyValue<String, ClusterWatch> entry = it.next();
                ClusterWatch watch = entry.value;
                if (watch.getHeartbeat() == null) {
                    if (watch.getRefusal() != null) {
                        out.add(new ClusterCapacity(entry.key, Map.of(), List.of(), Resources.NONE, Resources.NONE, Resources.NONE,
                                false, refusal(watch)));
                    }
                    continue;
                }
                try {
                    ClusterCapacity capacity = HeartbeatCapacity.of(watch.getHeartbeat(), watch.getState() == ClusterState.READY);
                    out.add(capacity.ready() ? capacity : new ClusterCapacity(capacity.name(), capacity.labels(), capacity.taints(),
                            capacity.allocatable(), capacity.allocated(), capacity.reserved(), false, notReady(watch), capacity.topology(),
                            capacity.servedKinds()));
                } catch (IllegalArgumentException e) {
                    // Such a heartbeat is LeasedRoom's to refuse with its reason; here the cluster is no candidate.
                    LOG.debug("Cluster {} left out of placement: {}", entry.key, e.getMessage());
                }
            }
        }
        return out;
    }

    /** Why a cluster that is not READY is not: its state and reason, and a refused heartbeat if there is one. */
    static String notReady(ClusterWatch watch) {
        String state = watch.getState() + " (" + watch.getReason() + ")";
        return watch.getRefusal() == null ? state : state + "; " + refusal(watch);
    }

    /** Names the latest refused heartbeat: {@code its last heartbeat was refused: allocatable.cpu: ...}. */
    public static String refusal(ClusterWatch watch) {
        return "its last heartbeat was refused: " + watch.getRefusal().getMessage();
    }
}
