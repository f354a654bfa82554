package io.fedstream.place;

import io.fedstream.interpret.Cursor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.fedstream.place.PolicyFields.each;
import static io.fedstream.place.PropagationPolicyParser.enumValue;
import static io.fedstream.place.PropagationPolicyParser.int32;
import static io.fedstream.place.PropagationPolicyParser.int64;
import static io.fedstream.place.PropagationPolicyParser.mapping;
import static io.fedstream.place.PropagationPolicyParser.optional;
import static io.fedstream.place.PropagationPolicyParser.required;

/**
 * Reads {@code placement.spreadConstraints} and {@code placement.replicaScheduling} with Karmada v1.15's defaults
 * (mutating webhook: {@code pkg/util/helper/policy.go}; kubebuilder defaults in {@code propagation_types.go}) and
 * validation ({@code pkg/util/validation/validation.go} {@code ValidateSpreadConstraint}); a combination that
 * Karmada's scheduler silently ignores is refused, naming the field and why.
 */
final class ReplicaSchedulingFields {

    private static final List<String> SPREAD_FIELDS = List.of("spreadByField", "spreadByLabel", "maxGroups", "minGroups");
    private static final List<String> REPLICA_SCHEDULING_FIELDS =
            List.of("replicaSchedulingType", "replicaDivisionPreference", "weightPreference");
    private static final List<String> WEIGHT_PREFERENCE_FIELDS = List.of("staticWeightList", "dynamicWeight");
    private static final List<String> STATIC_WEIGHT_FIELDS = List.of("targetCluster", "weight");
    private static final List<String> SPREAD_BY_FIELDS = List.of("cluster", "region", "zone", "provider");
    private static final String AVAILABLE_REPLICAS = "AvailableReplicas";

    private ReplicaSchedulingFields() {}

    /**
     * The replica scheduling read: {@code type}, the {@code division} (null for Duplicated), and whether Karmada's
     * scheduler would ignore spread constraints with it (static weights: {@code select_clusters.go}
     * {@code shouldIgnoreSpreadConstraint}).
     */
    record Strategy(PropagationPolicy.ReplicaScheduling type, ReplicaDivision division, boolean ignoresSpread) {

        static final Strategy DUPLICATED = new Strategy(PropagationPolicy.ReplicaScheduling.Duplicated, null, false);
    }

    /** The spread constraints, defaulted as Karmada's webhook does (no field and no label: cluster; minGroups 0: 1). */
    static List<SpreadConstraint> spreadConstraints(Cursor list) {
        List<SpreadConstraint> out = new ArrayList<>();
        Map<SpreadConstraint.SpreadBy, String> seen = new HashMap<>();
        String topologyAt = null;
        for (Cursor element : list.elements()) {
            int before = element.problems().size();
            if (!mapping(element, "spreadByField or spreadByLabel, minGroups and maxGroups", SPREAD_FIELDS)) {
                continue;
            }
            Cursor fieldAt = element.field("spreadByField");
            Cursor labelAt = element.field("spreadByLabel");
            String field = fieldAt.string();
            String label = labelAt.string();
            if (field != null && !SPREAD_BY_FIELDS.contains(field)) {
                fieldAt.error("must be one of " + String.join(", ", SPREAD_BY_FIELDS));
                field = null;
            }
            if (label != null && label.isEmpty()) {
                labelAt.error("must not be empty");
            }
            if (fieldAt.isPresent() && labelAt.isPresent()) {
                labelAt.error("must not be given together with spreadByField (Karmada: spreadByLabel should not co-exist with spreadByField)");
            }
            int minGroups = Math.max(1, int32(element.field("minGroups"), 0, 0));
            Cursor maxAt = element.field("maxGroups");
            int maxGroups = int32(maxAt, 0, 0);
            if (maxGroups > 0 && maxGroups < minGroups) {
                maxAt.error("must not be lower than minGroups (" + minGroups + ")");
            }
            SpreadConstraint.SpreadBy by = field != null ? SpreadConstraint.SpreadBy.valueOf(field)
                    : labelAt.isPresent() ? SpreadConstraint.SpreadBy.label : SpreadConstraint.SpreadBy.cluster;
            if (by != SpreadConstraint.SpreadBy.label) {
                String earlier = seen.putIfAbsent(by, element.path());
                if (earlier != null) {
                    element.error("spreads by " + by + " as " + earlier + " does; multiple " + by + " spread constraints are not allowed");
                }
            }
            if (by.isTopology()) {
                if (topologyAt != null) {
                    element.error("is a second topology constraint besides " + topologyAt + ": fedstream spreads over clusters and"
                            + " one topology key (Karmada v1.15 selects by region and cluster, and ignores zone and provider)");
                }
                topologyAt = element.path();
            }
            if (element.problems().size() == before) {
                out.add(new SpreadConstraint(by, by == SpreadConstraint.SpreadBy.label ? label : null, minGroups, maxGroups));
            }
        }
        if (!seen.isEmpty() && !seen.containsKey(SpreadConstraint.SpreadBy.cluster)) {
            list.error("needs a cluster spread constraint when spreadByField is used, to say how many clusters to select"
                    + " (Karmada: the cluster spread constraint must be enabled)");
        }
        return out;
    }

    /**
     * {@code replicaScheduling}: absent is Duplicated; given, its type defaults to Divided (Karmada's kubebuilder
     * default), and Divided's preference to Weighted. Preferences and weights that Karmada ignores are refused.
     */
    static Strategy strategy(Cursor at) {
        if (!optional(at, "replicaSchedulingType", REPLICA_SCHEDULING_FIELDS)) {
            return Strategy.DUPLICATED;
        }
        PropagationPolicy.ReplicaScheduling type = enumValue(at.field("replicaSchedulingType"),
                PropagationPolicy.ReplicaScheduling.class, PropagationPolicy.ReplicaScheduling.Divided);
        Cursor preferenceAt = at.field("replicaDivisionPreference");
        Cursor weightsAt = at.field("weightPreference");
        if (type != PropagationPolicy.ReplicaScheduling.Divided) {
            onlyWith(preferenceAt, "replicaSchedulingType is Divided");
            onlyWith(weightsAt, "replicaSchedulingType is Divided");
            return Strategy.DUPLICATED;
        }
        ReplicaDivision.Preference preference = enumValue(preferenceAt,
                ReplicaDivision.Preference.class, ReplicaDivision.Preference.Weighted);
        if (preference == ReplicaDivision.Preference.Aggregated) {
            onlyWith(weightsAt, "replicaDivisionPreference is Weighted");
            return new Strategy(type, new ReplicaDivision(preference, List.of(), false), false);
        }
        if (preference == null) {
            return new Strategy(type, ReplicaDivision.EVEN, false);
        }
        if (!optional(weightsAt, "staticWeightList or dynamicWeight", WEIGHT_PREFERENCE_FIELDS)) {
            return new Strategy(type, ReplicaDivision.EVEN, true);
        }
        Cursor dynamicAt = weightsAt.field("dynamicWeight");
        String dynamic = dynamicAt.string();
        if (dynamic != null && !dynamic.equals(AVAILABLE_REPLICAS)) {
            dynamicAt.error("must be " + AVAILABLE_REPLICAS);
        }
        Cursor staticAt = weightsAt.field("staticWeightList");
        List<ReplicaDivision.StaticWeight> weights = staticWeights(staticAt);
        if (dynamicAt.isPresent() && staticAt.isPresent()) {
            staticAt.error("must not be given with dynamicWeight (Karmada ignores the static list then); give one of them");
            return new Strategy(type, ReplicaDivision.EVEN, false);
        }
        boolean dynamicWeight = AVAILABLE_REPLICAS.equals(dynamic);
        return new Strategy(type, new ReplicaDivision(preference, dynamicWeight ? List.of() : weights, dynamicWeight),
                !dynamicWeight && !weights.isEmpty());
    }

    /**
     * The spread constraints that take effect: none with statically weighted replicas (Weighted without dynamicWeight,
     * or without weightPreference), which Karmada's scheduler selects every cluster for and ignores the constraints
     * ({@code pkg/scheduler/core/spreadconstraint/select_clusters.go} {@code shouldIgnoreSpreadConstraint}); they are
     * still checked as written.
     */
    static List<SpreadConstraint> effectiveSpread(List<SpreadConstraint> spread, Strategy strategy) {
        return strategy.ignoresSpread() ? List.of() : spread;
    }

    private static List<ReplicaDivision.StaticWeight> staticWeights(Cursor list) {
        return each(list, null, element -> {
            int before = element.problems().size();
            if (!mapping(element, "targetCluster and weight", STATIC_WEIGHT_FIELDS)) {
                return null;
            }
            Cursor targetAt = element.field("targetCluster");
            ClusterAffinity target = required(targetAt) ? PropagationPolicyParser.affinity(targetAt) : null;
            Cursor weightAt = element.field("weight");
            Long weight = required(weightAt) ? int64(weightAt, 1) : null;
            boolean valid = element.problems().size() == before && target != null;
            return valid ? new ReplicaDivision.StaticWeight(target, weight) : null;
        });
    }

    private static void onlyWith(Cursor at, String condition) {
        if (at.isPresent()) {
            at.error("only applies when " + condition + " (Karmada ignores it otherwise)");
        }
    }
}
