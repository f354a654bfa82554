package io.fedstream.failover;

import io.fedstream.avro.PurgeMode;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * When the copy that an eviction leaves on a cluster is purged, as Karmada decides it: {@code Directly} at once (the
 * binding controller removes the evicted cluster's Work, {@code pkg/controllers/binding/binding_controller.go} with
 * {@code helper.ObtainClustersWithPurgeModeDirectly}); {@code Gracefully} once the new copy is healthy where the workload
 * now runs, or {@code gracePeriodSeconds} after the eviction, whichever comes first ({@code
 * pkg/controllers/gracefuleviction/evictiontask.go} {@code assessSingleTask}, called by {@code
 * rb_graceful_eviction_controller.go} {@code syncBinding} with the binding's aggregated status of the clusters scheduled
 * now); {@code Never} not at all (the task's {@code SuppressDeletion}).
 */
public final class GracefulEviction {

    private GracefulEviction() {}

    /**
     * Why the copy is purged now, empty while it stays.
     *
     * @param gracePeriodSeconds how long a graceful purge may wait; null waits nothing
     * @param evictedAt when the copy was evicted (the first command of the incident)
     * @param healthyOn the cluster where the new copy reported healthy since the eviction, null when none did
     */
    public static Optional<String> purgeNow(PurgeMode mode, Integer gracePeriodSeconds, Instant evictedAt, Instant now, String healthyOn) {
        Objects.requireNonNull(mode, "purgeMode");
        if (mode == PurgeMode.Directly) {
            return Optional.of("purgeMode Directly: the copy goes with the eviction");
        }
        if (mode == PurgeMode.Never) {
            return Optional.empty();
        }
        long grace = gracePeriodSeconds == null ? 0 : gracePeriodSeconds;
        if (!now.isBefore(evictedAt.plusSeconds(grace))) {
            return Optional.of("purgeMode Gracefully: gracePeriodSeconds " + grace + " passed since the eviction");
        }
        if (healthyOn != null) {
            return Optional.of("purgeMode Gracefully: the new copy is healthy on " + healthyOn);
        }
        return Optional.empty();
    }
}
