package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.decide.PublishedPolicy;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The policies of one kind for the Kubernetes routes: the namespaced ones of a family (PropagationPolicy,
 * OverridePolicy) or its cluster-scoped ones (ClusterPropagationPolicy, ClusterOverridePolicy), from the family's
 * {@link PolicyQuery}; every instance holds them all.
 */
final class PolicyReader implements ObjectReader {

    private final PolicyQuery family;
    private final boolean clusterScoped;

    PolicyReader(PolicyQuery family, boolean clusterScoped) {
        this.family = family;
        this.clusterScoped = clusterScoped;
    }

    @Override
    public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
        TreeMap<String, ObjectNode> objects = new TreeMap<>();
        for (PublishedPolicy policy : clusterScoped ? family.clusterScoped() : family.namespaced(scope.namespace())) {
            if (scope.name().isEmpty() || scope.name().get().equals(policy.name())) {
                objects.put((policy.namespace() == null ? "" : policy.namespace()) + "/" + policy.name(), PolicyObject.toJson(policy));
            }
        }
        return WholeCollection.page(objects, from, page);
    }

    @Override
    public Optional<ObjectNode> get(Scope scope) {
        String name = scope.name().orElseThrow();
        return (clusterScoped ? family.clusterScoped(name) : family.byName(scope.namespace().orElseThrow(), name)).map(PolicyObject::toJson);
    }
}
