package io.fedstream.api;

/**
 * The propagation policies routes: the list ({@code ?namespace=NS}: that namespace's PropagationPolicies; without it,
 * every PropagationPolicy and ClusterPropagationPolicy) and a namespace's PropagationPolicy by name. No internal route:
 * every instance answers from its own copy.
 */
final class PropagationPolicyRoutes {

    private final PropagationPolicyQuery policies;

    PropagationPolicyRoutes(PropagationPolicyQuery policies) {
        this.policies = policies;
    }

    void addTo(Router router) {
        router.get("/apis/propagationpolicies",
                        request -> ApiResponse.ok(PropagationPolicyObject.listJson(policies.in(request.query("namespace")))))
                .get("/apis/propagationpolicies/{namespace}/{name}", request -> {
                    String namespace = request.path("namespace");
                    String name = request.path("name");
                    return policies.byName(namespace, name).map(policy -> ApiResponse.ok(PropagationPolicyObject.toJson(policy)))
                            .orElseGet(() -> ApiResponse.error(404, "NotFound", "propagationpolicy " + namespace + "/" + name
                                    + " not found among the published policies").with("namespace", namespace).with("name", name));
                });
    }
}
