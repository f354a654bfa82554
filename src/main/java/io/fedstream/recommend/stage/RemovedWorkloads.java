package io.fedstream.recommend.stage;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The workloads whose binding a right-sizing task saw removed, for a while of record time, in the task's memory. An
 * agent reports the pods it still sees: a report of the last interval, or of pods still terminating, can arrive after
 * the binding's tombstone, and would start a history and a recommendation that no later tombstone removes. A new
 * binding of the same workload ends the memory of its removal.
 */
final class RemovedWorkloads {

    /**
     * How long after its removal a workload's usage is taken for a late report: several agent intervals (60 s by
     * default) plus a pod's termination grace period (30 s by default), so that a report is never held back longer.
     */
    static final Duration REMEMBERED = Duration.ofMinutes(10);

    /** Workload key to the removal's record time, oldest first. */
    private final LinkedHashMap<String, Long> removedAt = new LinkedHashMap<>();

    void removed(String workloadKey, long atMillis) {
        removedAt.remove(workloadKey);
        removedAt.put(workloadKey, atMillis);
    }

    void bound(String workloadKey) {
        removedAt.remove(workloadKey);
    }

    /** Whether usage at {@code atMillis} reports a workload removed less than {@link #REMEMBERED} before. */
    boolean recentlyRemoved(String workloadKey, long atMillis) {
        forgetBefore(atMillis - REMEMBERED.toMillis());
        return removedAt.containsKey(workloadKey);
    }

    private void forgetBefore(long millis) {
        Iterator<Map.Entry<String, Long>> oldest = removedAt.entrySet().iterator();
        while (oldest.hasNext() && oldest.next().getValue() < millis) {
            oldest.remove();
        }
    }
}
