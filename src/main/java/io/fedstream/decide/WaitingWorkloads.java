package io.fedstream.decide;

import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The workloads the retry punctuation looks at again: those waiting for a cluster with room, and the re-scales waiting
 * for their next round ({@link RescaleWait}). What each waits for is in its {@link Workloads} record; which ones wait is
 * kept in memory, rebuilt from the records when the task starts.
 */
final class WaitingWorkloads {

    /** The record's value for a workload waiting for room (a re-scale's wait has its own). */
    private static final String FOR_ROOM = "";

    private final Workloads workloads;
    private final NavigableSet<String> waiting = new TreeSet<>();

    WaitingWorkloads(Workloads workloads) {
        this.workloads = workloads;
    }

    /** A stored workload waits ({@code wait} its record's value, null: it does not): the rebuild when the task starts. */
    void stored(String workloadKey, String wait) {
        if (wait != null) {
            waiting.add(workloadKey);
        }
    }

    /** Lists the workload among those waiting for room. */
    void waitForRoom(String workloadKey) {
        set(workloadKey, FOR_ROOM);
    }

    /** Takes the workload off the list: it waits for room, or its re-scale for a round, no more. */
    void stopWaiting(String workloadKey) {
        set(workloadKey, null);
    }

    /** The workload's re-scale waits as {@code wait} says. */
    void waitForRescale(String workloadKey, RescaleWait wait) {
        set(workloadKey, wait.encoded());
    }

    /** The workload's re-scale wait, null when it waits for none (or for room). */
    RescaleWait rescaleWait(String workloadKey) {
        return waiting.contains(workloadKey) ? RescaleWait.parse(workloads.of(workloadKey).getWaiting()) : null;
    }

    /** The waiting workloads, in key order. */
    List<String> keys() {
        return List.copyOf(waiting);
    }

    /** Lists a workload whose entry cannot be read no more, without reading it. */
    void drop(String workloadKey) {
        waiting.remove(workloadKey);
    }

    private void set(String workloadKey, String wait) {
        if (wait == null ? !waiting.contains(workloadKey) : waiting.contains(workloadKey) && wait.equals(workloads.of(workloadKey).getWaiting())) {
            return;
        }
        workloads.of(workloadKey).setWaiting(wait);
        workloads.changed(workloadKey);
        if (wait == null) {
            waiting.remove(workloadKey);
        } else {
            waiting.add(workloadKey);
        }
    }
}
