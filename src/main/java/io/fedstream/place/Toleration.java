package io.fedstream.place;

/**
 * One {@code spec.placement.clusterTolerations} entry and whether it tolerates a taint, with the
 * rules of Kubernetes' {@code Toleration.ToleratesTaint}: an empty effect matches every effect,
 * an empty key with Exists matches every key, Exists ignores the value, Equal compares it.
 */
public record Toleration(String key, Operator operator, String value, ClusterTaint.Effect effect, Long tolerationSeconds) {

    /** Toleration operators; Equal is the default. */
    public enum Operator { Equal, Exists }

    public Toleration {
        key = key == null ? "" : key;
        value = value == null ? "" : value;
    }

    /** True when this toleration tolerates the taint; effect null means every effect. */
    public boolean tolerates(ClusterTaint taint) {
        if (effect != null && effect != taint.effect()) {
            return false;
        }
        if (!key.isEmpty() && !key.equals(taint.key())) {
            return false;
        }
        return operator == Operator.Exists || value.equals(taint.value());
    }
}
