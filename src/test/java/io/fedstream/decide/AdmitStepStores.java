package io.fedstream.decide;

import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** The stores the admit step reads, in memory and unlogged, on a {@link MockProcessorContext}: for tests of the step alone. */
final class AdmitStepStores {

    private AdmitStepStores() {}

    /** Adds the ledger's stores (quotas, usage, queue, quota sources, aggregates), which hold encoded values. */
    static void addLedgerStores(MockProcessorContext<?, ?> context) {
        for (String name : List.of(AdmitStores.QUOTAS, AdmitStores.USAGE, AdmitStores.PENDING, AdmitStores.QUEUE,
                AdmitStores.QUOTA_SOURCES, AdmitStores.AGGREGATES)) {
            add(context, name, Serdes.ByteArray());
        }
    }

    /** Adds one store of the given values. */
    static <V> KeyValueStore<String, V> add(MockProcessorContext<?, ?> context, String name, Serde<V> values) {
        KeyValueStore<String, V> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values)
                .withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        return store;
    }
}
