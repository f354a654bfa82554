package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.StoredApplicationFailure;
import io.fedstream.avro.StoredLease;
import io.fedstream.serde.AvroSerdes;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** The namespace pass's state store for tests: its codecs over a test's registry, and its sections over a store of the test's. */
public final class TestPassState {

    private TestPassState() {}

    /** The codecs of the sections of registry records, over {@code avro}'s registry. */
    public static PassState.Codecs codecs(AvroSerdes avro) {
        return new PassState.Codecs(avro.specific(PolicyEvent.class, false), avro.specific(ClusterStateEvent.class, false),
                avro.specific(StoredApplicationFailure.class, false), avro.specific(StoredLease.class, false));
    }

    /** The sections over {@code store}, a store of bytes as {@link PassState#addTo} builds it. */
    static PassState over(KeyValueStore<String, byte[]> store, AvroSerdes avro) {
        return PassState.of(store, "test", codecs(avro));
    }

    /** Adds the store, in memory and unlogged, to a {@link MockProcessorContext}; returns its sections. */
    static PassState addTo(MockProcessorContext<?, ?> context, AvroSerdes avro) {
        KeyValueStore<String, byte[]> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(PassState.STORE), Serdes.String(),
                Serdes.ByteArray()).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        return over(store, avro);
    }

    /** Puts a policy as the task keeps it ({@link TaskPolicies}): key {@code kind/namespace/name}, the event in {@code values}. */
    public static void putPolicy(KeyValueStore<String, byte[]> store, Serde<PolicyEvent> values, String key, PolicyEvent event) {
        Section.of(store, PassState.POLICIES, values, PassState.topicOf("test-" + PassState.STORE + "-changelog", PassState.POLICIES))
                .put(key, event);
    }
}
