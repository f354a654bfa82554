package io.fedstream.health;

import java.time.Duration;
import java.util.Objects;

/**
 * The cluster watch's timings: silence or Ready not True for {@code failureThreshold} makes a cluster SUSPECT,
 * SUSPECT for {@code toleration} makes it FAILED, a RECOVERING cluster is READY after {@code successThreshold} of
 * health (doubled per earlier incident within {@code flapWindow}), and the store is scanned every {@code checkInterval}.
 */
public record HealthSettings(
        Duration failureThreshold, Duration toleration, Duration successThreshold, Duration flapWindow, Duration checkInterval) {

    public HealthSettings {
        positive(failureThreshold, "failureThreshold");
        positive(toleration, "toleration");
        positive(successThreshold, "successThreshold");
        positive(flapWindow, "flapWindow");
        positive(checkInterval, "checkInterval");
    }

    /** The defaults of {@code FedstreamConfig}: 30 s, 300 s, 10 s, 10 min, 1 s. */
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
