package io.fedstream.place;

import java.util.Collection;
import java.util.Optional;

/**
 * Chooses the policy that governs a workload, by Karmada's rules (detector
 * {@code getHighestPriorityPropagationPolicy}): a PropagationPolicy applies only to workloads in
 * its own namespace, and any matching PropagationPolicy beats every ClusterPropagationPolicy;
 * within a scope the higher {@code spec.priority} wins, then the more specific selector (name,
 * then label selector, then kind only), then the alphabetically lower policy name.
 */
public final class PolicyMatcher {

    /** The governing policy among those given, or empty when none selects the workload. */
    public Optional<PropagationPolicy> match(WorkloadRef workload, Collection<PropagationPolicy> policies) {
        PropagationPolicy best = null;
        ResourceSelector.Match bestMatch = ResourceSelector.Match.NONE;
        for (PropagationPolicy policy : policies) {
            ResourceSelector.Match match = match(workload, policy);
            if (match == ResourceSelector.Match.NONE) {
                continue;
            }
            if (best == null || beats(policy, match, best, bestMatch)) {
                best = policy;
                bestMatch = match;
            }
        }
        return Optional.ofNullable(best);
    }

    /** How specifically the policy selects the workload: its best selector; NONE when it does not apply. */
    public ResourceSelector.Match match(WorkloadRef workload, PropagationPolicy policy) {
        if (policy.scope() == PropagationPolicy.Scope.NAMESPACED && !policy.namespace().equals(workload.namespace())) {
            return ResourceSelector.Match.NONE;
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

    private static boolean beats(PropagationPolicy a, ResourceSelector.Match aMatch, PropagationPolicy b, ResourceSelector.Match bMatch) {
        if (a.scope() != b.scope()) {
            return a.scope() == PropagationPolicy.Scope.NAMESPACED;
        }
        if (a.priority() != b.priority()) {
            return a.priority() > b.priority();
        }
        if (aMatch != bMatch) {
            return aMatch.compareTo(bMatch) > 0;
        }
        return a.name().compareTo(b.name()) < 0;
    }
}
