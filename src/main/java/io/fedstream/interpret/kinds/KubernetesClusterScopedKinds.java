package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Kubernetes' own cluster-scoped kinds that a ClusterPropagationPolicy propagates (a Namespace, a ClusterRole, a
 * CustomResourceDefinition, ...): no components, and no namespace, so that such an object is keyed
 * {@code group/kind//name}, bound without a quota to charge into a ClusterResourceBinding and sent to every cluster its
 * ClusterPropagationPolicy selects, as Karmada binds it ({@code pkg/detector/policy.go} {@code propagateResource}). A
 * PriorityClass is read as a policy, and the objects a member cluster makes for itself (a Node, a CSINode, ...) are
 * never propagated ({@code io.fedstream.bind.NeverPropagated}).
 */
public final class KubernetesClusterScopedKinds implements KindInterpreter {

    /** The kinds, each at the apiVersion a current Kubernetes (1.34) serves it at. */
    public static final List<KindRef> KINDS = List.of(
            KindRef.of("v1", "Namespace"),
            KindRef.of("v1", "PersistentVolume"),
            KindRef.of("rbac.authorization.k8s.io/v1", "ClusterRole"),
            KindRef.of("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"),
            KindRef.of("apiextensions.k8s.io/v1", "CustomResourceDefinition"),
            KindRef.of("apiregistration.k8s.io/v1", "APIService"),
            KindRef.of("storage.k8s.io/v1", "StorageClass"),
            KindRef.of("storage.k8s.io/v1", "CSIDriver"),
            KindRef.of("storage.k8s.io/v1", "VolumeAttributesClass"),
            KindRef.of("networking.k8s.io/v1", "IngressClass"),
            KindRef.of("networking.k8s.io/v1", "ServiceCIDR"),
            KindRef.of("node.k8s.io/v1", "RuntimeClass"),
            KindRef.of("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration"),
            KindRef.of("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration"),
            KindRef.of("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicy"),
            KindRef.of("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicyBinding"),
            KindRef.of("admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicy"),
            KindRef.of("admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicyBinding"),
            KindRef.of("flowcontrol.apiserver.k8s.io/v1", "FlowSchema"),
            KindRef.of("flowcontrol.apiserver.k8s.io/v1", "PriorityLevelConfiguration"),
            KindRef.of("resource.k8s.io/v1", "DeviceClass"),
            KindRef.of("certificates.k8s.io/v1beta1", "ClusterTrustBundle"));

    /** {@code group/kind} of every kind above: the scope of a kind does not depend on its version. */
    private static final Set<String> GROUP_KINDS = KINDS.stream()
            .map(kind -> group(kind.apiVersion()) + "/" + kind.kind()).collect(Collectors.toUnmodifiableSet());

    /** Whether objects of this API group ("core" for v1) and kind have no namespace. */
    public static boolean isClusterScoped(String group, String kind) {
        return GROUP_KINDS.contains(group + "/" + kind);
    }

    @Override
    public List<KindRef> kinds() {
        return KINDS;
    }

    @Override
    public List<Component> components(Cursor manifest) {
        return List.of();
    }

    private static String group(String apiVersion) {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "core" : apiVersion.substring(0, slash);
    }
}
