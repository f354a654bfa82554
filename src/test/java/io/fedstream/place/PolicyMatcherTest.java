package io.fedstream.place;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PolicyMatcherTest {

    private final PolicyMatcher matcher = new PolicyMatcher();

    private static final WorkloadRef ORDERS = new WorkloadRef(
            "flink.apache.org/v1beta1", "FlinkDeployment", "team-a", "orders", Map.of("app", "orders", "tier", "stream"));

    private static ResourceSelector byKind() {
        return new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", null, null, null);
    }

    private static ResourceSelector byName(String name) {
        return new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", null, name, null);
    }

    private static ResourceSelector byLabel(String key, String value) {
        return new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", null, null,
                new LabelSelector(Map.of(key, value), List.of()));
    }

    private static PropagationPolicy pp(String namespace, String name, int priority, ResourceSelector... selectors) {
        return new PropagationPolicy(PropagationPolicy.Scope.NAMESPACED, namespace, name, priority, List.of(selectors),
                PropagationPolicy.Placement.ANYWHERE, null, false);
    }

    private static PropagationPolicy cpp(String name, int priority, ResourceSelector... selectors) {
        return new PropagationPolicy(PropagationPolicy.Scope.CLUSTER, null, name, priority, List.of(selectors),
                PropagationPolicy.Placement.ANYWHERE, null, false);
    }

    private String winner(PropagationPolicy... policies) {
        return matcher.match(ORDERS, List.of(policies)).map(PropagationPolicy::key).orElse(null);
    }

    @Test
    void aNamespacedPolicyOnlyMatchesWorkloadsInItsNamespace() {
        assertThat(winner(pp("team-b", "p", 0, byName("orders")))).isNull();
        assertThat(winner(pp("team-a", "p", 0, byName("orders")))).isEqualTo("PropagationPolicy/team-a/p");
    }

    @Test
    void aPropagationPolicyBeatsAClusterPolicyWhateverTheirPriorities() {
        assertThat(winner(cpp("c", 100, byName("orders")), pp("team-a", "p", -5, byKind())))
                .isEqualTo("PropagationPolicy/team-a/p");
    }

    @Test
    void higherPriorityWinsOverAMoreSpecificSelector() {
        assertThat(winner(pp("team-a", "by-name", 0, byName("orders")), pp("team-a", "by-kind", 1, byKind())))
                .isEqualTo("PropagationPolicy/team-a/by-kind");
    }

    @Test
    void atEqualPriorityNameBeatsLabelSelectorBeatsKindOnly() {
        PropagationPolicy kind = pp("team-a", "a-kind", 0, byKind());
        PropagationPolicy label = pp("team-a", "b-label", 0, byLabel("app", "orders"));
        PropagationPolicy name = pp("team-a", "c-name", 0, byName("orders"));

        assertThat(winner(kind, label, name)).isEqualTo("PropagationPolicy/team-a/c-name");
        assertThat(winner(name, label, kind)).isEqualTo("PropagationPolicy/team-a/c-name");
        assertThat(winner(kind, label)).isEqualTo("PropagationPolicy/team-a/b-label");
    }

    @Test
    void aPolicyCountsItsMostSpecificMatchingSelector() {
        PropagationPolicy mixed = pp("team-a", "z-mixed", 0, byKind(), byName("orders"));
        PropagationPolicy label = pp("team-a", "a-label", 0, byLabel("tier", "stream"));

        assertThat(winner(label, mixed)).isEqualTo("PropagationPolicy/team-a/z-mixed");
    }

    @Test
    void fullTiesGoToTheAlphabeticallyLowerName() {
        assertThat(winner(cpp("foo", 0, byKind()), cpp("bar", 0, byKind()))).isEqualTo("ClusterPropagationPolicy/bar");
        assertThat(winner(cpp("bar", 0, byKind()), cpp("foo", 0, byKind()))).isEqualTo("ClusterPropagationPolicy/bar");
    }

    @Test
    void selectorsThatDoNotMatchAreIgnored() {
        ResourceSelector otherKind = new ResourceSelector("apps/v1", "Deployment", null, null, null);
        ResourceSelector otherVersion = new ResourceSelector("flink.apache.org/v1beta2", "FlinkDeployment", null, null, null);
        ResourceSelector otherNamespace = new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", "team-b", null, null);

        assertThat(winner(cpp("a", 0, otherKind, otherVersion, otherNamespace, byName("payments"), byLabel("app", "payments"))))
                .isNull();
        assertThat(winner(cpp("a", 0, new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", "team-a", null, null))))
                .isEqualTo("ClusterPropagationPolicy/a");
    }

    @Test
    void aNameDecidesAloneEvenWithALabelSelectorThatWouldNotMatch() {
        ResourceSelector nameAndWrongLabels = new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", null, "orders",
                new LabelSelector(Map.of("app", "other"), List.of()));

        assertThat(nameAndWrongLabels.match(ORDERS)).isEqualTo(ResourceSelector.Match.NAME);
    }

    @Test
    void matchExpressionsFollowKubernetesSemantics() {
        LabelSelector notIn = new LabelSelector(Map.of(), List.of(
                new LabelSelector.Requirement("env", LabelSelector.Operator.NotIn, java.util.Set.of("prod"))));
        LabelSelector exists = new LabelSelector(Map.of(), List.of(
                new LabelSelector.Requirement("env", LabelSelector.Operator.Exists, java.util.Set.of())));

        assertThat(notIn.matches(Map.of())).isTrue();
        assertThat(notIn.matches(Map.of("env", "prod"))).isFalse();
        assertThat(exists.matches(Map.of())).isFalse();
        assertThat(exists.matches(Map.of("env", ""))).isTrue();
        assertThat(new LabelSelector(Map.of(), List.of()).matches(Map.of("any", "thing"))).isTrue();
    }
}
