package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import java.util.List;

/**
 * Kubernetes' own namespaced kinds that run no pods (a ConfigMap, a Service, a Role, a ServiceExport, ...): no
 * components, so that such an object is admitted with nothing to charge and goes to every cluster its policy selects, as
 * Karmada propagates a kind that has no replica interpreter (docs/interpretation.md).
 */
public final class KubernetesKindsWithoutPods implements KindInterpreter {

    /** The kinds, each at every apiVersion a current Kubernetes serves it at. */
    static final List<KindRef> KINDS = List.of(
            KindRef.of("v1", "ConfigMap"),
            KindRef.of("v1", "Secret"),
            KindRef.of("v1", "Service"),
            KindRef.of("v1", "ServiceAccount"),
            KindRef.of("v1", "PersistentVolumeClaim"),
            KindRef.of("v1", "Endpoints"),
            KindRef.of("v1", "LimitRange"),
            KindRef.of("v1", "ResourceQuota"),
            KindRef.of("networking.k8s.io/v1", "Ingress"),
            KindRef.of("networking.k8s.io/v1", "NetworkPolicy"),
            KindRef.of("discovery.k8s.io/v1", "EndpointSlice"),
            KindRef.of("rbac.authorization.k8s.io/v1", "Role"),
            KindRef.of("rbac.authorization.k8s.io/v1", "RoleBinding"),
            KindRef.of("policy/v1", "PodDisruptionBudget"),
            KindRef.of("autoscaling/v1", "HorizontalPodAutoscaler"),
            KindRef.of("autoscaling/v2", "HorizontalPodAutoscaler"),
            // Kubernetes' Multi-Cluster Services API (sigs.k8s.io/mcs-api), whose CRDs Karmada installs and propagates.
            KindRef.of("multicluster.x-k8s.io/v1alpha1", "ServiceExport"),
            KindRef.of("multicluster.x-k8s.io/v1alpha1", "ServiceImport"));

    @Override
    public List<KindRef> kinds() {
        return KINDS;
    }

    @Override
    public List<Component> components(Cursor manifest) {
        return List.of();
    }
}
