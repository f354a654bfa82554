package io.fedstream.bind;

import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.WorkloadId;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The objects fedstream never binds, and why. Karmada's own API objects, events and leases, which Karmada never
 * propagates by its {@code --skipped-propagating-apis} default ({@code pkg/util/apigroup.go},
 * {@code NewSkippedResourceConfig}): fedstream reads some of Karmada's kinds as policies or heartbeats, and {@code apply}
 * refuses the others, saying why, instead of publishing them as workloads that would never be interpreted. And the
 * cluster-scoped objects Karmada would propagate under a ClusterPropagationPolicy: those a member cluster makes for
 * itself (a Node, a CSINode, a VolumeAttachment, ...), karmada-search's ResourceRegistry, and the custom resources of a
 * cluster-scoped CustomResourceDefinition, whose scope their manifest does not tell; {@code apply} leaves them out.
 * Kubernetes' other cluster-scoped kinds are bound ({@code interpret.kinds.KubernetesClusterScopedKinds}). The namespace
 * pass dead-letters any of these that another producer published (docs/karmada.md, differences 13 and 14).
 */
public final class NeverPropagated {

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

    /** Karmada's kinds that fedstream reads, each with the topic {@code fedstream apply} publishes it on. */
    private static final Map<String, String> READ_ELSEWHERE = Map.of(
            "policy.karmada.io/PropagationPolicy", "fedstream.policies",
            "policy.karmada.io/ClusterPropagationPolicy", "fedstream.policies",
            "policy.karmada.io/OverridePolicy", "fedstream.policies",
            "policy.karmada.io/ClusterOverridePolicy", "fedstream.policies",
            "policy.karmada.io/FederatedResourceQuota", "fedstream.policies",
            "cluster.karmada.io/Cluster", "fedstream.cluster-health");

    /** By API group ("core" for v1): what the cluster's kubelets, controllers and clients make for that cluster alone. */
    private static final Map<String, Set<String>> CLUSTERS_OWN = Map.ofEntries(
            Map.entry("core", Set.of("Node", "ComponentStatus")),
            Map.entry("storage.k8s.io", Set.of("CSINode", "VolumeAttachment")),
            Map.entry("networking.k8s.io", Set.of("IPAddress")),
            Map.entry("certificates.k8s.io", Set.of("CertificateSigningRequest")),
            Map.entry("resource.k8s.io", Set.of("ResourceSlice")));
    /** karmada-search's configuration: cluster-scoped, and not in a group Karmada skips. */
    private static final String SEARCH_GROUP = "search.karmada.io";
    private static final String RESOURCE_REGISTRY = "ResourceRegistry";

    private NeverPropagated() {}

    /** The reason, on the field {@code kind}, when {@code interpretation} is of a kind fedstream never propagates. */
    public static Optional<FieldError> reason(Interpretation interpretation) {
        if (interpretation.outcome() != Interpretation.Outcome.UNINTERPRETED) {
            return Optional.empty();
        }
        WorkloadId workload = interpretation.workload();
        return skippedApi(workload.group(), workload.apiVersion(), workload.kind())
                .or(() -> clusterScoped(workload.group(), workload.kind()))
                .map(why -> new FieldError("kind", workload.kind(), why));
    }

    /**
     * Why a document of {@code apiVersion} and {@code kind} in {@code group} is not a workload by Karmada's skipped APIs,
     * empty when it may be: a sentence that starts with the kind, e.g. "FederatedHPA (autoscaling.karmada.io/v1alpha1) is ...".
     */
    public static Optional<String> skippedApi(String group, String apiVersion, String kind) {
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

    /**
     * Why a cluster-scoped object of this API group ("core" for v1) and kind is not propagated, empty when it may be: a
     * sentence that starts with the kind, e.g. "Node is not propagated: ...".
     */
    public static Optional<String> clusterScoped(String group, String kind) {
        String object = kind + ("core".equals(group) ? "" : " (" + group + ")");
        if (SEARCH_GROUP.equals(group) && RESOURCE_REGISTRY.equals(kind)) {
            return Optional.of(object + " is not propagated: it configures karmada-search in Karmada's control plane, and no"
                    + " member cluster serves it (docs/karmada.md, difference 14)");
        }
        if (!CLUSTERS_OWN.getOrDefault(group, Set.of()).contains(kind)) {
            return Optional.empty();
        }
        return Optional.of(object + " is not propagated: each member cluster makes its own for itself, and a copy from"
                + " another cluster would describe something that is not there (docs/karmada.md, difference 14)");
    }

    /** Why a custom resource whose CustomResourceDefinition {@code crd} declares {@code scope: Cluster} is not propagated. */
    public static String customClusterScoped(String group, String kind, String crd) {
        return kind + " (" + group + ") is not propagated: its CustomResourceDefinition " + crd + " declares it"
                + " cluster-scoped, and fedstream binds Kubernetes' own cluster-scoped kinds only (it cannot tell a custom"
                + " kind's scope from its manifest, and keys a namespaced object without a namespace under default): create"
                + " it on the member clusters (docs/karmada.md, difference 14)";
    }
}
