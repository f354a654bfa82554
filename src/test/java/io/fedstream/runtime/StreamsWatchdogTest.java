package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;

class StreamsWatchdogTest {

    private static final long SECOND = 1_000_000_000L;

    private final StreamsWatchdog watchdog = new StreamsWatchdog(Duration.ofSeconds(60));

    @Test
    void aRunningClientWhoseThreadsPollIsNeverStalled() {
        for (int s = 0; s <= 600; s += 10) {
            assertThat(watchdog.observe(s * SECOND, State.RUNNING, Map.of("t1", (double) s, "t2", (double) s * 2))).isEmpty();
        }
    }

    @Test
    void howLongItHasStalledGrowsFromTheFirstObservationWithoutProgressAndIsZeroOnceItMovesAgain() {
        watchdog.observe(0, State.RUNNING, Map.of("t1", 10.0, "t2", 10.0));
        watchdog.observe(20 * SECOND, State.RUNNING, Map.of("t1", 20.0, "t2", 10.0));

        assertThat(watchdog.stalledFor(25 * SECOND)).as("t2 has not polled since 0").isEqualTo(Duration.ofSeconds(25));

        watchdog.observe(30 * SECOND, State.RUNNING, Map.of("t1", 30.0, "t2", 11.0));
        assertThat(watchdog.stalledFor(30 * SECOND)).isEqualTo(Duration.ZERO);
        watchdog.observe(31 * SECOND, State.REBALANCING, Map.of("t1", 31.0, "t2", 12.0));
        assertThat(watchdog.stalledFor(40 * SECOND)).isEqualTo(Duration.ofSeconds(9));
    }

    @Test
    void errorIsAStallAtOnce() {
        assertThat(watchdog.observe(0, State.ERROR, Map.of())).contains("Kafka Streams is in state ERROR");
    }

    @Test
    void notRunningForLongerThanTheBoundIsAStallEvenWhileThreadsPoll() {
        watchdog.observe(0, State.RUNNING, Map.of("t1", 1.0));
        assertThat(watchdog.observe(5 * SECOND, State.PENDING_ERROR, Map.of("t1", 2.0))).isEmpty();
        assertThat(watchdog.observe(65 * SECOND, State.PENDING_ERROR, Map.of("t1", 3.0))).isEmpty();
        assertThat(watchdog.observe(66 * SECOND, State.PENDING_ERROR, Map.of("t1", 4.0)))
                .contains("Kafka Streams has been PENDING_ERROR for 61000 ms, longer than streams.stall.timeout.ms (60000 ms)");
    }

    @Test
    void aRebalanceThatEndsWithinTheBoundIsNoStall() {
        watchdog.observe(0, State.REBALANCING, Map.of("t1", 1.0));
        watchdog.observe(59 * SECOND, State.REBALANCING, Map.of("t1", 2.0));
        assertThat(watchdog.observe(60 * SECOND, State.RUNNING, Map.of("t1", 3.0))).isEmpty();
        assertThat(watchdog.observe(100 * SECOND, State.REBALANCING, Map.of("t1", 4.0))).isEmpty();
    }

    @Test
    void aThreadThatStopsPollingWhileTheClientLooksRunningIsAStall() {
        watchdog.observe(0, State.RUNNING, Map.of("t1", 10.0, "t2", 10.0));
        assertThat(watchdog.observe(30 * SECOND, State.RUNNING, Map.of("t1", 20.0, "t2", 11.0))).isEmpty();
        assertThat(watchdog.observe(90 * SECOND, State.RUNNING, Map.of("t1", 30.0, "t2", 11.0))).isEmpty();
        assertThat(watchdog.observe(91 * SECOND, State.RUNNING, Map.of("t1", 31.0, "t2", 11.0)))
                .contains("stream thread t2 has not polled for 61000 ms, longer than streams.stall.timeout.ms (60000 ms)");
    }

    @Test
    void aReplacedThreadIsForgottenAndItsSuccessorWatchedFromItsFirstObservation() {
        watchdog.observe(0, State.RUNNING, Map.of("t1", 10.0));
        assertThat(watchdog.observe(50 * SECOND, State.RUNNING, Map.of("t2", 0.0))).isEmpty();
        assertThat(watchdog.observe(100 * SECOND, State.RUNNING, Map.of("t2", 0.0))).isEmpty();
        assertThat(watchdog.observe(111 * SECOND, State.RUNNING, Map.of("t2", 0.0))).isPresent();
    }

    @Test
    void pollTotalsAreTheStreamThreadsPollCounts() {
        MetricName poll = new MetricName("poll-total", "stream-thread-metrics", "", Map.of("thread-id", "app-StreamThread-1"));
        MetricName other = new MetricName("process-total", "stream-thread-metrics", "", Map.of("thread-id", "app-StreamThread-1"));
        CumulativeSum sum = new CumulativeSum();
        sum.record(new MetricConfig(), 42, 0);
        KafkaMetric polls = new KafkaMetric(new Object(), poll, sum, new MetricConfig(), Time.SYSTEM);
        KafkaMetric processed = new KafkaMetric(new Object(), other, new CumulativeSum(), new MetricConfig(), Time.SYSTEM);

        assertThat(StreamsWatchdog.pollTotals(Map.of(poll, polls, other, processed))).isEqualTo(Map.of("app-StreamThread-1", 42.0));
    }
}
