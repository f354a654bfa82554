package io.fedstream.place;

import io.fedstream.interpret.Resources;

import java.util.List;
import java.util.Map;

/**
 * A member cluster as placement sees it: name, labels, taints, readiness, and its resources as
 * one pool: allocatable, allocated (by pods running there) and reserved (by placements fedstream
 * has decided but the cluster does not report as allocated yet); when not ready, why (null: not said); where it
 * is (provider, region, zones); and the kinds it serves, as {@code apiVersion/kind} (its agent's API discovery,
 * Karmada's {@code status.apiEnablements}; null when the cluster has not said, as heartbeats before they carried it).
 */
public record ClusterCapacity(
        String name,
        Map<String, String> labels,
        List<ClusterTaint> taints,
        Resources allocatable,
        Resources allocated,
        Resources reserved,
        boolean ready,
        String notReadyBecause,
        ClusterTopology topology,
        java.util.Set<String> servedKinds) {

    public ClusterCapacity {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
        topology = topology == null ? ClusterTopology.UNKNOWN : topology;
        servedKinds = servedKinds == null ? null : java.util.Set.copyOf(servedKinds);
    }

    /** Whether the cluster serves the kind ({@code apiVersion/kind}); true when it has not said which kinds it serves. */
    public boolean serves(String kind) {
        return servedKinds == null || servedKinds.contains(kind);
    }

    /** A cluster whose whereabouts are not known and that has not said which kinds it serves. */
    public ClusterCapacity(String name, Map<String, String> labels, List<ClusterTaint> taints, Resources allocatable,
                           Resources allocated, Resources reserved, boolean ready, String notReadyBecause) {
        this(name, labels, taints, allocatable, allocated, reserved, ready, notReadyBecause, ClusterTopology.UNKNOWN, null);
    }

    /** The same cluster with more capacity reserved. */
    public ClusterCapacity reserve(Resources more) {
        return new ClusterCapacity(name, labels, taints, allocatable, allocated, reserved.plus(more), ready, notReadyBecause, topology,
                servedKinds);
    }
}
