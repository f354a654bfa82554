package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ResourceSelector;
import io.fedstream.place.WorkloadRef;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Produces the manifest one target cluster gets, in the order of Karmada's override manager
 * ({@code pkg/util/overridemanager/overridemanager.go ApplyOverridePolicies}): first every
 * ClusterOverridePolicy, then, for a namespaced workload, the OverridePolicies of its namespace.
 * Within each scope the policies that select the workload (no selectors: all) are applied from
 * the least to the most specific selector match (kind only, label selector, name), then by name,
 * so the most specific policy writes last; each policy's rules apply in order, those whose
 * {@code targetCluster} is absent or matches the cluster. Pure: no Kafka types, no shared state.
 */
public final class OverrideApplier {

    /** One rule in the order applied, with the selector match that placed it. */
    private record Selected(OverridePolicy policy, ResourceSelector.Match match) {}

    /**
     * The overridden manifest for the cluster. {@code namespace} is the workload's (its key's)
     * when the manifest does not name one; null for a cluster-scoped workload. The input is not changed.
     */
    public OverrideResult apply(JsonNode manifest, String namespace, ClusterTarget cluster, Collection<OverridePolicy> policies) {
        if (!manifest.isObject()) {
            return new OverrideResult(null, List.of(), "the manifest is not a mapping");
        }
        ObjectNode result = ((ObjectNode) manifest).deepCopy();
        List<String> applied = new ArrayList<>();
        try {
            applyScope(result, namespace, cluster, policies, PropagationPolicy.Scope.CLUSTER, applied);
            // Karmada selects the namespaced policies on the object the cluster policies already changed.
            String ns = namespaceOf(result, namespace);
            if (ns != null && !ns.isEmpty()) {
                applyScope(result, namespace, cluster, policies, PropagationPolicy.Scope.NAMESPACED, applied);
            }
        } catch (OverrideException e) {
            return new OverrideResult(null, applied, e.getMessage());
        }
        return new OverrideResult(result, applied, null);
    }

    private static void applyScope(ObjectNode manifest, String namespace, ClusterTarget cluster, Collection<OverridePolicy> policies,
                                   PropagationPolicy.Scope scope, List<String> applied) {
        WorkloadRef workload = workload(manifest, namespace);
        List<Selected> selected = new ArrayList<>();
        for (OverridePolicy policy : policies) {
            if (policy.scope() != scope
                    || (scope == PropagationPolicy.Scope.NAMESPACED && !policy.namespace().equals(workload.namespace()))) {
                continue;
            }
            ResourceSelector.Match match = match(policy, workload);
            if (match != ResourceSelector.Match.NONE) {
                selected.add(new Selected(policy, match));
            }
        }
        selected.sort(Comparator.comparing(Selected::match).thenComparing(s -> s.policy().name()));
        for (Selected s : selected) {
            for (OverridePolicy.Rule rule : s.policy().rules()) {
                if (rule.targetCluster() != null && !rule.targetCluster().matches(cluster)) {
                    continue;
                }
                try {
                    OverriderSteps.apply(manifest, rule.overriders());
                } catch (OverrideException e) {
                    throw new OverrideException(s.policy().displayName() + ", " + rule.field() + ".overriders." + e.getMessage()
                            + " (for cluster " + cluster.name() + ")");
                }
                if (!rule.overriders().isEmpty()) {
                    applied.add(s.policy().displayName() + " " + rule.field());
                }
            }
        }
    }

    private static ResourceSelector.Match match(OverridePolicy policy, WorkloadRef workload) {
        if (policy.resourceSelectors().isEmpty()) {
            return ResourceSelector.Match.ALL;
        }
        ResourceSelector.Match best = ResourceSelector.Match.NONE;
        for (ResourceSelector selector : policy.resourceSelectors()) {
            ResourceSelector.Match match = selector.match(workload);
            if (match.compareTo(best) > 0) {
                best = match;
            }
        }
        return best;
    }

    private static WorkloadRef workload(ObjectNode manifest, String namespace) {
        JsonNode metadata = manifest.path("metadata");
        Map<String, String> labels = new LinkedHashMap<>();
        metadata.path("labels").properties().forEach(e -> {
            if (e.getValue().isTextual()) {
                labels.put(e.getKey(), e.getValue().textValue());
            }
        });
        return new WorkloadRef(manifest.path("apiVersion").asText(""), manifest.path("kind").asText(""),
                namespaceOf(manifest, namespace), metadata.path("name").asText(""), labels);
    }

    private static String namespaceOf(ObjectNode manifest, String namespace) {
        JsonNode written = manifest.path("metadata").path("namespace");
        return written.isTextual() && !written.textValue().isEmpty() ? written.textValue() : namespace;
    }
}
