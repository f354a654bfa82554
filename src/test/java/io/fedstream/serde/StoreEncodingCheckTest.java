package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

class StoreEncodingCheckTest {

    private static final String STORE = "pass-state-store";
    private static final String SECTION = "application-failures";
    private static final byte[] AVRO = {0, 0, 0, 0, 7, 2, 'a'};
    private static final byte[] JSON = "{\"placedCluster\":\"dc-1\",\"group\":0}".getBytes(StandardCharsets.UTF_8);

    private final StoredEncoding.Classifier avroAfterJson = StoreEncodingCheck.confluentAvroAfterJson("1af7201");

    // ---- the classifier of the stores in the Confluent wire format

    @Test
    void avroInTheConfluentWireFormatIsCurrent() {
        assertThat(avroAfterJson.of(AVRO)).isEqualTo(StoredEncoding.CURRENT);
    }

    @Test
    void aJsonObjectIsTheEncodingOfEarlierVersions() {
        assertThat(avroAfterJson.of(JSON)).isEqualTo(new StoredEncoding.Earlier("JSON, the encoding of fedstream before commit 1af7201"));
    }

    @Test
    void noBytesAreNeither() {
        assertThat(avroAfterJson.of(new byte[0])).isEqualTo(new StoredEncoding.Unreadable(
                "0 bytes, neither Avro in the Confluent wire format (magic byte 0, a 4-byte schema id) nor JSON; first bytes: (none)"));
    }

    @Test
    void otherBytesAreNeitherAndShowTheirFirstBytes() {
        assertThat(avroAfterJson.of(new byte[] {0x7f, 1, 2})).isEqualTo(new StoredEncoding.Unreadable(
                "3 bytes, neither Avro in the Confluent wire format (magic byte 0, a 4-byte schema id) nor JSON; first bytes: 7f 01 02"));
        assertThat(avroAfterJson.of(new byte[] {0, 0, 1})).as("magic byte without a whole schema id")
                .isInstanceOf(StoredEncoding.Unreadable.class);
    }

    @Test
    void bytesThatOnlyStartLikeJsonAreNeither() {
        assertThat(avroAfterJson.of(new byte[] {'{', 0, 0x7f})).isInstanceOf(StoredEncoding.Unreadable.class);
        assertThat(avroAfterJson.of("{\"a\":1} trailing".getBytes(StandardCharsets.UTF_8))).isInstanceOf(StoredEncoding.Unreadable.class);
    }

    // ---- the check over the sections of a task's store

    @Test
    void aSectionWhoseSampledEntriesAreCurrentPasses() {
        MockProcessorContext<Object, Object> context = context(Map.of(SECTION + "/w0", AVRO, SECTION + "/w1", AVRO));

        StoreEncodingCheck.requireCurrent(context, STORE, Map.of(SECTION, avroAfterJson));
    }

    @Test
    void anEmptyStorePasses() {
        StoreEncodingCheck.requireCurrent(context(Map.of()), STORE, Map.of(SECTION, avroAfterJson));
    }

    @Test
    void anEarlierEntryAmongTheFirstSixteenStopsTheTaskNamingStoreSectionKeyWhatWasFoundAndBothRemedies() {
        MockProcessorContext<Object, Object> context = context(Map.of(SECTION + "/a/w0", AVRO, SECTION + "/b/w1", AVRO,
                SECTION + "/c/w2\u0000dc-1", JSON));

        assertThatThrownBy(() -> StoreEncodingCheck.requireCurrent(context, STORE, Map.of(SECTION, avroAfterJson)))
                .isInstanceOf(EarlierStoreEncodingException.class)
                .hasMessage("fedstream does not start: store pass-state-store, section application-failures (task 0_0) holds values in an"
                        + " earlier encoding, which this version does not read; key \"c/w2\\u0000dc-1\" holds JSON, the encoding of fedstream"
                        + " before commit 1af7201. Either start fedstream with a fresh application.id (every stage rebuilds from its input"
                        + " topics), or stop every instance and reset application app-1: kafka-streams-application-reset --bootstrap-server"
                        + " kafka:9092 --application-id app-1 --input-topics <every topic fedstream reads>, then delete /var/fedstream/app-1"
                        + " on every instance.");
    }

    @Test
    void eachSectionIsCheckedWithItsOwnClassifierAndNoneReadsItsNeighbours() {
        // JSON is current in the neighbours, whose names sort right beside the section's, before and after it.
        StoredEncoding.Classifier anything = value -> StoredEncoding.CURRENT;
        MockProcessorContext<Object, Object> context = context(Map.of("application-failure/w0", JSON, SECTION + "-x/w0", JSON,
                SECTION + "0/w0", JSON, SECTION + "/w0", AVRO));

        StoreEncodingCheck.requireCurrent(context, STORE, Map.of(SECTION, avroAfterJson, "application-failure", anything, SECTION + "-x", anything));
        assertThatThrownBy(() -> StoreEncodingCheck.requireCurrent(context, STORE, Map.of(SECTION + "-x", avroAfterJson)))
                .hasMessageStartingWith("fedstream does not start: store pass-state-store, section application-failures-x (task 0_0)")
                .hasMessageContaining("key \"w0\" holds JSON");
    }

    @Test
    void onlyTheFirstSixteenEntriesOfASectionAreRead() {
        java.util.TreeMap<String, byte[]> entries = new java.util.TreeMap<>();
        for (int i = 0; i < StoreEncodingCheck.SAMPLED_ENTRIES; i++) {
            entries.put(String.format("%s/w%02d", SECTION, i), AVRO);
        }
        entries.put(SECTION + "/w99", JSON);

        StoreEncodingCheck.requireCurrent(context(entries), STORE, Map.of(SECTION, avroAfterJson));
    }

    @Test
    void anEntryInNeitherEncodingIsLeftToTheReaders() {
        StoreEncodingCheck.requireCurrent(context(Map.of(SECTION + "/w0", new byte[] {0x7f})), STORE, Map.of(SECTION, avroAfterJson));
    }

    @Test
    void theExceptionIsFoundInsideKafkaStreamsWrapping() {
        MockProcessorContext<Object, Object> context = context(Map.of(SECTION + "/w0", JSON));
        EarlierStoreEncodingException thrown = null;
        try {
            StoreEncodingCheck.requireCurrent(context, STORE, Map.of(SECTION, avroAfterJson));
        } catch (EarlierStoreEncodingException e) {
            thrown = e;
        }

        assertThat(EarlierStoreEncodingException.in(new StreamsException("failed to initialize processor x", thrown))).containsSame(thrown);
        assertThat(EarlierStoreEncodingException.in(new StreamsException("other", new IllegalStateException("x")))).isEmpty();
    }

    /** A task 0_0 of application app-1 holding {@link #STORE}, a store of bytes as the topology builds it, filled with {@code entries}. */
    private static MockProcessorContext<Object, Object> context(Map<String, byte[]> entries) {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "app-1");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, "/var/fedstream");
        MockProcessorContext<Object, Object> context = new MockProcessorContext<>(config);
        KeyValueStore<String, byte[]> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        entries.forEach(store::put);
        return context;
    }
}
