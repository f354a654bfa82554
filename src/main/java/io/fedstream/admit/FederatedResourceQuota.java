package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A validated FederatedResourceQuota ({@code policy.karmada.io/v1alpha1}): hard limits for a
 * namespace across all clusters, and optionally per cluster. Amounts are in the integer units
 * of {@link Resources}, keyed by {@link QuotaKeys#canonical canonical} quota keys.
 */
public record FederatedResourceQuota(
        String namespace, String name, Resources overall, List<StaticAssignment> staticAssignments) {

    /** The hard limits of one cluster ({@code spec.staticAssignments[i]}). */
    public record StaticAssignment(String clusterName, Resources hard) {

        public StaticAssignment {
            Objects.requireNonNull(clusterName, "clusterName");
            Objects.requireNonNull(hard, "hard");
        }
    }

    public FederatedResourceQuota {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(overall, "overall");
        staticAssignments = staticAssignments == null ? List.of() : List.copyOf(staticAssignments);
    }

    /** {@code namespace/name}, as the quota-status topic and rejections name it. */
    public String key() {
        return namespace + "/" + name;
    }

    public Optional<StaticAssignment> assignment(String clusterName) {
        for (StaticAssignment a : staticAssignments) {
            if (a.clusterName().equals(clusterName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
