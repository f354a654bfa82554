package io.fedstream.api;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.mirror.PolicyMirror;
import io.fedstream.mirror.PublishedPropagationPolicy;
import java.util.List;
import java.util.Optional;

/**
 * The (Cluster)PropagationPolicies on the policies topic, from this instance's copy of the {@link PolicyMirror#STORE}
 * global store: every instance holds all of them, so there is nothing to ask of the others.
 */
final class PropagationPolicyQuery {

    private final FanOut fanOut;

    PropagationPolicyQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** A namespace's PropagationPolicy by name. */
    Optional<PublishedPropagationPolicy> byName(String namespace, String name) {
        return in(Optional.of(namespace)).stream().filter(policy -> policy.name().equals(name)).findFirst();
    }

    /** With a namespace, its PropagationPolicies; without, every policy of both kinds. */
    List<PublishedPropagationPolicy> in(Optional<String> namespace) {
        List<PublishedPropagationPolicy> all = fanOut.<PolicyEvent, List<PublishedPropagationPolicy>>global(PolicyMirror.STORE,
                PublishedPropagationPolicy::all);
        return namespace.map(ns -> all.stream().filter(policy -> ns.equals(policy.namespace())).toList()).orElse(all);
    }
}
