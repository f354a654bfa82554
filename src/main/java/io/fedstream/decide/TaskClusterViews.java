package io.fedstream.decide;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import io.fedstream.config.Topic;
import io.fedstream.interpret.QuantityFields;
import io.fedstream.interpret.Resources;
import io.fedstream.lease.ClusterView;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ClusterTaint;
import io.fedstream.place.ClusterTopology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every member cluster as one namespace task sees it ({@link #STORE}): the watch-clusters stage's view (state and latest
 * heartbeat: labels, taints, allocatable, allocated), which it writes to every partition of the cluster-views topic;
 * and two counts of the changes taken in: every change, and those an override rule can select (a cluster that joins
 * or leaves, other labels, provider, region or zones), so that a step reads the views again only after one; and the
 * views as placement reads them ({@link #clusters()}, {@link #parsed}), parsed once per change.
 */
public final class TaskClusterViews {

    private static final Logger LOG = LoggerFactory.getLogger(TaskClusterViews.class);

    /**
     * Cluster name to its latest {@link ClusterWatch} as on the cluster-views topic: a source table whose changelog is
     * that topic itself ({@link #OPTIMIZATION}), since each partition of the compacted topic already holds every cluster's
     * latest view, and a changelog of its own would copy each view once more.
     */
    public static final String STORE = "cluster-views-store";

    /**
     * The topology optimization that lets {@link #STORE} be restored from the cluster-views topic instead of a changelog:
     * a restarted task reads the topic's partition up to its committed offset before it processes anything, so it holds
     * every cluster's latest view before it decides, and takes the views after that offset in as records.
     */
    public static final String OPTIMIZATION = StreamsConfig.REUSE_KTABLE_SOURCE_TOPICS;

    private final ReadOnlyKeyValueStore<String, ClusterWatch> latest;
    /** The view of each cluster this task last took in (the store holds the new one before the task takes it in). */
    private final Map<String, ClusterWatch> taken = new HashMap<>();
    private long changes;
    private long selectableChanges;
    /**
     * The clusters as {@link #clusters()} parsed them at the change count {@link #clustersAt}: a failover burst or a
     * retry of the waiting workloads places thousands of workloads against the same few clusters, and parsing every
     * cluster's heartbeat again for each was a seventh of the stream thread's samples while a burst of 5,000 moves was
     * planned.
     */
    private List<ClusterCapacity> clusters;
    private long clustersAt;
    /**
     * Each cluster's view and capacity, parsed once per change of the views: every ask of a burst asks about the
     * same few clusters, and reading and parsing the view for each was a twentieth of the pass's samples.
     */
    private final Map<String, Parsed> parsed = new HashMap<>();
    private long parsedAt = -1;

    /** A cluster's view (null: none) and its capacity, or why its heartbeat cannot be read. */
    record Parsed(ClusterWatch view, ClusterCapacity capacity, String badHeartbeat) {
    }

    /** {@code latest}: the store as {@link #latest} reads it, holding every view the task has taken in so far. */
    TaskClusterViews(ReadOnlyKeyValueStore<String, ClusterWatch> latest) {
        this.latest = latest;
        try (KeyValueIterator<String, ClusterWatch> all = latest.all()) {
            all.forEachRemaining(entry -> taken.put(entry.key, entry.value));
        }
    }

    /**
     * Adds the store as the table of the cluster-views topic, read first in line; returns its changes, keyed by cluster,
     * each as it is in the store (null: the cluster is gone), for the namespace pass and the allocators.
     */
    static KStream<String, ClusterWatch> addTo(StreamsBuilder builder, Topic<String, ClusterWatch> views) {
        // Kafka Streams names the source "cluster-views-source" and the table's processor "cluster-views". In memory, as
        // before: a RocksDB store costs each task about 50 ms to open at start (docs/benchmarks.md); no cache, so that
        // every view reaches the pass as its own record at once.
        return builder.table(views.name(), views.consumedFirstAs("cluster-views"),
                        Materialized.<String, ClusterWatch>as(Stores.inMemoryKeyValueStore(STORE))
                                .withKeySerde(Serdes.String()).withValueSerde(views.valueSerde()).withCachingDisabled())
                .toStream(Named.as("cluster-view-changes"));
    }

    /** The store of a processor connected to it, as its readers read it: the latest view by cluster name. */
    static ReadOnlyKeyValueStore<String, ClusterWatch> latest(ProcessingContext context) {
        TimestampedKeyValueStore<String, ClusterWatch> stamped = context.getStateStore(STORE);
        return new Unstamped(stamped);
    }

    /** Takes in the cluster's latest view ({@code view} null: the cluster is gone); whether it shows more room to place into than the one before. */
    boolean apply(String cluster, ClusterWatch view) {
        ClusterWatch before = view == null ? taken.remove(cluster) : taken.put(cluster, view);
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

    /** The store the task's readers read. */
    ReadOnlyKeyValueStore<String, ClusterWatch> latest() {
        return latest;
    }

    /** The clusters as {@link #clusters(ReadOnlyKeyValueStore)} reads them now; unmodifiable. */
    List<ClusterCapacity> clusters() {
        if (clusters == null || changes != clustersAt) {
            clusters = List.copyOf(clusters(latest));
            clustersAt = changes;
        }
        return clusters;
    }

    /** The cluster's view and capacity as they are now. */
    Parsed parsed(String cluster) {
        if (changes != parsedAt) {
            parsed.clear();
            parsedAt = changes;
        }
        return parsed.computeIfAbsent(cluster, this::parse);
    }

    private Parsed parse(String cluster) {
        ClusterWatch view = latest.get(cluster);
        if (view == null || view.getHeartbeat() == null) {
            return new Parsed(view, null, null);
        }
        try {
            return new Parsed(view, capacity(view.getHeartbeat(), true), null);
        } catch (IllegalArgumentException e) {
            return new Parsed(view, null, "cluster " + cluster + " reported a bad heartbeat: " + e.getMessage());
        }
    }

    /**
     * The clusters known now, in name order, as placement sees them for choosing candidates (the room a task holds on
     * each cluster has the last word); Ready only when the watch-clusters stage says READY, and otherwise saying why;
     * a cluster whose every heartbeat was refused is known, not Ready, with the refusal as the reason.
     */
    static List<ClusterCapacity> clusters(ReadOnlyKeyValueStore<String, ClusterWatch> views) {
        List<ClusterCapacity> out = new ArrayList<>();
        try (KeyValueIterator<String, ClusterWatch> it = views.all()) {
            while (it.hasNext()) {
                KeyValue<String, ClusterWatch> entry = it.next();
                ClusterWatch watch = entry.value;
                if (watch.getHeartbeat() == null) {
                    if (watch.getRefusal() != null) {
                        out.add(new ClusterCapacity(entry.key, Map.of(), List.of(), Resources.NONE, Resources.NONE,
                                Resources.NONE, false, refusal(watch)));
                    }
                    continue;
                }
                try {
                    ClusterCapacity capacity = capacity(watch.getHeartbeat(), watch.getState() == ClusterState.READY);
                    out.add(capacity.ready() ? capacity : new ClusterCapacity(capacity.name(), capacity.labels(),
                            capacity.taints(), capacity.allocatable(), capacity.allocated(), capacity.reserved(), false,
                            notReady(watch), capacity.topology(), capacity.servedKinds()));
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
    static String refusal(ClusterWatch watch) {
        return "its last heartbeat was refused: " + watch.getRefusal().getMessage();
    }

    /**
     * The cluster as the heartbeat reports it, with its provider, region and zones, the given readiness, nothing
     * reserved, and the kinds it serves when it says (Karmada's APIEnablement filter skips a cluster that does not
     * serve the workload's kind). A taint whose effect is not NoSchedule, PreferNoSchedule or NoExecute is taken as
     * NoSchedule: the safe side, since it keeps workloads that do not tolerate the taint off the cluster without
     * evicting the ones already there.
     *
     * @throws IllegalArgumentException when a quantity is bad, naming the field (e.g. {@code allocatable.cpu}) and
     *     value
     */
    static ClusterCapacity capacity(ClusterHealthEvent heartbeat, boolean ready) {
        return new ClusterCapacity(
                heartbeat.getCluster(),
                heartbeat.getLabels(),
                heartbeat.getTaints().stream().map(TaskClusterViews::taint).toList(),
                QuantityFields.parse("allocatable", heartbeat.getAllocatable()),
                QuantityFields.parse("allocated", heartbeat.getAllocated()),
                Resources.NONE,
                ready,
                null,
                new ClusterTopology(heartbeat.getProvider(), heartbeat.getRegion(), heartbeat.getZones()),
                heartbeat.getServedKinds() == null ? null : Set.copyOf(heartbeat.getServedKinds()));
    }

    private static ClusterTaint taint(Taint taint) {
        ClusterTaint.Effect effect = Arrays.stream(ClusterTaint.Effect.values())
                .filter(known -> known.name().equals(taint.getEffect())).findFirst()
                .orElse(ClusterTaint.Effect.NoSchedule);
        return new ClusterTaint(taint.getKey(), taint.getValue(), effect);
    }

    private static List<Object> selectable(ClusterWatch watch) {
        if (watch == null) {
            return null;
        }
        ClusterHealthEvent heartbeat = watch.getHeartbeat();
        return heartbeat == null ? List.of()
                : Arrays.asList(heartbeat.getLabels(), heartbeat.getProvider(), heartbeat.getRegion(), heartbeat.getZones());
    }

    /** A source table's store keeps each view with its record's timestamp, which no reader needs. */
    private record Unstamped(ReadOnlyKeyValueStore<String, ValueAndTimestamp<ClusterWatch>> stamped)
            implements ReadOnlyKeyValueStore<String, ClusterWatch> {

        @Override
        public ClusterWatch get(String cluster) {
            return ValueAndTimestamp.getValueOrNull(stamped.get(cluster));
        }

        @Override
        public KeyValueIterator<String, ClusterWatch> range(String from, String to) {
            return new Values(stamped.range(from, to));
        }

        @Override
        public KeyValueIterator<String, ClusterWatch> all() {
            return new Values(stamped.all());
        }

        @Override
        public long approximateNumEntries() {
            return stamped.approximateNumEntries();
        }
    }

    private record Values(KeyValueIterator<String, ValueAndTimestamp<ClusterWatch>> stamped) implements KeyValueIterator<String, ClusterWatch> {

        @Override
        public boolean hasNext() {
            return stamped.hasNext();
        }

        @Override
        public KeyValue<String, ClusterWatch> next() {
            KeyValue<String, ValueAndTimestamp<ClusterWatch>> next = stamped.next();
            return KeyValue.pair(next.key, ValueAndTimestamp.getValueOrNull(next.value));
        }

        @Override
        public String peekNextKey() {
            return stamped.peekNextKey();
        }

        @Override
        public void close() {
            stamped.close();
        }
    }
}
