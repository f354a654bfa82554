package io.fedstream.place;

import io.fedstream.interpret.Resources;

import java.util.List;
import java.util.Map;

/**
 * A member cluster as placement sees it: name, labels, taints, readiness, and its resources as
 * one pool: allocatable, allocated (by pods running there) and reserved (by placements fedstream
 * has decided but the cluster does not report as allocated yet); when not ready, why (null: not said); and where it
 * is (provider, region, zones).
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
        ClusterTopology topology) {

    public ClusterCapacity {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
        topology = topology == null ? ClusterTopology.UNKNOWN : topology;
    }

    /** A cluster whose whereabouts are not known. */
    public ClusterCapacity(String name, Map<String, String> labels, List<ClusterTaint> taints, Resources allocatable,
                           Resources allocated, Resources reserved, boolean ready, String notReadyBecause) {
        this(name, labels, taints, allocatable, allocated, reserved, ready, notReadyBecause, ClusterTopology.UNKNOWN);
    }

    /** A cluster whose readiness needs no explanation. */
    public ClusterCapacity(String name, Map<String, String> labels, List<ClusterTaint> taints, Resources allocatable,
                           Resources allocated, Resources reserved, boolean ready) {
        this(name, labels, taints, allocatable, allocated, reserved, ready, null);
    }

    /** The same cluster with more capacity reserved. */
    public ClusterCapacity reserve(Resources more) {
        return new ClusterCapacity(name, labels, taints, allocatable, allocated, reserved.plus(more), ready, notReadyBecause, topology);
    }
}
