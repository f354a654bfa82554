package io.fedstream.decide;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.config.Topic;
import io.fedstream.interpret.Resources;
import io.fedstream.place.ClusterCapacity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every member cluster as the placing tasks see it, on every instance: the watch-clusters stage's view (state and
 * latest heartbeat: labels, taints, allocatable, allocated) mirrored into a global store. It is a view for choosing
 * candidates; the cluster's own reserving task has the last word on room.
 */
public final class ClusterDirectory {

    /** Cluster name to its latest {@link ClusterWatch} as on the cluster-views topic. */
    public static final String STORE = "cluster-views-store";

    private static final Logger LOG = LoggerFactory.getLogger(ClusterDirectory.class);

    private ClusterDirectory() {}

    /**
     * Adds the global store and its source; {@code changes} counts the changes override rules can select, {@code
     * viewChanges} every change.
     */
    public static void addTo(StreamsBuilder builder, Topic<String, ClusterWatch> views, SelectableClusterChanges changes,
                             ClusterViewChanges viewChanges) {
        builder.addGlobalStore(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), views.valueSerde())
                        // A global store is restored from its source topic; a changelog would only copy it.
                        .withLoggingDisabled(),
                views.name(), views.consumedAs("cluster-views-mirror"), () -> new ViewMirror(changes, viewChanges));
    }

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
                    ClusterCapacity capacity = HeartbeatCapacity.of(watch.getHeartbeat(), watch.getState() == ClusterState.READY, Resources.NONE);
                    out.add(capacity.ready() ? capacity : new ClusterCapacity(capacity.name(), capacity.labels(), capacity.taints(),
                            capacity.allocatable(), capacity.allocated(), capacity.reserved(), false, notReady(watch), capacity.topology()));
                } catch (IllegalArgumentException e) {
                    // Such a heartbeat is the reserving task's to refuse with its reason; here the cluster is no candidate.
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

    /** Keeps the global store equal to the topic, one entry per cluster. */
    private static final class ViewMirror implements Processor<String, ClusterWatch, Void, Void> {

        private final SelectableClusterChanges changes;
        private final ClusterViewChanges viewChanges;
        private KeyValueStore<String, ClusterWatch> store;

        ViewMirror(SelectableClusterChanges changes, ClusterViewChanges viewChanges) {
            this.changes = changes;
            this.viewChanges = viewChanges;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, ClusterWatch> record) {
            if (record.key() == null) {
                return;
            }
            ClusterWatch before = store.get(record.key());
            if (record.value() == null) {
                store.delete(record.key());
            } else {
                store.put(record.key(), record.value());
            }
            // Counted once the store shows it: a bind task that sees the new count then reads the new entry.
            changes.observe(before, record.value());
            viewChanges.applied();
        }
    }
}
