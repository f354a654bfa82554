package io.fedstream.bind;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Kubernetes' own cluster-scoped kinds (a Namespace, a ClusterRole, a CustomResourceDefinition, ...) and Karmada's
 * ResourceRegistry, which fedstream does not propagate: it keys every workload by namespace, so such an object would
 * become a workload of the namespace "default" that no policy should select. {@code apply} leaves them out, and the
 * bind stage dead-letters one that another producer published (docs/karmada.md, difference 14).
 */
public final class ClusterScopedKinds {

    /** By API group ("core" for v1), as Kubernetes 1.34 and Karmada v1.15 serve them. */
    private static final Map<String, Set<String>> KINDS = Map.ofEntries(
            Map.entry("core", Set.of("Namespace", "Node", "PersistentVolume", "ComponentStatus")),
            Map.entry("rbac.authorization.k8s.io", Set.of("ClusterRole", "ClusterRoleBinding")),
            Map.entry("apiextensions.k8s.io", Set.of("CustomResourceDefinition")),
            Map.entry("apiregistration.k8s.io", Set.of("APIService")),
            Map.entry("storage.k8s.io", Set.of("StorageClass", "CSIDriver", "CSINode", "VolumeAttachment", "VolumeAttributesClass")),
            Map.entry("networking.k8s.io", Set.of("IngressClass", "IPAddress", "ServiceCIDR")),
            Map.entry("node.k8s.io", Set.of("RuntimeClass")),
            Map.entry("admissionregistration.k8s.io", Set.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration",
                    "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding", "MutatingAdmissionPolicy",
                    "MutatingAdmissionPolicyBinding")),
            Map.entry("certificates.k8s.io", Set.of("CertificateSigningRequest", "ClusterTrustBundle")),
            Map.entry("flowcontrol.apiserver.k8s.io", Set.of("FlowSchema", "PriorityLevelConfiguration")),
            Map.entry("resource.k8s.io", Set.of("DeviceClass", "ResourceSlice")),
            // karmada-search's configuration: cluster-scoped, and not in a group Karmada skips (SkippedPropagatingApis).
            Map.entry("search.karmada.io", Set.of("ResourceRegistry")));

    private ClusterScopedKinds() {}

    /**
     * Why an object of this API group ("core" for v1) and kind is not propagated, empty when it may be: a sentence that
     * starts with the kind, e.g. "Namespace is not propagated: ...".
     */
    public static Optional<String> whyNot(String group, String kind) {
        if (!KINDS.getOrDefault(group, Set.of()).contains(kind)) {
            return Optional.empty();
        }
        String object = kind + ("core".equals(group) ? "" : " (" + group + ")");
        if ("core".equals(group) && "Namespace".equals(kind)) {
            return Optional.of(object + " is not propagated: Karmada creates every namespace on its member clusters by itself"
                    + " (its namespace sync controller), fedstream leaves namespaces to the member clusters: create it there"
                    + " (docs/karmada.md, difference 14)");
        }
        return Optional.of(notPropagated(object, "it is cluster-scoped"));
    }

    /** Why a custom resource whose CustomResourceDefinition {@code crd} declares {@code scope: Cluster} is not propagated. */
    public static String whyNotCustom(String group, String kind, String crd) {
        return notPropagated(kind + " (" + group + ")", "its CustomResourceDefinition " + crd + " declares it cluster-scoped");
    }

    private static String notPropagated(String object, String scope) {
        return object + " is not propagated: " + scope + ", and fedstream propagates namespaced objects only"
                + " (it keys every workload by namespace), where Karmada propagates it under a ClusterPropagationPolicy:"
                + " create it on the member clusters (docs/karmada.md, difference 14)";
    }
}
