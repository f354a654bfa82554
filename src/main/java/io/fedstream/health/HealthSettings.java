package io.fedstream.health;

import java.time.Duration;
import java.util.Objects;

/**
 * The cluster watch's timings and brake: silence or Ready not True for {@code failureThreshold} makes a cluster
 * SUSPECT, SUSPECT for {@code toleration} makes it FAILED, a RECOVERING cluster is READY after {@code successThreshold}
 * of health (doubled per earlier incident within {@code flapWindow}), the store is scanned every {@code checkInterval},
 * nothing changes while the health input lags by {@code inputLagTolerance}, and the migration brake holds while at
 * least {@code brakeRatio} of the known clusters (and {@code brakeMinClusters}) turned SUSPECT within one failure
 * threshold; a change of a cluster's capacity alone (allocatable, allocated) is sent on at most once every
 * {@code capacityUpdateInterval} of the watch's clock, as Karmada updates a cluster's status on its own period.
 */
public record HealthSettings(
        Duration failureThreshold, Duration toleration, Duration successThreshold, Duration flapWindow, Duration checkInterval,
        Duration inputLagTolerance, double brakeRatio, int brakeMinClusters, Duration capacityUpdateInterval) {

    /** Karmada's {@code --cluster-status-update-frequency} default. */
    public static final Duration DEFAULT_CAPACITY_UPDATE_INTERVAL = Duration.ofSeconds(10);

    public HealthSettings {
        positive(failureThreshold, "failureThreshold");
        positive(toleration, "toleration");
        positive(successThreshold, "successThreshold");
        positive(flapWindow, "flapWindow");
        positive(checkInterval, "checkInterval");
        positive(inputLagTolerance, "inputLagTolerance");
        Objects.requireNonNull(capacityUpdateInterval, "capacityUpdateInterval");
        if (capacityUpdateInterval.isNegative()) {
            throw new IllegalArgumentException("capacityUpdateInterval must not be negative (value: " + capacityUpdateInterval + ")");
        }
        if (!(brakeRatio > 0 && brakeRatio <= 1)) {
            throw new IllegalArgumentException("brakeRatio must be in (0, 1] (value: " + brakeRatio + ")");
        }
        if (brakeMinClusters < 1) {
            throw new IllegalArgumentException("brakeMinClusters must be at least 1 (value: " + brakeMinClusters + ")");
        }
    }

    /** The timings and brake with the default capacity update interval. */
    public HealthSettings(Duration failureThreshold, Duration toleration, Duration successThreshold, Duration flapWindow,
                          Duration checkInterval, Duration inputLagTolerance, double brakeRatio, int brakeMinClusters) {
        this(failureThreshold, toleration, successThreshold, flapWindow, checkInterval, inputLagTolerance, brakeRatio, brakeMinClusters,
                DEFAULT_CAPACITY_UPDATE_INTERVAL);
    }

    /** The first five timings with the defaults of the lag tolerance (the failure threshold) and the brake (half, at least 2). */
    public HealthSettings(Duration failureThreshold, Duration toleration, Duration successThreshold, Duration flapWindow,
                          Duration checkInterval) {
        this(failureThreshold, toleration, successThreshold, flapWindow, checkInterval,
                failureThreshold, 0.5, 2);
    }

    /** The defaults of {@code FedstreamConfig}: 30 s, 300 s, 10 s, 10 min, 1 s, 30 s, 0.5, 2, 10 s. */
    public static HealthSettings defaults() {
        return new HealthSettings(Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofSeconds(10),
                Duration.ofMinutes(10), Duration.ofSeconds(1));
    }

    private static void positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive (value: " + value + ")");
        }
    }
}
