package io.fedstream.override;

import io.fedstream.place.LabelSelector;

import java.util.List;
import java.util.Set;

/**
 * An override rule's {@code targetCluster} and whether a cluster satisfies it, as Karmada's
 * {@code util.ClusterMatches}: an excluded cluster never matches; otherwise the label selector,
 * the field selector and the name list (each when given) must all hold.
 */
public record TargetCluster(List<String> clusterNames, List<String> exclude, LabelSelector labelSelector,
                            List<FieldRequirement> fieldSelector) {

    /** The cluster fields a field selector may name. */
    public enum Field { provider, region, zone }

    /** One {@code fieldSelector.matchExpressions} entry; the webhook allows In and NotIn only. */
    public record FieldRequirement(Field key, boolean in, Set<String> values) {
        public FieldRequirement {
            values = Set.copyOf(values);
        }

        boolean matches(ClusterTarget cluster) {
            if (key == Field.zone) {
                // Karmada's matchZones: In needs every zone of the cluster listed (and at least one
                // zone); NotIn needs none of them listed.
                if (in) {
                    return !cluster.zones().isEmpty() && values.containsAll(cluster.zones());
                }
                return cluster.zones().stream().noneMatch(values::contains);
            }
            String value = key == Field.provider ? cluster.provider() : cluster.region();
            boolean known = value != null && !value.isEmpty();
            // As a label selector over the cluster's fields: an unset field satisfies NotIn only.
            return in ? known && values.contains(value) : !known || !values.contains(value);
        }
    }

    public TargetCluster {
        clusterNames = List.copyOf(clusterNames);
        exclude = List.copyOf(exclude);
        fieldSelector = List.copyOf(fieldSelector);
    }

    /** True when the rule applies to the cluster. */
    public boolean matches(ClusterTarget cluster) {
        if (exclude.contains(cluster.name())) {
            return false;
        }
        if (labelSelector != null && !labelSelector.matches(cluster.labels())) {
            return false;
        }
        for (FieldRequirement requirement : fieldSelector) {
            if (!requirement.matches(cluster)) {
                return false;
            }
        }
        return clusterNames.isEmpty() || clusterNames.contains(cluster.name());
    }
}
