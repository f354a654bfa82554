package io.fedstream.api;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.decide.PassState;
import io.fedstream.decide.PublishedPolicy;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The policies of one family (propagation or override) on the policies topic, from the policies section of the
 * {@link PassState#STORE} of a namespace-pass partition active on this instance: every partition holds every
 * cluster-wide policy (only quotas are kept by their namespace's partition alone), so there is nothing to ask of the others.
 */
final class PolicyQuery {

    private final FanOut fanOut;
    private final Serde<PolicyEvent> values;
    private final Function<ReadOnlyKeyValueStore<String, PolicyEvent>, List<PublishedPolicy>> family;

    /**
     * {@code values}: the policies topic's serde, which the section keeps its events in; {@code family} reads the family's
     * policies of both scopes, e.g. {@link PublishedPolicy#overridePolicies}.
     */
    PolicyQuery(FanOut fanOut, Serde<PolicyEvent> values, Function<ReadOnlyKeyValueStore<String, PolicyEvent>, List<PublishedPolicy>> family) {
        this.fanOut = fanOut;
        this.values = values;
        this.family = family;
    }

    /** A namespace's policy by name. */
    Optional<PublishedPolicy> byName(String namespace, String name) {
        return in(Optional.of(namespace)).stream().filter(policy -> policy.name().equals(name)).findFirst();
    }

    /** A cluster-scoped policy by name. */
    Optional<PublishedPolicy> clusterScoped(String name) {
        return clusterScoped().stream().filter(policy -> policy.name().equals(name)).findFirst();
    }

    /** The cluster-scoped policies, e.g. the ClusterOverridePolicies. */
    List<PublishedPolicy> clusterScoped() {
        return in(Optional.empty()).stream().filter(policy -> policy.namespace() == null).toList();
    }

    /** The namespaced policies: of one namespace, or of every one. */
    List<PublishedPolicy> namespaced(Optional<String> namespace) {
        return in(namespace).stream().filter(policy -> policy.namespace() != null).toList();
    }

    /** With a namespace, its namespaced policies; without, every policy of both scopes. */
    List<PublishedPolicy> in(Optional<String> namespace) {
        List<PublishedPolicy> all = fanOut.<byte[], List<PublishedPolicy>>anyPartition(PassState.STORE,
                store -> family.apply(PassState.policies(store, values)));
        return namespace.map(ns -> all.stream().filter(policy -> ns.equals(policy.namespace())).toList()).orElse(all);
    }
}
