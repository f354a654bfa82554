package io.fedstream.api;

import io.fedstream.mirror.PublishedPolicy;

/**
 * The routes of one policy family, e.g. {@code /apis/propagationpolicies}: the list ({@code ?namespace=NS}: that
 * namespace's policies; without it, every namespaced and cluster-scoped one) and a namespace's policy by name. No
 * internal route: every instance answers from its own copy.
 */
final class PolicyRoutes {

    private final String resource;
    private final String singular;
    private final String listKind;
    private final PolicyQuery policies;

    /**
     * {@code resource} as in the path (e.g. {@code overridepolicies}), {@code singular} as a 404 names one policy
     * ({@code overridepolicy payments/web}, as kubectl does), {@code listKind} as in the list's {@code kind}.
     */
    PolicyRoutes(String resource, String singular, String listKind, PolicyQuery policies) {
        this.resource = resource;
        this.singular = singular;
        this.listKind = listKind;
        this.policies = policies;
    }

    static PolicyRoutes propagationPolicies(FanOut fanOut) {
        return new PolicyRoutes("propagationpolicies", "propagationpolicy", "PropagationPolicyList",
                new PolicyQuery(fanOut, PublishedPolicy::propagationPolicies));
    }

    static PolicyRoutes overridePolicies(FanOut fanOut) {
        return new PolicyRoutes("overridepolicies", "overridepolicy", "OverridePolicyList",
                new PolicyQuery(fanOut, PublishedPolicy::overridePolicies));
    }

    void addTo(Router router) {
        router.get("/apis/" + resource, request -> ApiResponse.ok(PolicyObject.listJson(listKind, policies.in(request.query("namespace")))))
                .get("/apis/" + resource + "/{namespace}/{name}", request -> {
                    String namespace = request.path("namespace");
                    String name = request.path("name");
                    return policies.byName(namespace, name).map(policy -> ApiResponse.ok(PolicyObject.toJson(policy)))
                            .orElseGet(() -> ApiResponse.error(404, "NotFound", singular + " " + namespace + "/" + name
                                    + " not found among the published policies").with("namespace", namespace).with("name", name));
                });
    }
}
