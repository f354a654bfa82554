package io.fedstream.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.propagate.PropagationSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * The propagation settings of every PropagationPolicy and ClusterPropagationPolicy on {@code fedstream.policies},
 * under the name a binding's {@code placement.policy} gives its policy ({@code PropagationPolicy/NS/NAME},
 * {@code ClusterPropagationPolicy/NAME}). A policy whose settings cannot be read is kept with the error.
 */
final class GoverningPolicies {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String NAMESPACED = "PropagationPolicy";
    private static final String CLUSTER_WIDE = "ClusterPropagationPolicy";

    /** A policy's settings, or why they cannot be read. */
    record Settings(PropagationSettings settings, String problem) {}

    private final Map<String, Settings> byPolicy = new HashMap<>();

    /**
     * Takes one record of the policies topic, keyed {@code kind/namespace/name}; returns the policy's name as bindings
     * give it, or null for a record of another kind.
     */
    String accept(String topicKey, PolicyEvent event) {
        String[] parts = topicKey.split("/", -1);
        if (parts.length != 3 || !(parts[0].equals(NAMESPACED) || parts[0].equals(CLUSTER_WIDE))) {
            return null;
        }
        String policy = parts[0].equals(CLUSTER_WIDE) ? CLUSTER_WIDE + "/" + parts[2] : NAMESPACED + "/" + parts[1] + "/" + parts[2];
        if (event == null || event.getOp() == Op.DELETE || event.getManifest() == null) {
            // The bindings placed under it keep their placement, and Karmada's keep the settings copied into them.
            return policy;
        }
        try {
            JsonNode manifest = YAML.readTree(event.getManifest());
            byPolicy.put(policy, new Settings(PropagationSettings.of(manifest), null));
        } catch (JsonProcessingException e) {
            byPolicy.put(policy, new Settings(null, policy + ": not JSON or YAML: " + e.getOriginalMessage()));
        } catch (IllegalArgumentException e) {
            byPolicy.put(policy, new Settings(null, policy + " " + e.getMessage()));
        }
        return policy;
    }

    /**
     * The settings of the policy the binding was placed under (its last version, if it was deleted since); Karmada's
     * defaults for a placement given without a policy.
     */
    Settings of(ResourceBinding binding) {
        String policy = binding == null || binding.getPlacement() == null ? null : binding.getPlacement().getPolicy();
        Settings settings = policy == null ? null : byPolicy.get(policy);
        return settings != null ? settings : new Settings(PropagationSettings.DEFAULTS, null);
    }
}
