package io.fedstream.decide;

import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The policies of some kinds as a task's policies ({@link TaskPolicies}) hold them: every live version (not
 * a DELETE, with a manifest), with the namespace its key {@code kind/namespace/name} gives (null for a cluster-scoped
 * kind).
 */
final class PublishedPolicies {

    /** One live policy on the topic. */
    interface Visitor {
        void visit(String key, String namespace, PolicyEvent event);
    }

    private static final StringSerializer KEYS = new StringSerializer();

    private PublishedPolicies() {}

    /** Visits every live policy of the {@code kinds}, kind by kind, in key order. */
    static void forEach(ReadOnlyKeyValueStore<String, PolicyEvent> store, List<String> kinds, Visitor visitor) {
        for (String kind : kinds) {
            try (KeyValueIterator<String, PolicyEvent> it = store.prefixScan(kind + "/", KEYS)) {
                while (it.hasNext()) {
                    KeyValue<String, PolicyEvent> entry = it.next();
                    if (entry.value == null || entry.value.getOp() == Op.DELETE || entry.value.getManifest() == null) {
                        continue;
                    }
                    String[] parts = entry.key.split("/", -1);
                    String namespace = parts.length == 3 && !parts[1].isEmpty() ? parts[1] : null;
                    visitor.visit(entry.key, namespace, entry.value);
                }
            }
        }
    }
}
