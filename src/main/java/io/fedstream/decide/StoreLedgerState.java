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

/**
 * The ledger's state in the namespace task's stores (the admitted entries in the workloads' records): writable for the
 * task, read-only for queries.
 */
final class StoreLedgerState {

    private static final StringSerializer KEYS = new StringSerializer();

    private StoreLedgerState() {}

    /** The state the namespace task changes: the admitted entries are the workloads' own ({@link Workloads#charges()}). */
    static LedgerState of(ProcessingContext context, ByteTable admitted) {
        return over(name -> new StoreTable(context.getStateStore(name)), admitted);
    }

    /** The state over writable stores, {@code stores} giving each by name, and the admitted entries' table. */
    static LedgerState writable(Function<String, KeyValueStore<String, byte[]>> stores, ByteTable admitted) {
        return over(name -> new StoreTable(stores.apply(name)), admitted);
    }

    /**
     * One partition's state as a query sees it ({@code stores} gives each store of the partition by name): reads as the
     * admit task does, and every write throws, since only the admit processor may change the ledger.
     */
    static LedgerState readOnly(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores) {
        return over(name -> new ReadOnlyTable(stores.apply(name)), NOT_QUERIED);
    }

    private static LedgerState over(Function<String, ByteTable> tables, ByteTable admitted) {
        return new EncodedLedgerState(tables.apply(AdmitStores.QUOTAS), tables.apply(AdmitStores.USAGE), admitted,
                tables.apply(AdmitStores.PENDING), tables.apply(AdmitStores.QUEUE));
    }

    /** A workload's admitted entry lives in its workload record; what queries read of the ledger (statuses) needs none. */
    private static final ByteTable NOT_QUERIED = new ByteTable() {
        @Override
        public byte[] get(String key) {
            throw unread();
        }

        @Override
        public void put(String key, byte[] value) {
            throw unread();
        }

        @Override
        public void delete(String key) {
            throw unread();
        }

        @Override
        public List<byte[]> prefix(String prefix) {
            throw unread();
        }

        private UnsupportedOperationException unread() {
            return new UnsupportedOperationException("a query reads no workload's admitted charge from the ledger");
        }
    };

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
