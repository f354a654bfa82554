package io.fedstream.mirror;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.interpret.FieldError;
import io.fedstream.place.PropagationPolicyParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * A PropagationPolicy or ClusterPropagationPolicy as published on the policies topic, with every reason it governs no
 * workload (none: it is in force), as the placing stages read it: for {@code get propagationpolicies}.
 */
public record PublishedPropagationPolicy(String kind, String namespace, String name, String manifest, List<FieldError> problems) {

    private static final List<String> KINDS = List.of(PropagationPolicyParser.NAMESPACED_KIND, PropagationPolicyParser.CLUSTER_KIND);

    public PublishedPropagationPolicy {
        problems = List.copyOf(problems);
    }

    /** Every live (Cluster)PropagationPolicy of the policies store, kind by kind in key order. */
    public static List<PublishedPropagationPolicy> all(ReadOnlyKeyValueStore<String, PolicyEvent> store) {
        PropagationPolicyParser parser = new PropagationPolicyParser();
        List<PublishedPropagationPolicy> found = new ArrayList<>();
        PublishedPolicies.forEach(store, KINDS, (key, namespace, event) -> {
            String[] parts = key.split("/", -1);
            found.add(new PublishedPropagationPolicy(parts[0], namespace, parts[parts.length - 1], event.getManifest(),
                    PropagationPolicies.problems(parser.parse(event.getManifest().getBytes(StandardCharsets.UTF_8), namespace))));
        });
        return found;
    }
}
