package io.fedstream.override;

import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ResourceSelector;

import java.util.List;

/**
 * One accepted OverridePolicy or ClusterOverridePolicy: which workloads it selects (none listed:
 * every workload) and its rules, each a target cluster (null: every cluster) with overriders.
 * The deprecated top-level {@code targetCluster} + {@code overriders} form is kept as one rule,
 * as Karmada's override manager treats it.
 */
public record OverridePolicy(PropagationPolicy.Scope scope, String namespace, String name,
                             List<ResourceSelector> resourceSelectors, List<Rule> rules) {

    /** One override rule; {@code field} is where it was written, e.g. {@code spec.overrideRules[1]}, for problems. */
    public record Rule(String field, TargetCluster targetCluster, Overriders overriders) {}

    public OverridePolicy {
        resourceSelectors = List.copyOf(resourceSelectors);
        rules = List.copyOf(rules);
    }

    /** E.g. {@code OverridePolicy team-a/gpu-images} or {@code ClusterOverridePolicy registry-mirror}. */
    public String displayName() {
        return scope == PropagationPolicy.Scope.CLUSTER
                ? OverridePolicyParser.CLUSTER_KIND + " " + name
                : OverridePolicyParser.NAMESPACED_KIND + " " + namespace + "/" + name;
    }
}
