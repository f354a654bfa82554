package io.fedstream.interpret;

/**
 * Identity of one workload manifest. Fields are null only in an INVALID interpretation whose
 * manifest lacked them; the namespace is "default" when the manifest names none.
 */
public record WorkloadId(String apiVersion, String kind, String namespace, String name) {

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
