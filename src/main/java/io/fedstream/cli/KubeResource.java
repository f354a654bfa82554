package io.fedstream.cli;

/** Where the query API serves a kind, as Kubernetes lays out its paths: its group version and plural. */
record KubeResource(String groupVersion, String plural) {

    static final KubeResource RESOURCE_BINDINGS = new KubeResource("work.karmada.io/v1alpha2", "resourcebindings");
    static final KubeResource CLUSTER_RESOURCE_BINDINGS = new KubeResource("work.karmada.io/v1alpha2", "clusterresourcebindings");
    static final KubeResource QUOTAS = new KubeResource("policy.karmada.io/v1alpha1", "federatedresourcequotas");
    static final KubeResource PROPAGATION_POLICIES = new KubeResource("policy.karmada.io/v1alpha1", "propagationpolicies");
    static final KubeResource CLUSTER_PROPAGATION_POLICIES = new KubeResource("policy.karmada.io/v1alpha1", "clusterpropagationpolicies");
    static final KubeResource OVERRIDE_POLICIES = new KubeResource("policy.karmada.io/v1alpha1", "overridepolicies");
    static final KubeResource CLUSTER_OVERRIDE_POLICIES = new KubeResource("policy.karmada.io/v1alpha1", "clusteroverridepolicies");
    static final KubeResource CLUSTERS = new KubeResource("cluster.karmada.io/v1alpha1", "clusters");
    static final KubeResource MIGRATIONS = new KubeResource("fedstream.io/v1alpha1", "migrations");
    static final KubeResource AGGREGATES = new KubeResource("fedstream.io/v1alpha1", "aggregates");
    static final KubeResource CLUSTER_AGGREGATES = new KubeResource("fedstream.io/v1alpha1", "clusteraggregates");

    /** Every object of the kind: of every namespace, or the cluster-scoped ones. */
    String all() {
        return "/apis/" + groupVersion + "/" + plural;
    }

    /** The collection of one namespace. */
    String in(String namespace) {
        return "/apis/" + groupVersion + "/namespaces/" + QueryOptions.encode(namespace) + "/" + plural;
    }

    /** One object of a namespace. */
    String one(String namespace, String name) {
        return in(namespace) + "/" + QueryOptions.encode(name);
    }

    /** One cluster-scoped object. */
    String one(String name) {
        return all() + "/" + QueryOptions.encode(name);
    }
}
