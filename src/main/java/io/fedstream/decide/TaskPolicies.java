package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The policies one namespace task holds (the section {@link PassState#POLICIES}, keyed {@code kind/namespace/name}, each
 * its latest event exactly as on the policies topic, a DELETE event included): every cluster-wide policy,
 * and the FederatedResourceQuotas of its own namespaces, as they arrive on the pass's policy input; and how many
 * changes it has taken in, so that a step rebuilds what it derives from policies only after one.
 */
public final class TaskPolicies {

    private final Section<PolicyEvent> store;
    private long changes;

    TaskPolicies(Section<PolicyEvent> store) {
        this.store = store;
    }

    /** The policies as their readers read them, by policy key. */
    ReadOnlyKeyValueStore<String, PolicyEvent> published() {
        return store;
    }

    /** Where they live, as the dead letter of a refused version names it. */
    String where() {
        return store.where();
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
