package io.fedstream.place.stage;

import io.fedstream.avro.Reservation;
import io.fedstream.interpret.Resources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The capacity held on each cluster for workloads placed there, in the reservations store: one entry per cluster and
 * workload, live for the TTL after it was taken (the time a cluster's heartbeats may take to count the pods as
 * allocated, after which holding them too would count them twice).
 */
public final class ClusterReservations {

    private static final char SEPARATOR = '\u0000';
    private static final Serializer<String> KEYS = new StringSerializer();

    private final KeyValueStore<String, Reservation> store;
    private final long ttlMs;

    public ClusterReservations(KeyValueStore<String, Reservation> store, Duration ttl) {
        this.store = store;
        this.ttlMs = ttl.toMillis();
    }

    /** The store key of a workload's reservation on a cluster; every key of a cluster starts with {@code cluster + NUL}. */
    public static String key(String cluster, String workloadKey) {
        return cluster + SEPARATOR + workloadKey;
    }

    /**
     * The sum of the live reservations on the cluster, the workload's own left out (it is about to be replaced).
     * Expired reservations met on the way are deleted.
     */
    public Resources heldBesides(String cluster, String workloadKey, long now) {
        String own = key(cluster, workloadKey);
        Resources held = Resources.NONE;
        List<String> expired = new ArrayList<>();
        try (KeyValueIterator<String, Reservation> entries = store.prefixScan(cluster + SEPARATOR, KEYS)) {
            while (entries.hasNext()) {
                KeyValue<String, Reservation> entry = entries.next();
                if (!isLive(entry.value, now)) {
                    expired.add(entry.key);
                } else if (!entry.key.equals(own)) {
                    held = held.plus(Resources.fromQuantities(entry.value.getAmounts()));
                }
            }
        }
        // Deleted once the iterator is closed: not every store layer promises a stable scan under writes.
        expired.forEach(store::delete);
        return held;
    }

    /** The workload's live reservation on the cluster, or null. */
    public Reservation live(String cluster, String workloadKey, long now) {
        Reservation reservation = store.get(key(cluster, workloadKey));
        return isLive(reservation, now) ? reservation : null;
    }

    /** Holds capacity for the workload on the cluster, replacing what it held there before. */
    public void hold(String cluster, String workloadKey, Reservation reservation) {
        store.put(key(cluster, workloadKey), reservation);
    }

    /** Gives back what the workload held on the cluster. */
    public void release(String cluster, String workloadKey) {
        store.delete(key(cluster, workloadKey));
    }

    private boolean isLive(Reservation reservation, long now) {
        return reservation != null && now - reservation.getReservedAt().toEpochMilli() < ttlMs;
    }
}
