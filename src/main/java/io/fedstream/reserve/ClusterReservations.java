package io.fedstream.reserve;

import io.fedstream.avro.Reservation;
import io.fedstream.interpret.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The capacity held on each cluster for workloads placed there, in the reservations store: one entry per cluster and
 * workload, live for the TTL after it was taken (the time a cluster's heartbeats may take to count the pods as
 * allocated, after which holding them too would count them twice). A running total per cluster and an index by
 * reservation time keep a request's cost independent of how many reservations the cluster holds: only the entries
 * that expired since are visited, and the scan for them is skipped until the oldest live one can have expired.
 */
public final class ClusterReservations {

    private static final char ENTRY = '\u0000';
    private static final char TOTAL = '\u0001';
    private static final char BY_TIME = '\u0002';
    private static final Serializer<String> KEYS = new StringSerializer();

    private final KeyValueStore<String, Reservation> store;
    private final long ttlMs;
    /**
     * Cluster to the earliest time one of its reservations can expire, as far as this processor has seen; a cluster
     * not in it is scanned. In memory only: a restarted task scans each cluster once.
     */
    private final Map<String, Long> nextExpiry = new HashMap<>();

    public ClusterReservations(KeyValueStore<String, Reservation> store, Duration ttl) {
        this.store = store;
        this.ttlMs = ttl.toMillis();
    }

    /** The store key of a workload's reservation on a cluster; every such key of a cluster starts with {@code cluster + NUL}. */
    public static String key(String cluster, String workloadKey) {
        return cluster + ENTRY + workloadKey;
    }

    /** Whether a store key is a reservation (rather than a cluster's total or its time index). */
    public static boolean isReservationKey(String key) {
        return key.indexOf(ENTRY) >= 0 && key.indexOf(BY_TIME) < 0;
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
        long reservedAt = reservation.getReservedAt().toEpochMilli();
        store.put(timeKey(cluster, reservedAt, workloadKey), reservation);
        nextExpiry.computeIfPresent(cluster, (c, next) -> Math.min(next, reservedAt + ttlMs));
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
        Long next = nextExpiry.get(cluster);
        if (next != null && now < next) {
            return;
        }
        List<String> expired = new ArrayList<>();
        long oldestLive = Long.MAX_VALUE;
        try (KeyValueIterator<String, Reservation> byTime = store.prefixScan(cluster + BY_TIME, KEYS)) {
            while (byTime.hasNext()) {
                KeyValue<String, Reservation> entry = byTime.next();
                long reservedAt = entry.value.getReservedAt().toEpochMilli();
                if (now - reservedAt < ttlMs) {
                    oldestLive = reservedAt;
                    break;
                }
                expired.add(entry.key);
            }
        }
        nextExpiry.put(cluster, oldestLive == Long.MAX_VALUE ? Long.MAX_VALUE : oldestLive + ttlMs);
        // Changed once the iterator is closed: not every store layer promises a stable scan under writes.
        for (String timeKey : expired) {
            release(cluster, timeKey.substring(timeKey.indexOf(ENTRY) + 1));
        }
    }

    /** Removes the workload's entry and its time index entry; returns what it held. */
    private Reservation forget(String cluster, String workloadKey) {
        Reservation old = store.get(key(cluster, workloadKey));
        if (old != null) {
            store.delete(key(cluster, workloadKey));
            store.delete(timeKey(cluster, old.getReservedAt().toEpochMilli(), workloadKey));
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

    private static String timeKey(String cluster, long reservedAt, String workloadKey) {
        return cluster + BY_TIME + String.format("%020d", reservedAt) + ENTRY + workloadKey;
    }
}
