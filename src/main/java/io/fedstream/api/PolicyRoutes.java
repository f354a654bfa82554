package io.fedstream.api;

import io.fedstream.decide.PublishedPolicy;

/**
 * The routes of one policy family in one scope. Namespaced, e.g. {@code /apis/propagationpolicies}: the list
 * ({@code ?namespace=NS}: that namespace's policies; without it, every namespaced and cluster-scoped one) and a
 * namespace's policy by name. Cluster-scoped, e.g. {@code /apis/clusterpropagationpolicies}: the cluster-scoped ones and
 * one by name. No internal route: every instance answers from its own copy.
 */
final class PolicyRoutes {

    private final String resource;
    private final String singular;
    private final String listKind;
    private final PolicyQuery policies;
    private final boolean clusterScoped;

    /**
     * {@code resource} as in the path (e.g. {@code overridepolicies}), {@code singular} as a 404 names one policy
     * ({@code overridepolicy payments/web}, as kubectl does), {@code listKind} as in the list's {@code kind}.
     */
    PolicyRoutes(String resource, String singular, String listKind, PolicyQuery policies, boolean clusterScoped) {
        this.resource = resource;
        this.singular = singular;
        this.listKind = listKind;
        this.policies = policies;
        this.clusterScoped = clusterScoped;
    }

    static PolicyRoutes propagationPolicies(PolicyQuery propagation) {
        return new PolicyRoutes("propagationpolicies", "propagationpolicy", "PropagationPolicyList",
                propagation, false);
    }

    static PolicyRoutes clusterPropagationPolicies(PolicyQuery propagation) {
        return new PolicyRoutes("clusterpropagationpolicies", "clusterpropagationpolicy", "ClusterPropagationPolicyList",
                propagation, true);
    }

    static PolicyRoutes overridePolicies(PolicyQuery override) {
        return new PolicyRoutes("overridepolicies", "overridepolicy", "OverridePolicyList",
                override, false);
    }

    static PolicyRoutes clusterOverridePolicies(PolicyQuery override) {
        return new PolicyRoutes("clusteroverridepolicies", "clusteroverridepolicy", "ClusterOverridePolicyList",
                override, true);
    }

    void addTo(Router router) {
        if (clusterScoped) {
            router.get("/apis/" + resource, request -> ApiResponse.ok(PolicyObject.listJson(listKind, policies.clusterScoped())))
                    .get("/apis/" + resource + "/{name}", request -> {
                        String name = request.path("name");
                        return policies.clusterScoped(name).map(PolicyRoutes::ok)
                                .orElseGet(() -> notFound(singular + " " + name).with("name", name));
                    });
            return;
        }
        router.get("/apis/" + resource, request -> ApiResponse.ok(PolicyObject.listJson(listKind, policies.in(request.query("namespace")))))
                .get("/apis/" + resource + "/{namespace}/{name}", request -> {
                    String namespace = request.path("namespace");
                    String name = request.path("name");
                    return policies.byName(namespace, name).map(PolicyRoutes::ok)
                            .orElseGet(() -> notFound(singular + " " + namespace + "/" + name).with("namespace", namespace).with("name", name));
                });
    }

    private static ApiResponse ok(PublishedPolicy policy) {
        return ApiResponse.ok(PolicyObject.toJson(policy));
    }

    /** A 404 that names {@code what}, e.g. {@code overridepolicy payments/web}, as kubectl does. */
    private static ApiResponse notFound(String what) {
        return ApiResponse.error(404, "NotFound", what + " not found among the published policies");
    }
}
