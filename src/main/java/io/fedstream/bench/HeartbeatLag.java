package io.fedstream.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How late fedstream processed heartbeats. A heartbeat counts as processed when the health client's record of its
 * cluster (its watch store's changelog) first shows it or a later heartbeat of the same cluster (a later one can only be
 * processed after it); its lag is that record's time minus the heartbeat's own time. A heartbeat never seen processed
 * lags at least until observation ended.
 */
final class HeartbeatLag {

    private final Map<String, List<long[]>> recordsByCluster = new HashMap<>();

    /** fedstream's record of {@code cluster}, showing the heartbeat of {@code heartbeatAtMillis}, was written at {@code recordedAtMillis}. */
    void recorded(String cluster, long heartbeatAtMillis, long recordedAtMillis) {
        recordsByCluster.computeIfAbsent(cluster, c -> new ArrayList<>()).add(new long[] {heartbeatAtMillis, recordedAtMillis});
    }

    /**
     * The lag of every beat sent from {@code fromMillis} to {@code toMillis}, the records having been read until
     * {@code observedUntilMillis}.
     */
    Result of(List<Heartbeats.SentBeat> sent, long fromMillis, long toMillis, long observedUntilMillis) {
        int beats = 0;
        int unprocessed = 0;
        long max = 0;
        for (Heartbeats.SentBeat beat : sent) {
            if (beat.atMillis() < fromMillis || beat.atMillis() > toMillis) {
                continue;
            }
            beats++;
            long processedAt = Long.MAX_VALUE;
            for (long[] record : recordsByCluster.getOrDefault(beat.cluster(), List.of())) {
                if (record[0] >= beat.atMillis()) {
                    processedAt = Math.min(processedAt, record[1]);
                }
            }
            if (processedAt == Long.MAX_VALUE) {
                unprocessed++;
                processedAt = observedUntilMillis;
            }
            max = Math.max(max, processedAt - beat.atMillis());
        }
        return new Result(beats, max, unprocessed);
    }

    /**
     * @param beats the heartbeats sent in the window
     * @param maxLagMillis the largest lag among them (at least, when some were never seen processed)
     * @param unprocessed how many were never seen processed
     */
    record Result(int beats, long maxLagMillis, int unprocessed) {}
}
