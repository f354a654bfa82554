package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The policy a binding's placement was scheduled under, as Karmada's binding annotations name its claiming policy
 * ({@code pkg/apis/policy/v1alpha1/well_known_constants.go}): {@code propagationpolicy.karmada.io/namespace} and
 * {@code /name}, or {@code clusterpropagationpolicy.karmada.io/name}; read back into the placement's policy key.
 */
final class PolicyAnnotations {

    private static final String NAMESPACE = "propagationpolicy.karmada.io/namespace";
    private static final String NAME = "propagationpolicy.karmada.io/name";
    private static final String CLUSTER_NAME = "clusterpropagationpolicy.karmada.io/name";
    private static final String NAMESPACED_KIND = "PropagationPolicy/";
    private static final String CLUSTER_KIND = "ClusterPropagationPolicy/";

    private PolicyAnnotations() {}

    /** Adds the annotations of {@code policyKey} ({@code PropagationPolicy/NS/NAME} or {@code ClusterPropagationPolicy/NAME}). */
    static void put(ObjectNode annotations, String policyKey) {
        if (policyKey == null) {
            return;
        }
        if (policyKey.startsWith(CLUSTER_KIND)) {
            annotations.put(CLUSTER_NAME, policyKey.substring(CLUSTER_KIND.length()));
        } else if (policyKey.startsWith(NAMESPACED_KIND)) {
            String namespaceAndName = policyKey.substring(NAMESPACED_KIND.length());
            int slash = namespaceAndName.indexOf('/');
            if (slash > 0) {
                annotations.put(NAMESPACE, namespaceAndName.substring(0, slash)).put(NAME, namespaceAndName.substring(slash + 1));
            }
        }
    }

    /** The policy key the annotations name, null when they name none. */
    static String policyKey(JsonNode annotations) {
        if (annotations.hasNonNull(CLUSTER_NAME)) {
            return CLUSTER_KIND + annotations.get(CLUSTER_NAME).asText();
        }
        if (annotations.hasNonNull(NAME)) {
            return NAMESPACED_KIND + annotations.path(NAMESPACE).asText() + "/" + annotations.get(NAME).asText();
        }
        return null;
    }
}
