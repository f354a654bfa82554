package io.fedstream.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What {@code fedstream bench} runs: how many workloads over how many namespaces and clusters, how many A/B rounds,
 * when a round counts as failed, and what the measured JVMs and fedstream are given besides the bench's own settings.
 *
 * @param workloads workload events produced once and read by every round
 * @param rounds pass-through/fedstream pairs, run interleaved A B A B
 * @param namespaces namespaces the workloads are spread over, each with a quota and a propagation policy
 * @param clusters member clusters heart-beating every {@code heartbeatInterval}
 * @param roundTimeout a round that has not seen every workload through by then fails
 * @param stallTimeout a round that makes no progress for this long fails
 * @param jvmOptions options of the measured JVMs (pass-through and fedstream), e.g. {@code -Xmx1g}; fedstream's come after
 *     the options it ships with ({@link #fedstreamJvmOptions()}), so they win
 * @param fedstreamSettings fedstream configuration keys, applied after the bench's own (e.g. rocksdb.memory.total.bytes)
 */
public record BenchSettings(int workloads, int rounds, int namespaces, int clusters, Duration heartbeatInterval,
        Duration roundTimeout, Duration stallTimeout, List<String> jvmOptions, Map<String, String> fedstreamSettings) {

    public BenchSettings {
        atLeast("workloads", workloads, 10);
        atLeast("rounds", rounds, 1);
        atLeast("namespaces", namespaces, 1);
        atLeast("clusters", clusters, 1);
        if (namespaces > workloads) {
            throw new IllegalArgumentException("namespaces: must not exceed workloads (" + workloads + "), got " + namespaces);
        }
        positive("heartbeat interval", heartbeatInterval);
        positive("round timeout", roundTimeout);
        positive("stall timeout", stallTimeout);
        jvmOptions = List.copyOf(jvmOptions);
        fedstreamSettings = Map.copyOf(fedstreamSettings);
    }

    /** fedstream's shipped JVM options ({@code fedstream-jvm.options}), then {@link #jvmOptions()}. */
    List<String> fedstreamJvmOptions() {
        return ShippedJvmOptions.followedBy(jvmOptions);
    }

    static void atLeast(String name, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + ": must be at least " + minimum + ", got " + value);
        }
    }

    static void positive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + ": must be positive, got " + value);
        }
    }
}
