package io.fedstream.config;

import java.util.Optional;

/**
 * A parsed workload key, {@code group/kind/namespace/name}, the key of every workload topic; a cluster-scoped object (a
 * Namespace, a ClusterRole) has the empty namespace, {@code group/kind//name}.
 */
public record WorkloadKey(String group, String kind, String namespace, String name) {

    /** Parses a key; empty when it does not have exactly four parts, each non-empty but the namespace. */
    public static Optional<WorkloadKey> parse(String key) {
        if (key == null) {
            return Optional.empty();
        }
        String[] parts = key.split("/", -1);
        if (parts.length != 4) {
            return Optional.empty();
        }
        if (parts[0].isEmpty() || parts[1].isEmpty() || parts[3].isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new WorkloadKey(parts[0], parts[1], parts[2], parts[3]));
    }
}
