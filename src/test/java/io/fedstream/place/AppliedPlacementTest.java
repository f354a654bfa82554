package io.fedstream.place;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whether a policy's placement differs from the one a workload was scheduled with, by Karmada's {@code placementChanged}. */
class AppliedPlacementTest {

    private static PropagationPolicy policy(String placement) {
        String manifest = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                """ + placement.indent(4);
        ParsedPolicy parsed = new PropagationPolicyParser().parse(manifest.getBytes(StandardCharsets.UTF_8), "team-a");
        assertThat(parsed.errors()).isEmpty();
        return parsed.policy();
    }

    private static final String GROUPS = """
            clusterAffinities:
              - {affinityName: primary, clusterNames: [dc-1, dc-2]}
              - {affinityName: backup, clusterNames: [dc-3]}
            """;

    @Test
    void theSamePlacementIsNoChangeAndEveryComparedFieldIsNamed() {
        AppliedPlacement applied = AppliedPlacement.of(policy("clusterAffinity: {clusterNames: [dc-1]}"), 0);

        assertThat(applied.policy()).isEqualTo("PropagationPolicy/team-a/web");
        assertThat(applied.changes(policy("clusterAffinity: {clusterNames: [dc-1]}"))).isEmpty();
        assertThat(applied.changes(policy("""
                clusterAffinity: {clusterNames: [dc-2]}
                clusterTolerations: [{key: gpu, operator: Exists, effect: NoSchedule}]
                spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                replicaScheduling: {replicaSchedulingType: Divided, weightPreference: {dynamicWeight: AvailableReplicas}}
                """))).containsExactly("clusterAffinity", "clusterTolerations", "spreadConstraints", "replicaScheduling");
    }

    @Test
    void onlyTheAffinityTermTheWorkloadWasScheduledFromCounts() {
        AppliedPlacement fromPrimary = AppliedPlacement.of(policy(GROUPS), 0);

        assertThat(fromPrimary.group()).isEqualTo("primary");
        assertThat(fromPrimary.changes(policy("""
                clusterAffinities:
                  - {affinityName: primary, clusterNames: [dc-1, dc-2]}
                  - {affinityName: backup, clusterNames: [dc-2, dc-3]}
                """))).as("another term changed").isEmpty();
        assertThat(fromPrimary.changes(policy("""
                clusterAffinities:
                  - {affinityName: first, clusterNames: [dc-3]}
                  - {affinityName: primary, clusterNames: [dc-1, dc-2]}
                """))).as("a term added before it: found by name").isEmpty();
        assertThat(fromPrimary.groupIndex(policy("""
                clusterAffinities:
                  - {affinityName: first, clusterNames: [dc-3]}
                  - {affinityName: primary, clusterNames: [dc-1, dc-2]}
                """))).isEqualTo(1);
        assertThat(fromPrimary.changes(policy("""
                clusterAffinities:
                  - {affinityName: primary, clusterNames: [dc-1]}
                """))).containsExactly("clusterAffinities (term primary)");
        PropagationPolicy withoutIt = policy("""
                clusterAffinities:
                  - {affinityName: backup, clusterNames: [dc-3]}
                """);
        assertThat(fromPrimary.changes(withoutIt)).containsExactly("clusterAffinities (term primary removed)");
        assertThat(fromPrimary.groupIndex(withoutIt)).as("Karmada's getAffinityIndex: from the first").isZero();
        assertThat(fromPrimary.changes(policy("clusterAffinity: {clusterNames: [dc-1, dc-2]}")))
                .containsExactly("clusterAffinity/clusterAffinities");
        assertThat(AppliedPlacement.of(policy("clusterAffinity: {clusterNames: [dc-1, dc-2]}"), 0).changes(policy(GROUPS)))
                .containsExactly("clusterAffinity/clusterAffinities");
    }

    @Test
    void setsAndMapsAreRenderedInSortedOrderSoARestartComparesEqual() {
        Map<String, String> ab = new LinkedHashMap<>();
        ab.put("a", "1");
        ab.put("b", "2");
        Map<String, String> ba = new LinkedHashMap<>();
        ba.put("b", "2");
        ba.put("a", "1");
        LabelSelector one = new LabelSelector(ab, List.of(new LabelSelector.Requirement("zone", LabelSelector.Operator.In, java.util.Set.of("x", "y", "z"))));
        LabelSelector other = new LabelSelector(ba, List.of(new LabelSelector.Requirement("zone", LabelSelector.Operator.In, java.util.Set.of("z", "y", "x"))));

        assertThat(AppliedPlacement.canonical(one)).isEqualTo(AppliedPlacement.canonical(other))
                .isEqualTo("LabelSelector{matchLabels={a=1, b=2}, matchExpressions=[Requirement{key=zone, operator=In, values={x, y, z}}]}");
    }

    @Test
    void anotherPolicyMayClaimThePlacementAsItIs() {
        AppliedPlacement applied = AppliedPlacement.of(policy("clusterAffinity: {clusterNames: [dc-1]}"), 0);

        assertThat(applied.claimedBy("ClusterPropagationPolicy/all")).isEqualTo(new AppliedPlacement("ClusterPropagationPolicy/all",
                applied.group(), applied.affinity(), applied.tolerations(), applied.spread(), applied.scheduling()));
    }
}
