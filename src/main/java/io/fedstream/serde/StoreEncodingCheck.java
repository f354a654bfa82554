package io.fedstream.serde;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.internals.WrappedStateStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses to let a task start over a store in an encoding that an earlier fedstream wrote: called from a processor's
 * {@code init}, which Kafka Streams calls once the task's stores are restored and before the task processes a record.
 * Also holds the classifiers that more than one stage's stores share.
 */
public final class StoreEncodingCheck {

    /**
     * Entries read per store. A store is written in one encoding per version, so its first entry tells; a few more catch
     * a store that a version without this check already partly rewrote, at a cost that does not grow with the store
     * (a full scan would: the start-up scan of 100,000 placement states takes 0.1-0.4 s, docs/placement.md).
     */
    static final int SAMPLED_ENTRIES = 16;

    private static final Logger LOG = LoggerFactory.getLogger(StoreEncodingCheck.class);
    private static final StringSerializer KEYS = new StringSerializer();
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private StoreEncodingCheck() {}

    /**
     * Reads up to {@value #SAMPLED_ENTRIES} entries of each section of {@code store} ({@code sections}: a section's name,
     * the prefix of its keys before a '/', to the classifier of its values) and throws an
     * {@link EarlierStoreEncodingException} naming the store and the section at the first in an earlier encoding. An entry
     * that is neither is logged and left to the section's readers, which dead-letter it as any unreadable entry.
     */
    public static void requireCurrent(ProcessingContext context, String store, Map<String, StoredEncoding.Classifier> sections) {
        KeyValueStore<Bytes, byte[]> bytes = storedBytes(context.getStateStore(store));
        sections.forEach((section, classifier) -> {
            String prefix = section + "/";
            String where = store + ", section " + section;
            try (KeyValueIterator<Bytes, byte[]> entries = bytes.prefixScan(prefix, KEYS)) {
                for (int read = 0; read < SAMPLED_ENTRIES && entries.hasNext(); read++) {
                    KeyValue<Bytes, byte[]> entry = entries.next();
                    String key = printable(entry.key).substring(prefix.length());
                    StoredEncoding encoding = classifier.of(entry.value);
                    if (encoding instanceof StoredEncoding.Earlier earlier) {
                        throw new EarlierStoreEncodingException(where, context.taskId().toString(), key, earlier.found(),
                                context.applicationId(), servers(context.appConfigs().get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG)),
                                Path.of(String.valueOf(context.appConfigs().get(StreamsConfig.STATE_DIR_CONFIG)), context.applicationId()).toString());
                    }
                    if (encoding instanceof StoredEncoding.Unreadable unreadable) {
                        LOG.warn("Store {} (task {}): key \"{}\" holds {}; not an encoding of an earlier fedstream either, so the task"
                                + " starts and the entry is dead-lettered when read", where, context.taskId(), key, unreadable.reason());
                    }
                }
            }
        });
    }

    /**
     * The bytes beneath a processor's typed view of a key-value store. The typed view would deserialize each value, the
     * very step that fails on an earlier encoding; every store fedstream builds ({@code Stores.keyValueStoreBuilder})
     * ends in a store of bytes, which Kafka Streams reaches through its wrappers.
     */
    @SuppressWarnings("unchecked")
    static KeyValueStore<Bytes, byte[]> storedBytes(StateStore store) {
        StateStore inner = store;
        while (inner instanceof WrappedStateStore<?, ?, ?> wrapped) {
            inner = wrapped.wrapped();
        }
        if (!(inner instanceof KeyValueStore<?, ?>)) {
            throw new IllegalStateException("store " + store.name() + " is not a key-value store of bytes beneath its wrappers: "
                    + inner.getClass().getName());
        }
        return (KeyValueStore<Bytes, byte[]>) inner;
    }

    /** The Confluent wire format (magic byte 0, 4-byte schema id, Avro), where fedstream before {@code commit} wrote Jackson JSON. */
    public static StoredEncoding.Classifier confluentAvroAfterJson(String commit) {
        return value -> {
            if (value.length >= WireFormat.HEADER_SIZE && value[0] == WireFormat.MAGIC_BYTE) {
                return StoredEncoding.CURRENT;
            }
            if (isJsonObject(value)) {
                return new StoredEncoding.Earlier("JSON, the encoding of fedstream before commit " + commit);
            }
            return unreadable(value, "neither Avro in the Confluent wire format (magic byte 0, a 4-byte schema id) nor JSON");
        };
    }

    /** A value that neither this version nor an earlier one wrote; {@code expected} says what it is not. */
    public static StoredEncoding.Unreadable unreadable(byte[] value, String expected) {
        return new StoredEncoding.Unreadable(value.length + " bytes, " + expected + "; first bytes: " + WireFormat.firstBytes(value));
    }

    /** A JSON object as Jackson writes one: the whole value must parse, so binary bytes that start with '{' are not taken for one. */
    public static boolean isJsonObject(byte[] value) {
        if (value.length == 0 || value[0] != '{') {
            return false;
        }
        try {
            JsonNode node = JSON.readTree(value);
            return node != null && node.isObject();
        } catch (IOException notJson) {
            return false;
        }
    }

    /** The parsed configuration holds a list, as the command line of the reset tool does not. */
    private static String servers(Object configured) {
        return configured instanceof List<?> list ? list.stream().map(String::valueOf).collect(Collectors.joining(",")) : String.valueOf(configured);
    }

    /** A key as text, its separators (NUL, SOH) shown as escapes. */
    private static String printable(Bytes key) {
        String text = new String(key.get(), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(text.length());
        text.chars().forEach(c -> out.append(c < 0x20 ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.toString();
    }
}
