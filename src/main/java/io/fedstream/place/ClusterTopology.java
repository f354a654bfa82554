package io.fedstream.place;

import java.util.List;

/**
 * Where a member cluster is, as a Karmada {@code Cluster}'s spec says: its cloud provider, region and zones (each
 * null or empty when not said). Spread constraints group clusters by these.
 */
public record ClusterTopology(String provider, String region, List<String> zones) {

    /** A cluster whose whereabouts are not known. */
    public static final ClusterTopology UNKNOWN = new ClusterTopology(null, null, List.of());

    public ClusterTopology {
        provider = blankToNull(provider);
        region = blankToNull(region);
        zones = zones == null ? List.of() : zones.stream().filter(zone -> zone != null && !zone.isBlank()).distinct().toList();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
