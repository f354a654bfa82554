package io.fedstream.decide;

import java.time.Duration;
import java.util.Objects;

/**
 * How the place and fail-over steps keep time: the default toleration of a NoExecute taint that no toleration of a
 * workload's policy tolerates ({@code health.toleration.ms}), the failure window within which the migration brake
 * counts clusters turning SUSPECT ({@code health.failure.threshold.ms}), how often open incidents are checked and
 * unplaced workloads retried, how long a task remembers the spread of a failover burst ({@code reservationTtl},
 * {@code place.reservation.ttl.ms}), and the partitions of the topics (the number of namespace tasks).
 */
public record PlaceFailoverSettings(Duration defaultToleration, Duration brakeWindow, Duration checkInterval, Duration placeRetryInterval,
                            Duration reservationTtl, int partitions) {

    public PlaceFailoverSettings {
        Objects.requireNonNull(defaultToleration, "defaultToleration");
        Objects.requireNonNull(brakeWindow, "brakeWindow");
        Objects.requireNonNull(checkInterval, "checkInterval");
        Objects.requireNonNull(placeRetryInterval, "placeRetryInterval");
        Objects.requireNonNull(reservationTtl, "reservationTtl");
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1: " + partitions);
        }
    }
}
