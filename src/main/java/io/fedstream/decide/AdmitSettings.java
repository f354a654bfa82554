package io.fedstream.decide;

import java.time.Duration;
import java.util.Objects;

/**
 * How the admit step keeps time: the quota statuses of the namespaces that saw a decision or a quota change are
 * written every {@code statusInterval} ({@code admit.status.interval.ms}), so a status is at most one interval behind.
 */
public record AdmitSettings(Duration statusInterval) {

    /**
     * The default of {@code FedstreamConfig}: 1 s. At 100 ms (Kafka Streams' commit interval under exactly-once) the
     * statuses, and right-sizing's copy of them, cost 1.8 records a workload of a burst; at 1 s 0.6 (docs/benchmarks.md).
     */
    public static final Duration DEFAULT_STATUS_INTERVAL = Duration.ofSeconds(1);

    public AdmitSettings {
        Objects.requireNonNull(statusInterval, "statusInterval");
        if (statusInterval.isNegative() || statusInterval.isZero()) {
            throw new IllegalArgumentException("statusInterval must be positive (value: " + statusInterval + ")");
        }
    }
}
