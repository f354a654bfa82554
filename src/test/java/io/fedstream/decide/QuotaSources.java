package io.fedstream.decide;

import io.fedstream.admit.ByteTable;
import io.fedstream.admit.LedgerState;
import io.fedstream.admit.ReadingNote;
import io.fedstream.interpret.FieldError;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The admit step's state as it writes it, for tests of its readers: the ledger's state, and entries of the section
 * {@link PassState#QUOTA_SOURCES}.
 */
public final class QuotaSources {

    private QuotaSources() {}

    /** The admitted entries, which the task keeps in the workloads' records: a sorted map here. */
    private static final class InMemoryByteTable implements ByteTable {

        private final java.util.TreeMap<String, byte[]> entries = new java.util.TreeMap<>();

        @Override
        public byte[] get(String key) {
            return entries.get(key);
        }

        @Override
        public void put(String key, byte[] value) {
            entries.put(key, value);
        }

        @Override
        public void delete(String key) {
            entries.remove(key);
        }

        @Override
        public List<byte[]> prefix(String prefix) {
            return List.copyOf(entries.subMap(prefix, prefix + Character.MAX_VALUE).values());
        }
    }

    /**
     * The ledger's state over the pass's state store ({@link PassState#STORE}) and the usage store, encoded as the admit
     * task encodes it.
     */
    public static LedgerState ledger(KeyValueStore<String, byte[]> passState, KeyValueStore<String, byte[]> usage) {
        return StoreLedgerState.writable(encoded(passState, PassState.QUOTAS), usage, new InMemoryByteTable(),
                encoded(passState, PassState.PENDING), encoded(passState, PassState.QUEUE));
    }

    /** Puts a quota's source ({@link #entry}) under {@code namespace/name}, as the admit step records the versions it took in. */
    public static void taken(KeyValueStore<String, byte[]> passState, String key, byte[] source) {
        encoded(passState, PassState.QUOTA_SOURCES).put(key, source);
    }

    private static Section<byte[]> encoded(KeyValueStore<String, byte[]> passState, String section) {
        return Section.of(passState, section, Serdes.ByteArray(), section);
    }

    /**
     * A version of a quota taken in with {@code digest}: refused for {@code problems}, applied when there are none;
     * {@code notes} say how the version in force was read.
     */
    public static byte[] entry(String digest, List<FieldError> problems, List<ReadingNote> notes) {
        return new QuotaSource(digest, problems, notes).encode();
    }
}
