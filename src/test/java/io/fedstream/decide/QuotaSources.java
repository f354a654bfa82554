package io.fedstream.decide;

import io.fedstream.admit.ByteTable;
import io.fedstream.admit.LedgerState;
import io.fedstream.admit.ReadingNote;
import io.fedstream.interpret.FieldError;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The admit stage's stores as it writes them, for tests of the stores' readers: the ledger's state, and entries of
 * {@link AdmitStores#QUOTA_SOURCES}.
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

    /** The ledger's state over the stores {@code stores} gives by name, encoded as the admit task encodes it. */
    public static LedgerState ledger(Function<String, KeyValueStore<String, byte[]>> stores) {
        return StoreLedgerState.writable(stores, new InMemoryByteTable());
    }

    /**
     * A version of a quota taken in with {@code digest}: refused for {@code problems}, applied when there are none;
     * {@code notes} say how the version in force was read.
     */
    public static byte[] entry(String digest, List<FieldError> problems, List<ReadingNote> notes) {
        return new QuotaSource(digest, problems, notes).encode();
    }
}
