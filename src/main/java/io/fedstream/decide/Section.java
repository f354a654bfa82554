package io.fedstream.decide;

import java.util.NoSuchElementException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * One kind of the namespace pass's small state ({@link PassState}): the entries of {@link PassState#STORE} under
 * {@code <name>/}, read and written by their own keys, each value in the section's own codec. Readers that take a
 * {@link ReadOnlyKeyValueStore} read a section as they read a store; a query's view refuses writes.
 */
final class Section<V> implements ReadOnlyKeyValueStore<String, V> {

    private static final StringSerializer KEYS = new StringSerializer();

    private final String name;
    private final String prefix;
    private final ReadOnlyKeyValueStore<String, byte[]> reads;
    /** Null in a query's view. */
    private final KeyValueStore<String, byte[]> writes;
    private final Serializer<V> serializer;
    private final Deserializer<V> deserializer;
    /** What the codec is told it writes to: names the section's registry subject ({@link PassState#topicOf}). */
    private final String topic;

    private Section(String name, ReadOnlyKeyValueStore<String, byte[]> reads, KeyValueStore<String, byte[]> writes, Serde<V> values,
                    String topic) {
        if (name.isEmpty() || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("a section's name is not empty and has no '/', so that its keys are one prefix: " + name);
        }
        this.name = name;
        this.prefix = name + "/";
        this.reads = reads;
        this.writes = writes;
        this.serializer = values.serializer();
        this.deserializer = values.deserializer();
        this.topic = topic;
    }

    /** The section of a task's store, which its processor reads and writes. */
    static <V> Section<V> of(KeyValueStore<String, byte[]> store, String name, Serde<V> values, String topic) {
        return new Section<>(name, store, store, values, topic);
    }

    /**
     * The section of a queried partition of the store: reads as the task does, every write throws. A reader of the
     * registry's wire format needs no subject, so its codec is told the section's place, which only its errors name.
     */
    static <V> Section<V> readOnly(ReadOnlyKeyValueStore<String, byte[]> store, String name, Serde<V> values) {
        return new Section<>(name, store, null, values, PassState.STORE + "/" + name);
    }

    /** Where the section lives, as dead letters and errors name it: {@code <store>/<section>}. */
    String where() {
        return PassState.STORE + "/" + name;
    }

    @Override
    public V get(String key) {
        return decode(reads.get(prefix + key));
    }

    /** Puts the value under the key; null deletes it. */
    void put(String key, V value) {
        if (value == null) {
            delete(key);
        } else {
            writable().put(prefix + key, serializer.serialize(topic, value));
        }
    }

    void delete(String key) {
        writable().delete(prefix + key);
    }

    /** The entries from {@code from} to {@code to}, both included (null: open), in key order. */
    @Override
    public KeyValueIterator<String, V> range(String from, String to) {
        return new Entries(reads.range(prefix + (from == null ? "" : from), to == null ? null : prefix + to));
    }

    /** Every entry of the section, in key order. */
    @Override
    public KeyValueIterator<String, V> all() {
        return new Entries(reads.prefixScan(prefix, KEYS));
    }

    /** The entries whose key starts with {@code keyPrefix} (a string), in key order. */
    @Override
    public <PS extends Serializer<P>, P> KeyValueIterator<String, V> prefixScan(P keyPrefix, PS prefixKeySerializer) {
        if (!(keyPrefix instanceof String text)) {
            throw new IllegalArgumentException("a section's keys are strings, so is a prefix of them: " + keyPrefix);
        }
        return new Entries(reads.prefixScan(prefix + text, KEYS));
    }

    /** The whole store's estimate: an upper bound of the section's. */
    @Override
    public long approximateNumEntries() {
        return reads.approximateNumEntries();
    }

    @Override
    public String toString() {
        return where();
    }

    private V decode(byte[] bytes) {
        return bytes == null ? null : deserializer.deserialize(topic, bytes);
    }

    private KeyValueStore<String, byte[]> writable() {
        if (writes == null) {
            throw new UnsupportedOperationException(where() + " is read-only here: only the namespace pass changes it");
        }
        return writes;
    }

    /**
     * The section's entries of a scan of the store, keys without the section's prefix. The store is sorted by the keys'
     * bytes, so a section's entries are contiguous: the scan ends at the first key of another section (a range open at
     * its end reaches them). An entry is taken before its value is decoded, so one that cannot be read is passed.
     */
    private final class Entries implements KeyValueIterator<String, V> {

        private final KeyValueIterator<String, byte[]> scan;
        private KeyValue<String, byte[]> next;
        private boolean past;

        Entries(KeyValueIterator<String, byte[]> scan) {
            this.scan = scan;
        }

        @Override
        public boolean hasNext() {
            if (next == null && !past && scan.hasNext()) {
                KeyValue<String, byte[]> entry = scan.next();
                if (entry.key.startsWith(prefix)) {
                    next = entry;
                } else {
                    past = true;
                }
            }
            return next != null;
        }

        @Override
        public KeyValue<String, V> next() {
            KeyValue<String, byte[]> entry = take();
            return KeyValue.pair(entry.key.substring(prefix.length()), decode(entry.value));
        }

        @Override
        public String peekNextKey() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return next.key.substring(prefix.length());
        }

        private KeyValue<String, byte[]> take() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            KeyValue<String, byte[]> entry = next;
            next = null;
            return entry;
        }

        @Override
        public void close() {
            scan.close();
        }
    }
}
