package io.fedstream.decide;

import io.fedstream.admit.ByteTable;
import io.fedstream.admit.EncodedLedgerState;
import io.fedstream.admit.LedgerState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The ledger's state in the namespace task's stores: the quotas and the queue in sections of {@link PassState}, the usage
 * in {@link AdmitStores#USAGE}, the admitted entries in the workloads' records; writable for the task, read-only for
 * queries.
 */
final class StoreLedgerState {

    private static final StringSerializer KEYS = new StringSerializer();

    private StoreLedgerState() {}

    /** The state the namespace task changes: the admitted entries are the workloads' own ({@link Workloads#charges()}). */
    static LedgerState of(ProcessingContext context, PassState state, ByteTable admitted) {
        return writable(state.quotas(), context.getStateStore(AdmitStores.USAGE), admitted, state.pending(), state.queue());
    }

    /** The state over writable sections and the usage store, and the admitted entries' table. */
    static LedgerState writable(Section<byte[]> quotas, KeyValueStore<String, byte[]> usage, ByteTable admitted, Section<byte[]> pending,
                                Section<byte[]> queue) {
        return new EncodedLedgerState(Table.of(quotas), new Table(usage, usage::put, usage::delete), admitted,
                Table.of(pending), Table.of(queue));
    }

    /**
     * One partition's state as a query sees it ({@code stores} gives each store of the partition by name): reads as the
     * admit task does, and every write throws, since only the admit processor may change the ledger.
     */
    static LedgerState readOnly(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores) {
        ReadOnlyKeyValueStore<String, byte[]> state = stores.apply(PassState.STORE);
        return new EncodedLedgerState(Table.readOnly(PassState.encoded(state, PassState.QUOTAS)),
                Table.readOnly(stores.apply(AdmitStores.USAGE)), NOT_QUERIED,
                Table.readOnly(PassState.encoded(state, PassState.PENDING)),
                Table.readOnly(PassState.encoded(state, PassState.QUEUE)));
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

    /** A store or a section of encoded values seen as a {@link ByteTable}: reads from {@code reads}, writes through the rest. */
    private record Table(ReadOnlyKeyValueStore<String, byte[]> reads, BiConsumer<String, byte[]> puts,
                         Consumer<String> deletes) implements ByteTable {

        static Table of(Section<byte[]> section) {
            return new Table(section, section::put, section::delete);
        }

        /** A queried store or section, whose every write throws. */
        static Table readOnly(ReadOnlyKeyValueStore<String, byte[]> store) {
            return new Table(store, (key, value) -> {
                throw readOnlyLedger();
            }, key -> {
                throw readOnlyLedger();
            });
        }

        private static UnsupportedOperationException readOnlyLedger() {
            String why = "the ledger is read-only here: only the admit processor changes it";
            return new UnsupportedOperationException(why);
        }

        @Override
        public byte[] get(String key) {
            return reads.get(key);
        }

        @Override
        public void put(String key, byte[] value) {
            puts.accept(key, value);
        }

        @Override
        public void delete(String key) {
            deletes.accept(key);
        }

        @Override
        public List<byte[]> prefix(String prefix) {
            List<byte[]> values = new ArrayList<>();
            try (KeyValueIterator<String, byte[]> entries = reads.prefixScan(prefix, KEYS)) {
                entries.forEachRemaining(entry -> values.add(entry.value));
            }
            return values;
        }
    }
}
