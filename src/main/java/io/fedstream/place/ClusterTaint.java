package io.fedstream.place;

/** A taint on a member cluster, as Karmada's {@code Cluster.spec.taints}: key, optional value, effect. */
public record ClusterTaint(String key, String value, Effect effect) {

    /** Kubernetes taint effects; Karmada sets NoSchedule and NoExecute on clusters, PreferNoSchedule is a soft one. */
    public enum Effect { NoSchedule, PreferNoSchedule, NoExecute }

    public ClusterTaint {
        value = value == null ? "" : value;
    }

    @Override
    public String toString() {
        return key + (value.isEmpty() ? "" : "=" + value) + ":" + effect;
    }
}
