package io.fedstream.decide;

import io.fedstream.serde.AvroSerdes;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** The stores the admit step reads, in memory and unlogged, on a {@link MockProcessorContext}: for tests of the step alone. */
final class AdmitStepStores {

    private AdmitStepStores() {}

    /**
     * Adds the ledger's stores, which hold encoded values: the usage and the aggregates, and the pass's state store
     * (quotas, quota sources, queue; the policies, in {@code avro}'s registry); returns the state's sections.
     */
    static PassState addLedgerStores(MockProcessorContext<?, ?> context, AvroSerdes avro) {
        for (String name : AdmitStores.all()) {
            add(context, name, Serdes.ByteArray());
        }
        return TestPassState.addTo(context, avro);
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
