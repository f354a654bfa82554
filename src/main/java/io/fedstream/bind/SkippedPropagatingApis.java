package io.fedstream.bind;

import java.util.Map;
import java.util.Optional;

/**
 * The API objects Karmada never propagates, by its {@code --skipped-propagating-apis} default
 * ({@code pkg/util/apigroup.go}, {@code NewSkippedResourceConfig}): its own API groups, events and leases. fedstream
 * reads some of Karmada's kinds as policies or heartbeats; {@code apply} refuses the others, saying why, instead of
 * publishing them as workloads that would never be interpreted, and the bind stage dead-letters one that another
 * producer published.
 */
public final class SkippedPropagatingApis {

    /** Karmada's own groups, each with what its user should know beyond "not propagated, not implemented". */
    private static final Map<String, String> KARMADA_GROUPS = Map.of(
            "cluster.karmada.io", "",
            "policy.karmada.io", "",
            "work.karmada.io", "; fedstream writes its own ResourceBindings on fedstream.bindings",
            "config.karmada.io", "; fedstream runs no Lua scripts and calls no interpreter webhooks: declare the kind's replicas"
                    + " and pod templates with an InterpreterCustomization instead (docs/customizations.md)",
            "networking.karmada.io", "",
            "autoscaling.karmada.io", "",
            "remedy.karmada.io", "",
            "apps.karmada.io", "");

    private SkippedPropagatingApis() {}

    /** Karmada's kinds that fedstream reads, each with the topic {@code fedstream apply} publishes it on. */
    private static final Map<String, String> READ_ELSEWHERE = Map.of(
            "policy.karmada.io/PropagationPolicy", "fedstream.policies",
            "policy.karmada.io/ClusterPropagationPolicy", "fedstream.policies",
            "policy.karmada.io/OverridePolicy", "fedstream.policies",
            "policy.karmada.io/ClusterOverridePolicy", "fedstream.policies",
            "policy.karmada.io/FederatedResourceQuota", "fedstream.policies",
            "cluster.karmada.io/Cluster", "fedstream.cluster-health");

    /**
     * Why a document of {@code apiVersion} and {@code kind} in {@code group} is not a workload, empty when it may be: a
     * sentence that starts with the kind, e.g. "FederatedHPA (autoscaling.karmada.io/v1alpha1) is ...".
     */
    public static Optional<String> whyNot(String group, String apiVersion, String kind) {
        String object = kind + " (" + apiVersion + ")";
        String topic = READ_ELSEWHERE.get(group + "/" + kind);
        if (topic != null) {
            return Optional.of(object + " is not a workload: fedstream reads it from " + topic + ", where fedstream apply"
                    + " publishes it (docs/karmada.md, difference 13)");
        }
        String extra = KARMADA_GROUPS.get(group);
        if (extra != null) {
            return Optional.of(object + " is a Karmada API object, which Karmada never propagates (its --skipped-propagating-apis"
                    + " default skips the group " + group + ") and fedstream does not implement" + extra
                    + " (docs/karmada.md, difference 13)");
        }
        boolean event = "events.k8s.io".equals(group) || "core".equals(group) && "v1".equals(apiVersion) && "Event".equals(kind);
        boolean lease = "coordination.k8s.io/v1".equals(apiVersion);
        if (event || lease) {
            return Optional.of(object + " is never propagated: Karmada's --skipped-propagating-apis default skips "
                    + (event ? "events" : "leases") + ", and no pod runs for it (docs/karmada.md, difference 13)");
        }
        return Optional.empty();
    }
}
