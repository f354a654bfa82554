package io.fedstream.interpret;

import io.fedstream.interpret.kinds.KubernetesClusterScopedKinds;

/**
 * Identity of one workload manifest. Fields are null only in an INVALID interpretation whose
 * manifest lacked them; the namespace is "default" when the manifest names none, and "" for an
 * object of a cluster-scoped kind, whatever its manifest says (Kubernetes ignores it there too).
 */
public record WorkloadId(String apiVersion, String kind, String namespace, String name) {

    /** The identity of a manifest with these fields, its namespace as the manifest gives it (null: none). */
    public static WorkloadId of(String apiVersion, String kind, String namespace, String name) {
        WorkloadId unscoped = new WorkloadId(apiVersion, kind, null, name);
        if (apiVersion != null && kind != null && KubernetesClusterScopedKinds.isClusterScoped(unscoped.group(), kind)) {
            return new WorkloadId(apiVersion, kind, "", name);
        }
        return new WorkloadId(apiVersion, kind, namespace == null || namespace.isEmpty() ? "default" : namespace, name);
    }

    /** The API group: the part of apiVersion before '/', or "core" for an apiVersion without one. */
    public String group() {
        if (apiVersion == null) {
            return null;
        }
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "core" : apiVersion.substring(0, slash);
    }

    /** {@code group/kind/namespace/name}, e.g. "apps/Deployment/team-a/web"; null when a part is unknown. */
    public String key() {
        if (apiVersion == null || kind == null || namespace == null || name == null) {
            return null;
        }
        return group() + "/" + kind + "/" + namespace + "/" + name;
    }
}
