package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.List;
import java.util.Objects;

/**
 * A quota's status: hard and used overall and per cluster, the overage a shrunk quota leaves
 * (used - hard where positive; admitted workloads are never evicted), how many workloads of
 * the namespace are admitted and how many wait because of this quota.
 */
public record QuotaUsage(
        String namespace, String name, Resources hard, Resources used, Resources overage,
        List<ClusterUsage> clusters, long admittedCount, long rejectedCount) {

    /**
     * One cluster: its static assignment's hard (empty without one), used restricted to those
     * keys (to the overall keys without one) and the overage.
     */
    public record ClusterUsage(String cluster, Resources hard, Resources used, Resources overage) {}

    public QuotaUsage {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        clusters = List.copyOf(clusters);
    }
}
