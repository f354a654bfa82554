package io.fedstream.override;

import io.fedstream.place.ClusterTopology;
import java.util.Map;

/**
 * What override rules may select a member cluster by: its name, labels and, for a {@code fieldSelector}, Karmada's
 * Cluster {@code spec.provider}, {@code spec.region} and {@code spec.zones} as its heartbeats report them.
 */
public record ClusterTarget(String name, Map<String, String> labels, ClusterTopology topology) {

    public ClusterTarget {
        labels = Map.copyOf(labels);
        topology = topology == null ? ClusterTopology.UNKNOWN : topology;
    }

    /** A cluster known only by name and labels. */
    public static ClusterTarget of(String name, Map<String, String> labels) {
        return new ClusterTarget(name, labels, ClusterTopology.UNKNOWN);
    }
}
