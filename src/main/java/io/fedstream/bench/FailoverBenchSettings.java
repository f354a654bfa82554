package io.fedstream.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What {@code fedstream bench failover} runs and what it requires of fedstream.
 *
 * @param workloads workload events produced once; each scenario places all of them
 * @param namespaces namespaces the workloads are spread over, each with a quota that admits all and a propagation policy
 * @param tolerationMs fedstream's {@code health.toleration.ms}: from SUSPECT to FAILED, and when an untolerated taint evicts
 * @param placeTimeout a scenario whose workloads are not all placed by then fails
 * @param stallTimeout a scenario that makes no progress placing for this long fails
 * @param failoverTimeout how long past the failure threshold and toleration to wait for FAILED and for the commands
 * @param maxCommandDelay the longest a command may come after the FAILED transition
 * @param maxSpreadPoints the largest deviation, in percentage points, of a survivor's share of the commands from its
 *     share of the free room
 * @param jvmOptions options of fedstream's JVM, e.g. {@code -Xmx1g}, after the ones it ships with
 *     ({@link #fedstreamJvmOptions()}), so they win
 * @param fedstreamSettings fedstream configuration keys, applied after the bench's own
 */
public record FailoverBenchSettings(int workloads, int namespaces, long tolerationMs, Duration placeTimeout, Duration stallTimeout,
        Duration failoverTimeout, Duration maxCommandDelay, double maxSpreadPoints, List<String> jvmOptions,
        Map<String, String> fedstreamSettings) {

    public FailoverBenchSettings {
        BenchSettings.atLeast("workloads", workloads, 10);
        BenchSettings.atLeast("namespaces", namespaces, 1);
        if (namespaces > workloads) {
            throw new IllegalArgumentException("namespaces: must not exceed workloads (" + workloads + "), got " + namespaces);
        }
        if (tolerationMs < 1) {
            throw new IllegalArgumentException("toleration: must be at least 1 ms (fedstream's health.toleration.ms), got " + tolerationMs);
        }
        BenchSettings.positive("place timeout", placeTimeout);
        BenchSettings.positive("stall timeout", stallTimeout);
        BenchSettings.positive("failover timeout", failoverTimeout);
        BenchSettings.positive("max command delay", maxCommandDelay);
        if (!(maxSpreadPoints >= 0 && maxSpreadPoints <= 100)) {
            throw new IllegalArgumentException("max spread: must be between 0 and 100 percentage points, got " + maxSpreadPoints);
        }
        jvmOptions = List.copyOf(jvmOptions);
        fedstreamSettings = Map.copyOf(fedstreamSettings);
    }

    /** fedstream's shipped JVM options ({@code fedstream-jvm.options}), then {@link #jvmOptions()}. */
    List<String> fedstreamJvmOptions() {
        return ShippedJvmOptions.followedBy(jvmOptions);
    }
}
