package io.fedstream.decide;

import io.fedstream.admit.ByteTable;
import io.fedstream.admit.EncodedLedgerState;
import io.fedstream.admit.LedgerState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** The ledger's state in the admit stage's RocksDB stores: writable for the admit task, read-only for queries. */
final class StoreLedgerState {

    private static final StringSerializer KEYS = new StringSerializer();

    private StoreLedgerState() {}

    /** The state the admit task changes. */
    static LedgerState of(ProcessingContext context) {
        return writable(context::getStateStore);
    }

    /** The state over writable stores, {@code stores} giving each by name. */
    static LedgerState writable(Function<String, KeyValueStore<String, byte[]>> stores) {
        return over(name -> new StoreTable(stores.apply(name)));
    }

    /**
     * One partition's state as a query sees it ({@code stores} gives each store of the partition by name): reads as the
     * admit task does, and every write throws, since only the admit processor may change the ledger.
     */
    static LedgerState readOnly(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores) {
        return over(name -> new ReadOnlyTable(stores.apply(name)));
    }

    private static LedgerState over(Function<String, ByteTable> tables) {
        return new EncodedLedgerState(tables.apply(AdmitStores.QUOTAS), tables.apply(AdmitStores.USAGE),
                tables.apply(AdmitStores.ADMITTED), tables.apply(AdmitStores.PENDING), tables.apply(AdmitStores.QUEUE));
    }

    private static List<byte[]> prefix(ReadOnlyKeyValueStore<String, byte[]> store, String prefix) {
        List<byte[]> values = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = store.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> values.add(entry.value));
        }
        return values;
    }

    /** A key-value store seen as a {@link ByteTable}. */
    private record StoreTable(KeyValueStore<String, byte[]> store) implements ByteTable {

        @Override
        public byte[] get(String key) {
            return store.get(key);
        }

        @Override
        public void put(String key, byte[] value) {
            store.put(key, value);
        }

        @Override
        public void delete(String key) {
            store.delete(key);
        }

        @Override
        public List<byte[]> prefix(String prefix) {
            return StoreLedgerState.prefix(store, prefix);
        }
    }

    /** A queried store seen as a {@link ByteTable} that refuses writes. */
    private record ReadOnlyTable(ReadOnlyKeyValueStore<String, byte[]> store) implements ByteTable {

        @Override
        public byte[] get(String key) {
            return store.get(key);
        }

        @Override
        public void put(String key, byte[] value) {
            throw readOnly();
        }

        @Override
        public void delete(String key) {
            throw readOnly();
        }

        @Override
        public List<byte[]> prefix(String prefix) {
            return StoreLedgerState.prefix(store, prefix);
        }

        private static UnsupportedOperationException readOnly() {
            return new UnsupportedOperationException("the ledger is read-only here: only the admit processor changes it");
        }
    }
}
