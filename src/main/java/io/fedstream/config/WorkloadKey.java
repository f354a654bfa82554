package io.fedstream.config;

import java.util.Optional;

/** A parsed workload key, {@code group/kind/namespace/name}, the key of every workload topic. */
public record WorkloadKey(String group, String kind, String namespace, String name) {

    /** Parses a key; empty when it does not have exactly four non-empty parts. */
    public static Optional<WorkloadKey> parse(String key) {
        if (key == null) {
            return Optional.empty();
        }
        String[] parts = key.split("/", -1);
        if (parts.length != 4) {
            return Optional.empty();
        }
        for (String part : parts) {
            if (part.isEmpty()) {
                return Optional.empty();
            }
        }
        return Optional.of(new WorkloadKey(parts[0], parts[1], parts[2], parts[3]));
    }
}
