package io.fedstream.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.dlq.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

/** The meters' names and tags as Prometheus shows them, the bound on tag values, and the dead-letter counter. */
class FedstreamMetricsTest {

    private final FedstreamMetrics metrics = FedstreamMetrics.create();

    @Test
    void decisionsAreCountedUnderTheirDocumentedNamesAndTags() {
        metrics.interpreted("FlinkDeployment", "INTERPRETED");
        metrics.interpreted("FlinkDeployment", "INTERPRETED");
        metrics.interpreted("MyTrainer", "UNINTERPRETED");
        metrics.admitted("team-a");
        metrics.rejected("team-a");
        metrics.rejected("team-a");
        metrics.placed();
        metrics.unplaceable();
        metrics.deadLettered("admit");
        metrics.deadLettered(null);

        assertThat(metrics.scrape())
                .contains("fedstream_interpretations_total{kind=\"FlinkDeployment\",outcome=\"INTERPRETED\"} 2.0")
                .contains("fedstream_interpretations_total{kind=\"MyTrainer\",outcome=\"UNINTERPRETED\"} 1.0")
                .contains("fedstream_admissions_total{decision=\"admitted\",namespace=\"team-a\"} 1.0")
                .contains("fedstream_admissions_total{decision=\"rejected\",namespace=\"team-a\"} 2.0")
                .contains("fedstream_placements_total{outcome=\"placed\"} 1.0")
                .contains("fedstream_placements_total{outcome=\"unplaceable\"} 1.0")
                .contains("fedstream_dead_letters_total{stage=\"admit\"} 1.0")
                .contains("fedstream_dead_letters_total{stage=\"unknown\"} 1.0");
    }

    @Test
    void heartbeatLagIsATimerWithBucketsAndAClockAheadCountsAsNoLag() {
        long now = Instant.parse("2026-12-01T12:00:00Z").toEpochMilli();
        metrics.heartbeatProcessed(Instant.ofEpochMilli(now - 300), now);
        metrics.heartbeatProcessed(Instant.ofEpochMilli(now + 5_000), now);

        assertThat(metrics.scrape())
                .contains("fedstream_heartbeat_lag_seconds_count 2")
                .contains("fedstream_heartbeat_lag_seconds_sum 0.3")
                .contains("fedstream_heartbeat_lag_seconds_bucket{le=\"0.1\"} 1")
                .contains("fedstream_heartbeat_lag_seconds_bucket{le=\"0.5\"} 2");
    }

    @Test
    void kindsBeyondTheLimitAreCountedAsOther() {
        for (int i = 0; i < FedstreamMetrics.MAX_TAG_VALUES + 5; i++) {
            metrics.interpreted("Kind" + i, "UNINTERPRETED");
        }
        metrics.interpreted("Kind0", "UNINTERPRETED");

        String scrape = metrics.scrape();
        assertThat(scrape).contains("fedstream_interpretations_total{kind=\"Kind0\",outcome=\"UNINTERPRETED\"} 2.0")
                .contains("fedstream_interpretations_total{kind=\"other\",outcome=\"UNINTERPRETED\"} 5.0")
                .doesNotContain("kind=\"Kind" + FedstreamMetrics.MAX_TAG_VALUES + "\"");
        assertThat(scrape.lines().filter(line -> line.startsWith("fedstream_interpretations_total{"))).hasSize(FedstreamMetrics.MAX_TAG_VALUES + 1);
    }

    @Test
    void theDeadLetterCounterCountsRecordsToTheDeadLetterTopicByTheirStageHeader() {
        Properties streams = new Properties();
        streams.put("producer.interceptor.classes", "com.example.Audit");
        DeadLetterCounter.install(streams, metrics, "fedstream.dlq");
        assertThat(streams.get("producer.interceptor.classes")).isEqualTo("com.example.Audit," + DeadLetterCounter.class.getName());

        DeadLetterCounter counter = new DeadLetterCounter();
        Map<String, Object> producer = new HashMap<>();
        streams.forEach((key, value) -> producer.put(((String) key).substring("producer.".length()), value));
        counter.configure(producer);
        byte[] bytes = "x".getBytes(StandardCharsets.UTF_8);
        ProducerRecord<byte[], byte[]> letter =
                DeadLetter.of("interpret", "bad", "fedstream.workloads", 0, 7).toRecord("fedstream.dlq", bytes, bytes);
        assertThat(counter.onSend(letter)).isSameAs(letter);
        counter.onSend(new ProducerRecord<>("fedstream.bindings", bytes, bytes));

        assertThat(metrics.scrape()).contains("fedstream_dead_letters_total{stage=\"interpret\"} 1.0")
                .doesNotContain("stage=\"unknown\"");
    }

    @Test
    void theDeadLetterCounterRefusesToRunWithoutTheMetrics() {
        assertThatThrownBy(() -> new DeadLetterCounter().configure(Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("fedstream.metrics");
    }
}
