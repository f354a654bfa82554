package io.fedstream.health.stage;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the watch last sent of each cluster on the cluster views, and whether a newer watch is worth sending: anything
 * else placement reads of it at once, a change of its capacity alone (allocatable, allocated: a busy cluster's change at
 * every heartbeat) at most once per {@code capacityInterval} of the watch's clock (at once when none went out within
 * it, else with the first watch after it), as Karmada's cluster status controller updates a Cluster's resource summary
 * every {@code --cluster-status-update-frequency} ({@code pkg/controllers/status/cluster_status_controller.go},
 * {@code Reconcile}).
 * <p>
 * Kept in memory only: after a restart nothing counts as sent, so each cluster's next watch goes out whole, and a
 * capacity change held back before the restart is sent then.
 */
final class SentViews {

    /** The view last sent, and the watch's clock when a view that changed capacity alone was last sent (null: none yet). */
    private record Sent(ClusterWatch view, Long capacitySentAt) {
    }

    private final Duration capacityInterval;
    private final Map<String, Sent> sent = new HashMap<>();

    SentViews(Duration capacityInterval) {
        this.capacityInterval = capacityInterval;
    }

    /** Whether {@code watch} should be sent now, the watch's clock at {@code healthTime} (epoch ms); if so, it counts as sent. */
    boolean send(ClusterWatch watch, long healthTime) {
        Sent last = sent.get(watch.getCluster());
        Long capacitySentAt = last == null ? null : last.capacitySentAt();
        if (last != null) {
            ClusterWatch before = last.view();
            boolean placementSame = before.getState() == watch.getState() && sameBesidesCapacity(before.getHeartbeat(), watch.getHeartbeat())
                    && Objects.equals(before.getRefusal(), watch.getRefusal()) && Objects.equals(before.getBrake(), watch.getBrake());
            if (placementSame) {
                if (sameCapacity(before.getHeartbeat(), watch.getHeartbeat())
                        || capacitySentAt != null && healthTime - capacitySentAt < capacityInterval.toMillis()) {
                    return false;
                }
                capacitySentAt = healthTime;
            }
        }
        sent.put(watch.getCluster(), new Sent(watch, capacitySentAt));
        return true;
    }

    private static boolean sameBesidesCapacity(ClusterHealthEvent a, ClusterHealthEvent b) {
        if (a == null || b == null) {
            return a == b;
        }
        return a.getLabels().equals(b.getLabels()) && a.getTaints().equals(b.getTaints())
                && Objects.equals(a.getProvider(), b.getProvider()) && Objects.equals(a.getRegion(), b.getRegion())
                && a.getZones().equals(b.getZones()) && Objects.equals(a.getServedKinds(), b.getServedKinds());
    }

    /** Of two heartbeats alike besides capacity: whether their capacity is alike too. */
    private static boolean sameCapacity(ClusterHealthEvent a, ClusterHealthEvent b) {
        return a == null || a.getAllocatable().equals(b.getAllocatable()) && a.getAllocated().equals(b.getAllocated());
    }
}
