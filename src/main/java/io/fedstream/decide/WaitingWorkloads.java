package io.fedstream.decide;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The workloads the retry punctuator looks at again ({@link PlaceFailoverStores#UNPLACED}): those waiting for a cluster
 * with room, and the re-scales waiting for their next round ({@link RescaleWait}).
 */
final class WaitingWorkloads {

    /** The store's value for a workload waiting for room (a re-scale's wait has its own). */
    private static final String FOR_ROOM = "";

    private final KeyValueStore<String, String> store;
    private final InFlightPlacements placementsInFlight;

    /** {@code placementsInFlight}: a workload that starts or stops waiting for room has no placement reservation in flight. */
    WaitingWorkloads(KeyValueStore<String, String> store, InFlightPlacements placementsInFlight) {
        this.store = store;
        this.placementsInFlight = placementsInFlight;
    }

    /**
     * Lists the workload among those waiting for room; its placement reservation is over. A workload listed already is
     * not written again, so a retry that finds no room again costs no changelog record.
     */
    void waitForRoom(String workloadKey) {
        placementsInFlight.settled(workloadKey);
        if (!FOR_ROOM.equals(store.get(workloadKey))) {
            store.put(workloadKey, FOR_ROOM);
        }
    }

    /**
     * Takes the workload off the list and out of the placements in flight. Most placed workloads were never on the list
     * (they were placed at the first asking), and a delete writes a changelog record even for a key that is not there.
     */
    void stopWaiting(String workloadKey) {
        placementsInFlight.settled(workloadKey);
        if (store.get(workloadKey) != null) {
            store.delete(workloadKey);
        }
    }

    /** The workload's re-scale waits as {@code wait} says. */
    void waitForRescale(String workloadKey, RescaleWait wait) {
        store.put(workloadKey, wait.encoded());
    }

    /** The workload's re-scale wait, null when it waits for none (or for room). */
    RescaleWait rescaleWait(String workloadKey) {
        return RescaleWait.parse(store.get(workloadKey));
    }

    /** The workload's re-scale waits no more. */
    void endRescaleWait(String workloadKey) {
        store.delete(workloadKey);
    }

    /** Every waiting workload with its stored wait, in key order: {@link RescaleWait#parse} tells a re-scale's from room's. */
    Map<String, String> all() {
        Map<String, String> waiting = new LinkedHashMap<>();
        try (KeyValueIterator<String, String> it = store.all()) {
            it.forEachRemaining(entry -> waiting.put(entry.key, entry.value));
        }
        return waiting;
    }
}
