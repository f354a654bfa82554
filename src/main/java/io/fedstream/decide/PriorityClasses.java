package io.fedstream.decide;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.interpret.ManifestParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Turns a workload's priority class name into the number that orders its namespace queue: Kubernetes' built-in
 * classes, else a {@code scheduling.k8s.io/v1} PriorityClass applied to the policies topic (key
 * {@code PriorityClass//<name>}), else 0 (unset or unknown: the default priority).
 */
final class PriorityClasses {

    static final String POLICY_PREFIX = "PriorityClass//";

    /** Kubernetes' {@code scheduling.SystemPriorityClasses}. */
    private static final Map<String, Integer> BUILT_IN = Map.of(
            "system-cluster-critical", 2_000_000_000,
            "system-node-critical", 2_000_001_000);

    private final ManifestParser parser = new ManifestParser();
    private final ReadOnlyKeyValueStore<String, PolicyEvent> policies;

    PriorityClasses(ReadOnlyKeyValueStore<String, PolicyEvent> policies) {
        this.policies = policies;
    }

    int priority(String className) {
        if (className == null || className.isEmpty()) {
            return 0;
        }
        Integer builtIn = BUILT_IN.get(className);
        if (builtIn != null) {
            return builtIn;
        }
        PolicyEvent event = policies.get(POLICY_PREFIX + className);
        if (event == null || event.getOp() == Op.DELETE || event.getManifest() == null) {
            return 0;
        }
        List<ManifestParser.Document> documents = parser.parse(event.getManifest().getBytes(StandardCharsets.UTF_8));
        if (documents.size() != 1 || documents.get(0).error() != null) {
            return 0;
        }
        JsonNode value = documents.get(0).root().path("value");
        return value.canConvertToInt() && value.isIntegralNumber() ? value.intValue() : 0;
    }
}
