package io.fedstream.decide;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the changes of what an override rule can select of a member cluster, as the cluster directory applies them:
 * a cluster that joins or leaves, or whose heartbeat brings other labels, provider, region or zones. Heartbeats that
 * change nothing of these (every second per cluster) do not count, so the bind tasks, which compare this count with
 * the one they followed last, read the directory only after a change (docs/overrides.md).
 */
public final class SelectableClusterChanges {

    private final AtomicLong count = new AtomicLong();

    /** How many such changes this instance has applied since it started; moves on every one. */
    public long count() {
        return count.get();
    }

    /** The directory's entry for a cluster goes from {@code before} to {@code after} (null: none). */
    void observe(ClusterWatch before, ClusterWatch after) {
        if (!Objects.equals(selectable(before), selectable(after))) {
            count.incrementAndGet();
        }
    }

    private static List<Object> selectable(ClusterWatch watch) {
        if (watch == null) {
            return null;
        }
        ClusterHealthEvent heartbeat = watch.getHeartbeat();
        return heartbeat == null ? List.of()
                : Arrays.asList(heartbeat.getLabels(), heartbeat.getProvider(), heartbeat.getRegion(), heartbeat.getZones());
    }
}
