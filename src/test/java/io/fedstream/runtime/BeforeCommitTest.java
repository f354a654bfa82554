package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/**
 * The store that runs its processor's work before each commit: TopologyTestDriver commits after every record through
 * the task code a stream thread runs, so the work runs once per record here, and a Kafka Streams that stops telling the
 * store fails this test.
 */
class BeforeCommitTest {

    private static final String HOOK = "before-commit";
    private static final String COUNTS = "counts";

    /** Counts records in memory and writes the count to an uncached store only before each commit. */
    private static final class Counting implements Processor<String, String, Void, Void> {

        private final List<Long> written;
        private long seen;

        Counting(List<Long> written) {
            this.written = written;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            KeyValueStore<String, Long> counts = context.getStateStore(COUNTS);
            context.<BeforeCommit>getStateStore(HOOK).runs(() -> {
                counts.put("seen", seen);
                written.add(seen);
            });
        }

        @Override
        public void process(Record<String, String> record) {
            seen++;
        }
    }

    @Test
    void theWorkRunsBeforeEachCommitWithWhatTheProcessingsBeforeItDid() {
        List<Long> written = new ArrayList<>();
        StreamsBuilder builder = new StreamsBuilder();
        builder.addStateStore(BeforeCommit.builder(HOOK));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(COUNTS), Serdes.String(), Serdes.Long())
                .withLoggingDisabled().withCachingDisabled());
        builder.stream("in", Consumed.with(Serdes.String(), Serdes.String())).process(() -> new Counting(written), HOOK, COUNTS);
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "before-commit-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");

        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), properties)) {
            TestInputTopic<String, String> in = driver.createInputTopic("in", new StringSerializer(), new StringSerializer());
            KeyValueStore<String, Long> counts = driver.getKeyValueStore(COUNTS);
            assertThat(counts.get("seen")).as("nothing processed, nothing written").isIn(null, 0L);

            in.pipeInput("a", "1");
            assertThat(counts.get("seen")).isEqualTo(1L);
            in.pipeInput("b", "2");
            in.pipeInput("c", "3");
            assertThat(counts.get("seen")).isEqualTo(3L);
            assertThat(written).as("once a commit, after the record it commits").endsWith(1L, 2L, 3L);
        }
    }

    @Test
    void theStoreIsNeitherLoggedNorCached() {
        assertThat(BeforeCommit.builder(HOOK).loggingEnabled()).isFalse();
        assertThat(BeforeCommit.builder(HOOK).logConfig()).isEqualTo(Map.of());
        assertThatThrownBy(() -> BeforeCommit.builder(HOOK).withCachingEnabled()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> BeforeCommit.builder(HOOK).withLoggingEnabled(Map.of()))
                .isInstanceOf(UnsupportedOperationException.class);
        BeforeCommit store = BeforeCommit.builder(HOOK).build();
        assertThat(store.name()).isEqualTo(HOOK);
        assertThat(store.persistent()).isFalse();
        assertThat(store.isOpen()).isFalse();
    }
}
