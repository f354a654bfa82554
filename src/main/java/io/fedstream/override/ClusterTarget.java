package io.fedstream.override;

import java.util.List;
import java.util.Map;

/**
 * What override rules may select a member cluster by: its name, labels and, for a
 * {@code fieldSelector}, Karmada's Cluster {@code spec.provider}, {@code spec.region} and
 * {@code spec.zones} (null or empty when the cluster does not report them).
 */
public record ClusterTarget(String name, Map<String, String> labels, String provider, String region, List<String> zones) {

    public ClusterTarget {
        labels = Map.copyOf(labels);
        zones = zones == null ? List.of() : List.copyOf(zones);
    }

    /** A cluster known only by name and labels. */
    public static ClusterTarget of(String name, Map<String, String> labels) {
        return new ClusterTarget(name, labels, null, null, List.of());
    }
}
