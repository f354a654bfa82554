package io.fedstream.admit.stage;

import io.fedstream.admit.ByteTable;
import io.fedstream.admit.EncodedLedgerState;
import io.fedstream.admit.LedgerState;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The ledger's state in the admit task's RocksDB stores. */
final class StoreLedgerState {

    private StoreLedgerState() {}

    static LedgerState of(ProcessingContext context) {
        return new EncodedLedgerState(table(context, AdmitStores.QUOTAS), table(context, AdmitStores.USAGE),
                table(context, AdmitStores.ADMITTED), table(context, AdmitStores.PENDING), table(context, AdmitStores.QUEUE));
    }

    private static ByteTable table(ProcessingContext context, String name) {
        return new StoreTable(context.getStateStore(name));
    }

    /** A key-value store seen as a {@link ByteTable}. */
    private record StoreTable(KeyValueStore<String, byte[]> store) implements ByteTable {

        private static final StringSerializer KEYS = new StringSerializer();

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
            List<byte[]> values = new ArrayList<>();
            try (KeyValueIterator<String, byte[]> entries = store.prefixScan(prefix, KEYS)) {
                entries.forEachRemaining(entry -> values.add(entry.value));
            }
            return values;
        }
    }
}
