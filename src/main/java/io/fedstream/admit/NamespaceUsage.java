package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

/**
 * What the admitted workloads of a namespace use in total (overall and per cluster), how many
 * are admitted, and the next arrival sequence for the queue. Every quota of the namespace
 * governs every workload in it, so a quota's used is this restricted to the keys it names.
 */
public record NamespaceUsage(
        String namespace, Resources overall, SortedMap<String, Resources> clusters, long admitted, long nextSequence) {

    public NamespaceUsage {
        Objects.requireNonNull(namespace, "namespace");
        overall = Objects.requireNonNull(overall, "overall").withoutZeros();
        clusters = Amounts.clusters(clusters == null ? Map.of() : clusters);
        if (admitted < 0 || nextSequence < 0) {
            throw new IllegalArgumentException("counts must not be negative: admitted " + admitted + ", nextSequence " + nextSequence);
        }
    }

    /** A namespace with nothing admitted and nothing queued yet. */
    public static NamespaceUsage empty(String namespace) {
        return new NamespaceUsage(namespace, Resources.NONE, Collections.emptySortedMap(), 0, 0);
    }

    /** What one cluster's admitted workloads use; NONE when nothing runs there. */
    public Resources cluster(String name) {
        return clusters.getOrDefault(name, Resources.NONE);
    }

    /** The usage after replacing {@code old} (NONE for a newly admitted workload) by {@code now}. */
    NamespaceUsage replace(Charge old, Charge now, long admittedChange) {
        return new NamespaceUsage(namespace,
                Amounts.plus(Amounts.minus(overall, old.overall()), now.overall()),
                Amounts.clusters(Amounts.clusters(clusters, old.clusters(), -1), now.clusters(), 1),
                admitted + admittedChange, nextSequence);
    }

    /** The usage with {@code next} as the next sequence. */
    NamespaceUsage withNextSequence(long next) {
        return new NamespaceUsage(namespace, overall, clusters, admitted, next);
    }

    /** The usage with the next sequence taken. */
    NamespaceUsage takeSequence() {
        return new NamespaceUsage(namespace, overall, clusters, admitted, Math.addExact(nextSequence, 1));
    }
}
