package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StreamsTimeoutsTest {

    @Test
    void producerAndTaskTimeoutsAreDerivedWellWithinTheBound() {
        Properties derived = StreamsTimeouts.derive(new Properties(), Duration.ofMinutes(5));

        assertThat(derived).containsEntry("task.timeout.ms", 75_000L)
                .containsEntry("producer.max.block.ms", 60_000L)
                .containsEntry("producer.delivery.timeout.ms", 75_000)
                .containsEntry("producer.request.timeout.ms", 30_000);
    }

    @Test
    void aShortBoundShortensTheRequestTimeoutToo() {
        assertThat(StreamsTimeouts.derive(new Properties(), Duration.ofSeconds(20)))
                .containsEntry("producer.delivery.timeout.ms", 5_000)
                .containsEntry("producer.request.timeout.ms", 2_500);
    }

    @Test
    void explicitSettingsWin() {
        Properties given = new Properties();
        given.put("producer.delivery.timeout.ms", "200000");
        given.put("task.timeout.ms", "0");

        assertThat(StreamsTimeouts.derive(given, Duration.ofMinutes(5)))
                .containsEntry("producer.delivery.timeout.ms", "200000").containsEntry("task.timeout.ms", "0");
    }
}
