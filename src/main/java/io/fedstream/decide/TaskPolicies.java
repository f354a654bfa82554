package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The policies one namespace task holds ({@link #STORE}, keyed {@code kind/namespace/name}): every cluster-wide policy,
 * and the FederatedResourceQuotas of its own namespaces, as they arrive on the pass's policy input; and how many
 * changes it has taken in, so that a step rebuilds what it derives from policies only after one.
 */
public final class TaskPolicies {

    /** Policy key to its latest event, exactly as on the policies topic (a DELETE event included). */
    public static final String STORE = "policies-store";

    private final KeyValueStore<String, PolicyEvent> store;
    private long changes;

    TaskPolicies(KeyValueStore<String, PolicyEvent> store) {
        this.store = store;
    }

    /** Adds the store: small (policies), kept in memory and restored from its changelog. */
    static void addTo(StreamsBuilder builder, org.apache.kafka.common.serialization.Serde<PolicyEvent> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), values));
    }

    /** Takes in a policy change ({@code event} null: a tombstone). */
    void apply(String key, PolicyEvent event) {
        if (event == null) {
            store.delete(key);
        } else {
            store.put(key, event);
        }
        changes++;
    }

    /**
     * How many policy changes this task has taken in since it started; moves with every one. A task that starts again
     * counts from 0 and its steps from "never seen", so they rebuild once.
     */
    long changes() {
        return changes;
    }
}
