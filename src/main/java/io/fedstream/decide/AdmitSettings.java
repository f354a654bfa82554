package io.fedstream.decide;

import java.time.Duration;
import java.util.Objects;

/**
 * How the admit stage keeps time: the quota statuses of the namespaces that saw a decision or a quota change are
 * written every {@code statusInterval} ({@code admit.status.interval.ms}), so a status is at most one interval behind.
 */
public record AdmitSettings(Duration statusInterval) {

    /** The default of {@code FedstreamConfig}: 100 ms, Kafka Streams' commit interval under exactly-once. */
    public static final Duration DEFAULT_STATUS_INTERVAL = Duration.ofMillis(100);

    public AdmitSettings {
        Objects.requireNonNull(statusInterval, "statusInterval");
        if (statusInterval.isNegative() || statusInterval.isZero()) {
            throw new IllegalArgumentException("statusInterval must be positive (value: " + statusInterval + ")");
        }
    }

    public static AdmitSettings defaults() {
        return new AdmitSettings(DEFAULT_STATUS_INTERVAL);
    }
}
