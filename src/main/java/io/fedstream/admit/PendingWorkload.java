package io.fedstream.admit;

import java.util.List;
import java.util.Objects;

/**
 * A rejected workload version waiting for quota: what it would be charged, why it does not fit
 * (as of the last try), and its place in the namespace queue (priority, then arrival sequence).
 */
public record PendingWorkload(
        String namespace, String workloadKey, long generation, int priority, long sequence, Charge charge, List<Violation> violations) {

    public PendingWorkload {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(workloadKey, "workloadKey");
        Objects.requireNonNull(charge, "charge");
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence must not be negative: " + sequence);
        }
        violations = violations == null ? List.of() : List.copyOf(violations);
    }

    /**
     * A key whose string order is the queue order within a namespace (higher priority first, then first come first
     * served), for a store that scans by prefix: {@code namespace/} + 8 hex digits of the inverted priority + 16 of the
     * sequence.
     */
    public String queueKey() {
        return queuePrefix(namespace) + String.format("%08x%016x", (long) Integer.MAX_VALUE - priority, sequence);
    }

    /** The prefix every {@link #queueKey()} of a namespace starts with. */
    public static String queuePrefix(String namespace) {
        return namespace + "/";
    }

    PendingWorkload withViolations(List<Violation> now) {
        return new PendingWorkload(namespace, workloadKey, generation, priority, sequence, charge, now);
    }
}
