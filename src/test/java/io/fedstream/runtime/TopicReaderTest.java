package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;

class TopicReaderTest {

    @Test
    void aReaderDoesNotLetTheBrokerHoldAnEmptyFetchUnlessTheSettingsSaySo() {
        Properties given = new Properties();
        given.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");

        Properties reading = TopicReader.readingToTheEnd(given);

        assertThat(reading).containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 10)
                .containsEntry(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        assertThat(given).doesNotContainKey(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG);
    }

    @Test
    void aFetchWaitTheSettingsGiveIsKept() {
        Properties given = new Properties();
        given.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "250");

        assertThat(TopicReader.readingToTheEnd(given)).containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "250");
    }
}
