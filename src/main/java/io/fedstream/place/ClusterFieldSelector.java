package io.fedstream.place;

import io.fedstream.interpret.Cursor;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@code fieldSelector} over a member cluster's Karmada Cluster fields {@code provider}, {@code region} and
 * {@code zone} (from its heartbeats, {@link ClusterTopology}), as Karmada's {@code util.ClusterMatches} reads it for a
 * cluster affinity and an override rule's target cluster: every requirement must hold.
 */
public record ClusterFieldSelector(List<Requirement> requirements) {

    /** The cluster fields a field selector may name (Karmada's {@code ProviderField}, {@code RegionField}, {@code ZoneField}). */
    public enum Field { provider, region, zone }

    /** One {@code matchExpressions} entry; Karmada's webhook allows the operators In and NotIn only. */
    public record Requirement(Field key, boolean in, Set<String> values) {

        public Requirement {
            values = Set.copyOf(values);
        }

        boolean matches(ClusterTopology cluster) {
            if (key == Field.zone) {
                // Karmada's matchZones: In needs every zone of the cluster listed (and at least one zone); NotIn needs
                // none of them listed.
                if (in) {
                    return !cluster.zones().isEmpty() && values.containsAll(cluster.zones());
                }
                return cluster.zones().stream().noneMatch(values::contains);
            }
            String value = key == Field.provider ? cluster.provider() : cluster.region();
            // As a node selector over the cluster's fields: an unset field satisfies NotIn only.
            return in ? value != null && values.contains(value) : value == null || !values.contains(value);
        }
    }

    private static final List<String> SELECTOR_FIELDS = List.of("matchExpressions");
    private static final List<String> REQUIREMENT_FIELDS = List.of("key", "operator", "values");

    public ClusterFieldSelector {
        requirements = List.copyOf(requirements);
    }

    /** True when the cluster satisfies every requirement. */
    public boolean matches(ClusterTopology cluster) {
        for (Requirement requirement : requirements) {
            if (!requirement.matches(cluster)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a {@code fieldSelector} as Karmada's webhook checks it ({@code ValidatePolicyFieldSelector}): keys
     * provider, region or zone, operator In or NotIn, values not empty. Null when absent.
     */
    public static ClusterFieldSelector read(Cursor at) {
        if (!PropagationPolicyParser.optional(at, "matchExpressions", SELECTOR_FIELDS)) {
            return null;
        }
        return new ClusterFieldSelector(PolicyFields.each(at.field("matchExpressions"), null, element -> {
            if (!PropagationPolicyParser.mapping(element, "key, operator and values", REQUIREMENT_FIELDS)) {
                return null;
            }
            Field key = PropagationPolicyParser.enumValue(element.field("key"), Field.class, null);
            Cursor operatorAt = element.field("operator");
            String operator = operatorAt.requiredString();
            if (operator != null && !operator.equals("In") && !operator.equals("NotIn")) {
                operatorAt.error("must be In or NotIn");
                operator = null;
            }
            Cursor valuesAt = element.field("values");
            List<String> values = PolicyFields.stringList(valuesAt);
            if (values.isEmpty()) {
                valuesAt.error("must not be empty for In and NotIn");
            }
            return key == null || operator == null ? null
                    : new Requirement(key, operator.equals("In"), new LinkedHashSet<>(values));
        }));
    }
}
