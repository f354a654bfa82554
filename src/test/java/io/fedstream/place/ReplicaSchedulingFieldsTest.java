package io.fedstream.place;

import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.Problems;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spread constraints and replica scheduling as Karmada v1.15 defaults and validates them; the cases follow
 * Karmada's {@code pkg/util/validation/validation_test.go} ({@code TestValidateSpreadConstraint}) and the
 * webhook defaults in {@code pkg/util/helper/policy.go}.
 */
class ReplicaSchedulingFieldsTest {

    private final Problems problems = new Problems();

    private Cursor placement(String yaml) {
        ManifestParser.Document document = new ManifestParser().parse(yaml.getBytes(StandardCharsets.UTF_8)).get(0);
        return Cursor.root(document.root(), "spec.placement", problems);
    }

    private List<SpreadConstraint> spread(String yaml) {
        return ReplicaSchedulingFields.spreadConstraints(placement(yaml).field("spreadConstraints"));
    }

    private ReplicaSchedulingFields.Strategy strategy(String yaml) {
        return ReplicaSchedulingFields.strategy(placement(yaml).field("replicaScheduling"));
    }

    @Test
    void defaultsAnUnnamedConstraintToClusterAndMinGroupsToOne() {
        assertThat(spread("spreadConstraints: [{maxGroups: 1}, {spreadByField: region, minGroups: 2, maxGroups: 3}]"))
                .containsExactly(
                        new SpreadConstraint(SpreadConstraint.SpreadBy.cluster, null, 1, 1),
                        new SpreadConstraint(SpreadConstraint.SpreadBy.region, null, 2, 3));
        assertThat(spread("spreadConstraints: [{spreadByLabel: topology.example.com/rack, maxGroups: 2}]"))
                .containsExactly(new SpreadConstraint(SpreadConstraint.SpreadBy.label, "topology.example.com/rack", 1, 2));
        assertThat(problems.list()).isEmpty();
    }

    @Test
    void refusesWhatKarmadasValidationRefuses() {
        spread("""
                spreadConstraints:
                  - {spreadByField: cluster, spreadByLabel: rack}
                  - {spreadByField: zone, minGroups: -1}
                  - {spreadByField: provider, maxGroups: -1}
                """);
        spread("spreadConstraints: [{spreadByField: region, minGroups: 3, maxGroups: 2}, {spreadByField: cluster}, {spreadByField: cluster}]");
        spread("spreadConstraints: [{spreadByField: region}]");
        spread("spreadConstraints: [{spreadByField: country, minGroup: 1}]");

        assertThat(problems.list()).extracting(FieldError::field, FieldError::reason).containsExactly(
                tuple("spec.placement.spreadConstraints[0].spreadByLabel",
                        "must not be given together with spreadByField (Karmada: spreadByLabel should not co-exist with spreadByField)"),
                tuple("spec.placement.spreadConstraints[1].minGroups", "must be at least 0"),
                tuple("spec.placement.spreadConstraints[2].maxGroups", "must be at least 0"),
                tuple("spec.placement.spreadConstraints[2]", "is a second topology constraint besides spec.placement.spreadConstraints[1]:"
                        + " fedstream spreads over clusters and one topology key (Karmada v1.15 selects by region and cluster, and ignores"
                        + " zone and provider)"),
                tuple("spec.placement.spreadConstraints[0].maxGroups", "must not be lower than minGroups (3)"),
                tuple("spec.placement.spreadConstraints[2]",
                        "spreads by cluster as spec.placement.spreadConstraints[1] does; multiple cluster spread constraints are not allowed"),
                tuple("spec.placement.spreadConstraints", "needs a cluster spread constraint when spreadByField is used, to say how many"
                        + " clusters to select (Karmada: the cluster spread constraint must be enabled)"),
                tuple("spec.placement.spreadConstraints[0].minGroup", "is not a known field (expected spreadByField, spreadByLabel, maxGroups, minGroups)"),
                tuple("spec.placement.spreadConstraints[0].spreadByField", "must be one of cluster, region, zone, provider"));
    }

    @Test
    void aLabelConstraintNeedsNoClusterConstraint() {
        assertThat(spread("spreadConstraints: [{spreadByLabel: rack, minGroups: 2}]"))
                .containsExactly(new SpreadConstraint(SpreadConstraint.SpreadBy.label, "rack", 2, 0));
        assertThat(problems.list()).isEmpty();
    }

    @Test
    void replicaSchedulingIsDuplicatedWhenAbsentAndDividedWeightedEvenlyWhenGivenEmpty() {
        assertThat(strategy("clusterTolerations: []")).isEqualTo(ReplicaSchedulingFields.Strategy.DUPLICATED);
        ReplicaSchedulingFields.Strategy given = strategy("replicaScheduling: {}");
        assertThat(given.type()).isEqualTo(PropagationPolicy.ReplicaScheduling.Divided);
        assertThat(given.division()).isEqualTo(ReplicaDivision.EVEN);
        assertThat(given.ignoresSpread()).isTrue();
        assertThat(strategy("replicaScheduling: {replicaSchedulingType: Duplicated}")).isEqualTo(ReplicaSchedulingFields.Strategy.DUPLICATED);
        assertThat(problems.list()).isEmpty();
    }

    @Test
    void readsStaticWeightsDynamicWeightAndAggregated() {
        ReplicaSchedulingFields.Strategy weighted = strategy("""
                replicaScheduling:
                  replicaSchedulingType: Divided
                  replicaDivisionPreference: Weighted
                  weightPreference:
                    staticWeightList:
                      - {targetCluster: {clusterNames: [member1]}, weight: 1}
                      - {targetCluster: {labelSelector: {matchLabels: {tier: gold}}, exclude: [member3]}, weight: 2}
                """);
        assertThat(weighted.division()).isEqualTo(new ReplicaDivision(ReplicaDivision.Preference.Weighted, List.of(
                new ReplicaDivision.StaticWeight(
                        new ClusterAffinity(null, List.of("member1"), List.of(), null, null), 1),
                new ReplicaDivision.StaticWeight(new ClusterAffinity(null, List.of(), List.of("member3"),
                        new LabelSelector(Map.of("tier", "gold"), List.of()), null), 2)), false));
        assertThat(weighted.ignoresSpread()).isTrue();

        ReplicaSchedulingFields.Strategy dynamic = strategy(
                "replicaScheduling: {replicaSchedulingType: Divided, weightPreference: {dynamicWeight: AvailableReplicas}}");
        assertThat(dynamic.division()).isEqualTo(new ReplicaDivision(ReplicaDivision.Preference.Weighted, List.of(), true));
        assertThat(dynamic.ignoresSpread()).isFalse();

        ReplicaSchedulingFields.Strategy aggregated = strategy("replicaScheduling: {replicaDivisionPreference: Aggregated}");
        assertThat(aggregated.division()).isEqualTo(new ReplicaDivision(ReplicaDivision.Preference.Aggregated, List.of(), false));
        assertThat(aggregated.ignoresSpread()).isFalse();
        assertThat(problems.list()).isEmpty();
    }

    @Test
    void refusesWeightsKarmadaWouldIgnoreAndBadWeights() {
        strategy("replicaScheduling: {replicaSchedulingType: Duplicated, replicaDivisionPreference: Weighted}");
        strategy("replicaScheduling: {replicaDivisionPreference: Aggregated, weightPreference: {dynamicWeight: AvailableReplicas}}");
        strategy("""
                replicaScheduling:
                  weightPreference:
                    dynamicWeight: AvailableReplicas
                    staticWeightList: [{targetCluster: {clusterNames: [a]}, weight: 1}]
                """);
        strategy("""
                replicaScheduling:
                  weightPreference:
                    dynamicWeight: CPU
                    staticWeightList:
                      - {targetCluster: {fieldSelector: {matchExpressions: [{key: zone, operator: Exists, values: [a]}]}}, weight: 0}
                      - {weight: 1.5}
                """);

        assertThat(problems.list()).extracting(FieldError::field, FieldError::reason).containsExactly(
                tuple("spec.placement.replicaScheduling.replicaDivisionPreference",
                        "only applies when replicaSchedulingType is Divided (Karmada ignores it otherwise)"),
                tuple("spec.placement.replicaScheduling.weightPreference",
                        "only applies when replicaDivisionPreference is Weighted (Karmada ignores it otherwise)"),
                tuple("spec.placement.replicaScheduling.weightPreference.staticWeightList",
                        "must not be given with dynamicWeight (Karmada ignores the static list then); give one of them"),
                tuple("spec.placement.replicaScheduling.weightPreference.dynamicWeight", "must be AvailableReplicas"),
                tuple("spec.placement.replicaScheduling.weightPreference.staticWeightList[0].targetCluster.fieldSelector.matchExpressions[0].operator",
                        "must be In or NotIn"),
                tuple("spec.placement.replicaScheduling.weightPreference.staticWeightList[0].weight", "must be at least 1"),
                tuple("spec.placement.replicaScheduling.weightPreference.staticWeightList[1].targetCluster", "is required"),
                tuple("spec.placement.replicaScheduling.weightPreference.staticWeightList[1].weight", "must be a 64-bit integer"),
                tuple("spec.placement.replicaScheduling.weightPreference.staticWeightList",
                        "must not be given with dynamicWeight (Karmada ignores the static list then); give one of them"));
    }

    @Test
    void spreadConstraintsBesideStaticWeightsAreCheckedAndIgnoredAsKarmadasShouldIgnoreSpreadConstraint() {
        Cursor at = placement("""
                spreadConstraints: [{maxGroups: 2}]
                replicaScheduling: {weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [a]}, weight: 1}]}}
                """);
        List<SpreadConstraint> spread = ReplicaSchedulingFields.spreadConstraints(at.field("spreadConstraints"));
        ReplicaSchedulingFields.Strategy strategy = ReplicaSchedulingFields.strategy(at.field("replicaScheduling"));

        assertThat(problems.list()).isEmpty();
        assertThat(spread).hasSize(1);
        assertThat(ReplicaSchedulingFields.effectiveSpread(spread, strategy)).isEmpty();
        assertThat(ReplicaSchedulingFields.effectiveSpread(spread, ReplicaSchedulingFields.strategy(placement("""
                replicaScheduling: {replicaSchedulingType: Divided, weightPreference: {dynamicWeight: AvailableReplicas}}
                """).field("replicaScheduling")))).isEqualTo(spread);
    }

    private static org.assertj.core.groups.Tuple tuple(Object... values) {
        return org.assertj.core.groups.Tuple.tuple(values);
    }
}
