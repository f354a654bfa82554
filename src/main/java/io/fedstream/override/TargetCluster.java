package io.fedstream.override;

import io.fedstream.place.ClusterFieldSelector;
import io.fedstream.place.LabelSelector;

import java.util.List;

/**
 * An override rule's {@code targetCluster} and whether a cluster satisfies it, as Karmada's
 * {@code util.ClusterMatches}: an excluded cluster never matches; otherwise the label selector,
 * the field selector and the name list (each when given) must all hold.
 */
public record TargetCluster(List<String> clusterNames, List<String> exclude, LabelSelector labelSelector,
                            ClusterFieldSelector fieldSelector) {

    public TargetCluster {
        clusterNames = List.copyOf(clusterNames);
        exclude = List.copyOf(exclude);
    }

    /** True when the rule applies to the cluster. */
    public boolean matches(ClusterTarget cluster) {
        if (exclude.contains(cluster.name())) {
            return false;
        }
        if (labelSelector != null && !labelSelector.matches(cluster.labels())) {
            return false;
        }
        if (fieldSelector != null && !fieldSelector.matches(cluster.topology())) {
            return false;
        }
        return clusterNames.isEmpty() || clusterNames.contains(cluster.name());
    }
}
