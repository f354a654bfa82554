package io.fedstream.decide;

import io.fedstream.avro.Reservation;
import io.fedstream.interpret.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The capacity held on each cluster for workloads placed there, in the reservations store: one entry per cluster and
 * workload, live for the TTL after it was taken (the time a cluster's heartbeats may take to count the pods as
 * allocated, after which holding them too would count them twice). A running total per cluster keeps a request's cost
 * independent of how many reservations the cluster holds, and an index by reservation time, kept in memory, finds the
 * entries that expired: it is built by one scan of a cluster's entries the first time the cluster is touched after a
 * start, so that it costs no store write (and no changelog record) of its own.
 */
public final class ClusterReservations {

    private static final char ENTRY = '\u0000';
    private static final char TOTAL = '\u0001';
    /** Where an earlier version kept the time index in the store; such entries are deleted when a cluster is loaded. */
    private static final char LEGACY_BY_TIME = '\u0002';
    private static final Serializer<String> KEYS = new StringSerializer();

    private final KeyValueStore<String, Reservation> store;
    private final long ttlMs;
    /** Cluster to its live reservations, oldest first; a cluster not in it has not been loaded from the store yet. */
    private final Map<String, NavigableSet<Held>> byTime = new HashMap<>();

    /** A workload's reservation on a cluster, ordered by when it was taken. */
    private record Held(long reservedAt, String workloadKey) implements Comparable<Held> {
        private static final Comparator<Held> ORDER = Comparator.comparingLong(Held::reservedAt).thenComparing(Held::workloadKey);

        @Override
        public int compareTo(Held other) {
            return ORDER.compare(this, other);
        }
    }

    public ClusterReservations(KeyValueStore<String, Reservation> store, Duration ttl) {
        this.store = store;
        this.ttlMs = ttl.toMillis();
    }

    /** The store key of a workload's reservation on a cluster; every such key of a cluster starts with {@code cluster + NUL}. */
    public static String key(String cluster, String workloadKey) {
        return cluster + ENTRY + workloadKey;
    }

    /** Whether a store key is a reservation (rather than a cluster's total). */
    public static boolean isReservationKey(String key) {
        return key.indexOf(ENTRY) >= 0 && key.indexOf(LEGACY_BY_TIME) < 0;
    }

    /**
     * The sum of the live reservations on the cluster, the workload's own left out (it is about to be replaced).
     * Reservations that expired by {@code now} are deleted first.
     */
    public Resources heldBesides(String cluster, String workloadKey, long now) {
        expire(cluster, now);
        Reservation total = store.get(cluster + TOTAL);
        Resources held = total == null ? Resources.NONE : Resources.fromQuantities(total.getAmounts());
        Reservation own = store.get(key(cluster, workloadKey));
        return own == null ? held : held.plus(Resources.fromQuantities(own.getAmounts()).times(-1));
    }

    /** The workload's live reservation on the cluster, or null. */
    public Reservation live(String cluster, String workloadKey, long now) {
        Reservation reservation = store.get(key(cluster, workloadKey));
        return reservation != null && now - reservation.getReservedAt().toEpochMilli() < ttlMs ? reservation : null;
    }

    /** Holds capacity for the workload on the cluster, replacing what it held there before. */
    public void hold(String cluster, String workloadKey, Reservation reservation) {
        Resources change = Resources.fromQuantities(reservation.getAmounts());
        Reservation old = forget(cluster, workloadKey);
        if (old != null) {
            change = change.plus(Resources.fromQuantities(old.getAmounts()).times(-1));
        }
        store.put(key(cluster, workloadKey), reservation);
        held(cluster).add(new Held(reservation.getReservedAt().toEpochMilli(), workloadKey));
        addToTotal(cluster, change);
    }

    /** Gives back what the workload held on the cluster. */
    public void release(String cluster, String workloadKey) {
        Reservation old = forget(cluster, workloadKey);
        if (old != null) {
            addToTotal(cluster, Resources.fromQuantities(old.getAmounts()).times(-1));
        }
    }

    /** Deletes the reservations of the cluster taken at least the TTL before {@code now}, oldest first. */
    private void expire(String cluster, long now) {
        NavigableSet<Held> held = held(cluster);
        while (!held.isEmpty() && now - held.first().reservedAt() >= ttlMs) {
            release(cluster, held.first().workloadKey());
        }
    }

    /** The cluster's reservations by time, loaded from the store when the cluster is first touched. */
    private NavigableSet<Held> held(String cluster) {
        NavigableSet<Held> held = byTime.get(cluster);
        if (held == null) {
            held = new TreeSet<>();
            try (KeyValueIterator<String, Reservation> entries = store.prefixScan(cluster + ENTRY, KEYS)) {
                while (entries.hasNext()) {
                    KeyValue<String, Reservation> entry = entries.next();
                    held.add(new Held(entry.value.getReservedAt().toEpochMilli(), entry.key.substring(cluster.length() + 1)));
                }
            }
            deleteLegacyTimeIndex(cluster);
            byTime.put(cluster, held);
        }
        return held;
    }

    private void deleteLegacyTimeIndex(String cluster) {
        List<String> legacy = new ArrayList<>();
        try (KeyValueIterator<String, Reservation> entries = store.prefixScan(cluster + LEGACY_BY_TIME, KEYS)) {
            entries.forEachRemaining(entry -> legacy.add(entry.key));
        }
        // Deleted once the iterator is closed: not every store layer promises a stable scan under writes.
        legacy.forEach(store::delete);
    }

    /** Removes the workload's entry; returns what it held. */
    private Reservation forget(String cluster, String workloadKey) {
        Reservation old = store.get(key(cluster, workloadKey));
        if (old != null) {
            store.delete(key(cluster, workloadKey));
            held(cluster).remove(new Held(old.getReservedAt().toEpochMilli(), workloadKey));
        }
        return old;
    }

    private void addToTotal(String cluster, Resources change) {
        Reservation total = store.get(cluster + TOTAL);
        Resources sum = (total == null ? Resources.NONE : Resources.fromQuantities(total.getAmounts())).plus(change);
        store.put(cluster + TOTAL, Reservation.newBuilder()
                .setRequestId("total")
                .setAmounts(sum.toQuantities())
                .setReservedAt(Instant.EPOCH)
                .build());
    }
}
