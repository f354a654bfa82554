package io.fedstream.bind;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The cluster-scoped objects fedstream does not propagate, where Karmada would under a ClusterPropagationPolicy: those a
 * member cluster makes for itself (a Node, a CSINode, a VolumeAttachment, ...), karmada-search's ResourceRegistry, and
 * the custom resources of a cluster-scoped CustomResourceDefinition, whose scope their manifest does not tell. {@code
 * apply} leaves them out, and the namespace pass dead-letters one that another producer published (docs/karmada.md,
 * difference 14). Kubernetes' other cluster-scoped kinds are bound ({@code interpret.kinds.KubernetesClusterScopedKinds}).
 */
public final class ClusterScopedKinds {

    /** By API group ("core" for v1): what the cluster's kubelets, controllers and clients make for that cluster alone. */
    private static final Map<String, Set<String>> CLUSTERS_OWN = Map.ofEntries(
            Map.entry("core", Set.of("Node", "ComponentStatus")),
            Map.entry("storage.k8s.io", Set.of("CSINode", "VolumeAttachment")),
            Map.entry("networking.k8s.io", Set.of("IPAddress")),
            Map.entry("certificates.k8s.io", Set.of("CertificateSigningRequest")),
            Map.entry("resource.k8s.io", Set.of("ResourceSlice")));
    /** karmada-search's configuration: cluster-scoped, and not in a group Karmada skips (SkippedPropagatingApis). */
    private static final String SEARCH_GROUP = "search.karmada.io";
    private static final String RESOURCE_REGISTRY = "ResourceRegistry";

    private ClusterScopedKinds() {}

    /**
     * Why an object of this API group ("core" for v1) and kind is not propagated, empty when it may be: a sentence that
     * starts with the kind, e.g. "Node is not propagated: ...".
     */
    public static Optional<String> whyNot(String group, String kind) {
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
    public static String whyNotCustom(String group, String kind, String crd) {
        return kind + " (" + group + ") is not propagated: its CustomResourceDefinition " + crd + " declares it"
                + " cluster-scoped, and fedstream binds Kubernetes' own cluster-scoped kinds only (it cannot tell a custom"
                + " kind's scope from its manifest, and keys a namespaced object without a namespace under default): create"
                + " it on the member clusters (docs/karmada.md, difference 14)";
    }
}
