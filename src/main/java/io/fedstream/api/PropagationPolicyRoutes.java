package io.fedstream.api;

/**
 * The propagation policies route, {@code ?namespace=NS}: that namespace's PropagationPolicies; without it, every
 * PropagationPolicy and ClusterPropagationPolicy. No internal route: every instance answers from its own copy.
 */
final class PropagationPolicyRoutes {

    private final PropagationPolicyQuery policies;

    PropagationPolicyRoutes(PropagationPolicyQuery policies) {
        this.policies = policies;
    }

    void addTo(Router router) {
        router.get("/apis/propagationpolicies",
                request -> ApiResponse.ok(PropagationPolicyObject.listJson(policies.in(request.query("namespace")))));
    }
}
