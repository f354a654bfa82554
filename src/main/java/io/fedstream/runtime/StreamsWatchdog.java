package io.fedstream.runtime;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;

/**
 * Tells a Kafka Streams client that makes progress from one that is half-dead: ERROR, or not RUNNING (PENDING_ERROR,
 * REBALANCING without end) for longer than the bound, or a stream thread whose poll count has not moved for longer than
 * the bound (a thread parked in a blocking call). Fed observations by its owner; holds no thread and no clock.
 */
final class StreamsWatchdog {

    private static final String THREAD_METRICS = "stream-thread-metrics";
    private static final String POLL_TOTAL = "poll-total";

    private record Polls(double total, long changedAtNanos) {
    }

    private final long boundNanos;
    private final Map<String, Polls> threads = new HashMap<>();
    private Long notRunningSinceNanos;

    StreamsWatchdog(Duration bound) {
        this.boundNanos = bound.toNanos();
    }

    /** Each stream thread's poll count, from the client's metrics. */
    static Map<String, Double> pollTotals(Map<MetricName, ? extends Metric> metrics) {
        Map<String, Double> totals = new HashMap<>();
        metrics.forEach((name, metric) -> {
            if (name.group().equals(THREAD_METRICS) && name.name().equals(POLL_TOTAL) && metric.metricValue() instanceof Double value) {
                totals.put(name.tags().getOrDefault("thread-id", name.toString()), value);
            }
        });
        return totals;
    }

    /**
     * Records one observation and returns why the client is stalled beyond the bound, if it is.
     *
     * @param pollTotals each live stream thread's poll count; threads that are gone are forgotten
     */
    synchronized Optional<String> observe(long nowNanos, KafkaStreams.State observed, Map<String, Double> pollTotals) {
        if (observed == KafkaStreams.State.ERROR) {
            return Optional.of("Kafka Streams is in state ERROR");
        }
        if (observed == KafkaStreams.State.RUNNING) {
            notRunningSinceNanos = null;
        } else if (notRunningSinceNanos == null) {
            notRunningSinceNanos = nowNanos;
        }
        threads.keySet().retainAll(pollTotals.keySet());
        pollTotals.forEach((thread, total) -> threads.merge(thread, new Polls(total, nowNanos),
                (before, now) -> before.total() == now.total() ? before : now));
        if (notRunningSinceNanos != null && nowNanos - notRunningSinceNanos > boundNanos) {
            return Optional.of("Kafka Streams has been " + observed + " for " + millis(nowNanos - notRunningSinceNanos)
                    + " ms, longer than streams.stall.timeout.ms (" + millis(boundNanos) + " ms)");
        }
        for (Map.Entry<String, Polls> thread : threads.entrySet()) {
            long idle = nowNanos - thread.getValue().changedAtNanos();
            if (idle > boundNanos) {
                return Optional.of("stream thread " + thread.getKey() + " has not polled for " + millis(idle)
                        + " ms, longer than streams.stall.timeout.ms (" + millis(boundNanos) + " ms)");
            }
        }
        return Optional.empty();
    }

    /**
     * How long the client has made no progress as of the last observation: not RUNNING, or a stream thread that has not
     * polled; zero while it runs and polls. The probes read it before the bound is reached.
     */
    synchronized Duration stalledFor(long nowNanos) {
        long stalled = notRunningSinceNanos == null ? 0 : nowNanos - notRunningSinceNanos;
        for (Polls polls : threads.values()) {
            stalled = Math.max(stalled, nowNanos - polls.changedAtNanos());
        }
        return Duration.ofNanos(Math.max(0, stalled));
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
