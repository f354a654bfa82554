package io.fedstream.cli;

import io.fedstream.api.PolicyColumns;

/**
 * A policy kind as {@code fedstream get} shows it: its name as kubectl says it, where the query API serves it (its
 * plural is kubectl's too), its family's table columns, and, for a namespaced kind, its family's cluster-scoped kind,
 * which {@code -A} lists beside it.
 */
record PolicyKind(String name, KubeResource resource, PolicyColumns.Family columns, KubeResource clusterScoped) {

    static final PolicyKind PROPAGATION = new PolicyKind("propagationpolicy", KubeResource.PROPAGATION_POLICIES,
            PolicyColumns.PROPAGATION, KubeResource.CLUSTER_PROPAGATION_POLICIES);
    static final PolicyKind OVERRIDE = new PolicyKind("overridepolicy", KubeResource.OVERRIDE_POLICIES, PolicyColumns.OVERRIDE,
            KubeResource.CLUSTER_OVERRIDE_POLICIES);
    static final PolicyKind CLUSTER_PROPAGATION = new PolicyKind("clusterpropagationpolicy", KubeResource.CLUSTER_PROPAGATION_POLICIES,
            PolicyColumns.PROPAGATION, null);
    static final PolicyKind CLUSTER_OVERRIDE = new PolicyKind("clusteroverridepolicy", KubeResource.CLUSTER_OVERRIDE_POLICIES,
            PolicyColumns.OVERRIDE, null);

    String plural() {
        return resource.plural();
    }
}
