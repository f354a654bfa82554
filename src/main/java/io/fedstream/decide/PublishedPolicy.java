package io.fedstream.decide;

import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.interpret.FieldError;
import io.fedstream.override.OverridePolicyParser;
import io.fedstream.place.PropagationPolicyParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * A propagation or override policy as published on the policies topic, with every reason it is not in force (none: it
 * is), as the stages that use it read it: for {@code get propagationpolicies} and {@code get overridepolicies}; and
 * the walk of the live policies of some kinds ({@link #forEach}) that the task's readers of policies share.
 */
public record PublishedPolicy(String kind, String namespace, String name, String manifest, List<FieldError> problems) {

    private static final List<String> PROPAGATION_KINDS =
            List.of(PropagationPolicyParser.NAMESPACED_KIND, PropagationPolicyParser.CLUSTER_KIND);
    private static final List<String> OVERRIDE_KINDS = List.of(OverridePolicyParser.NAMESPACED_KIND, OverridePolicyParser.CLUSTER_KIND);

    private static final StringSerializer KEYS = new StringSerializer();

    /** One live policy on the topic. */
    interface Visitor {
        void visit(String key, String namespace, PolicyEvent event);
    }

    public PublishedPolicy {
        problems = List.copyOf(problems);
    }

    /** Every live (Cluster)PropagationPolicy of the policies store, kind by kind in key order, as the placing stages parse it. */
    public static List<PublishedPolicy> propagationPolicies(ReadOnlyKeyValueStore<String, PolicyEvent> store) {
        PropagationPolicyParser parser = new PropagationPolicyParser();
        return all(store, PROPAGATION_KINDS, (manifest, namespace) -> PropagationPolicies.problems(parser.parse(manifest, namespace)));
    }

    /** Every live (Cluster)OverridePolicy of the policies store, kind by kind in key order, as the interpret step parses it. */
    public static List<PublishedPolicy> overridePolicies(ReadOnlyKeyValueStore<String, PolicyEvent> store) {
        OverridePolicyParser parser = new OverridePolicyParser();
        return all(store, OVERRIDE_KINDS, (manifest, namespace) -> parser.parse(manifest, namespace).errors());
    }

    /** The live policies of the {@code kinds}, each with what keeps its manifest of its namespace out of force. */
    private static List<PublishedPolicy> all(ReadOnlyKeyValueStore<String, PolicyEvent> store, List<String> kinds,
                                             BiFunction<byte[], String, List<FieldError>> problems) {
        List<PublishedPolicy> found = new ArrayList<>();
        forEach(store, kinds, (key, namespace, event) -> {
            String[] parts = key.split("/", -1);
            found.add(new PublishedPolicy(parts[0], namespace, parts[parts.length - 1], event.getManifest(),
                    problems.apply(event.getManifest().getBytes(StandardCharsets.UTF_8), namespace)));
        });
        return found;
    }

    /**
     * Visits every live policy of the {@code kinds} (not a DELETE, with a manifest), kind by kind, in key order, with
     * the namespace its key {@code kind/namespace/name} gives (null for a cluster-scoped kind).
     */
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
