package io.fedstream.place;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One cluster affinity (or one named group of {@code clusterAffinities}) and whether a cluster
 * satisfies it, as Karmada's {@code util.ClusterMatches}: an excluded cluster never matches;
 * otherwise the label selector, the field selector (each when given) and the name list (when not
 * empty) must all hold.
 */
public record ClusterAffinity(String name, List<String> clusterNames, List<String> exclude, LabelSelector labelSelector,
                              ClusterFieldSelector fieldSelector) {

    /** The affinity that every cluster satisfies (no affinity given). */
    public static final ClusterAffinity ANY = new ClusterAffinity(null, List.of(), List.of(), null, null);

    public ClusterAffinity {
        clusterNames = List.copyOf(clusterNames);
        exclude = List.copyOf(exclude);
    }

    /** Why the cluster does not satisfy this affinity, or null when it does. */
    public String whyNot(String cluster, Map<String, String> labels, ClusterTopology topology) {
        if (exclude.contains(cluster)) {
            return "is excluded by the affinity";
        }
        if (labelSelector != null && !labelSelector.matches(labels)) {
            // Sorted: the view's map iterates in an order that may change from one JVM to the next.
            return "labels " + new TreeMap<>(labels) + " do not match the affinity's labelSelector";
        }
        if (fieldSelector != null && !fieldSelector.matches(topology)) {
            return "provider " + topology.provider() + ", region " + topology.region() + ", zones " + topology.zones()
                    + " do not match the affinity's fieldSelector";
        }
        if (!clusterNames.isEmpty() && !clusterNames.contains(cluster)) {
            return "is not in the affinity's clusterNames " + clusterNames;
        }
        return null;
    }
}
