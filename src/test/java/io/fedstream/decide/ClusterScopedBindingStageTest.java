package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cluster-scoped object (a Namespace, a ClusterRole) through the namespace pass, as Karmada binds one into a
 * ClusterResourceBinding ({@code pkg/detector/policy.go} {@code propagateResource}): keyed {@code group/kind//name}, bound
 * with the empty namespace, admitted with nothing to charge, and sent to every cluster the ClusterPropagationPolicy that
 * selects it chooses; a PropagationPolicy never selects it ({@code detector.go} {@code LookForMatchedPolicy}).
 */
class ClusterScopedBindingStageTest extends FleetStageTest {

    private static final String NAMESPACE = "core/Namespace//guestbook";
    private static final String CLUSTER_ROLE = "rbac.authorization.k8s.io/ClusterRole//guestbook-reader";
    private static final String CPP_KEY = "ClusterPropagationPolicy//guestbook";

    private static String clusterPolicy(String clusterNames) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterPropagationPolicy
                metadata: {name: guestbook}
                spec:
                  resourceSelectors:
                  - {apiVersion: v1, kind: Namespace, name: guestbook}
                  - {apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole}
                  placement:
                    clusterAffinity: {clusterNames: [%s]}
                    replicaScheduling: {replicaSchedulingType: Divided}
                """.formatted(clusterNames);
    }

    private static ClusterTarget target(String cluster) {
        return new ClusterTarget(cluster, 0L, List.of());
    }

    @Test
    void aNamespaceAndAClusterRoleAreBoundWithoutANamespaceAndGoWhereTheirClusterPropagationPolicySays() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy(CPP_KEY, clusterPolicy("dc-1, dc-3")).advance(Duration.ofSeconds(1));

        fleet.workload(NAMESPACE, """
                        {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"guestbook","labels":{"team":"web"}}}""")
                .workload(CLUSTER_ROLE, """
                        {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","metadata":{"name":"guestbook-reader"},
                         "rules":[{"apiGroups":["webapp.my.domain"],"resources":["guestbooks"],"verbs":["get"]}]}""")
                .advance(Duration.ofSeconds(5));

        for (String key : List.of(NAMESPACE, CLUSTER_ROLE)) {
            ResourceBinding binding = fleet.binding(key);
            assertThat(binding.getNamespace()).as(key).isEmpty();
            assertThat(binding.getAdmission().getState()).as(key).hasToString("ADMITTED");
            assertThat(binding.getAdmission().getCharged()).as(key).isEmpty();
            assertThat(binding.getPlacement().getClusters()).as("%s: nothing to divide, a copy on every selected cluster", key)
                    .containsExactlyInAnyOrder(target("dc-1"), target("dc-3"));
            assertThat(binding.getPlacement().getPolicy()).isEqualTo("ClusterPropagationPolicy/guestbook");
        }
        assertThat(fleet.deadLetters).isEmpty();
        assertThat(fleet.<byte[]>store(AdmitStores.AGGREGATES).get(AggregateKeys.namespace(""))).as("in no namespace's aggregates").isNull();
        assertThat(fleet.<byte[]>store(AdmitStores.AGGREGATES).get(AggregateKeys.cluster("dc-1", ""))).isNull();

        fleet.policy(CPP_KEY, clusterPolicy("dc-2")).advance(Duration.ofSeconds(5));
        assertThat(fleet.binding(NAMESPACE).getPlacement().getClusters()).as("placed again when its policy's placement changes")
                .containsExactly(target("dc-2"));

        fleet.delete(NAMESPACE).advance(Duration.ofSeconds(1));
        assertThat(fleet.binding(NAMESPACE)).as("its binding goes with it").isNull();
    }

    @Test
    void aPropagationPolicyDoesNotSelectAClusterScopedObject() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/default/everything", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: PropagationPolicy
                        metadata: {name: everything, namespace: default}
                        spec:
                          resourceSelectors: [{apiVersion: v1, kind: Namespace}]
                          placement: {clusterAffinity: {clusterNames: [dc-1]}}
                        """).advance(Duration.ofSeconds(1));

        fleet.workload(NAMESPACE, """
                {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"guestbook","namespace":"default"}}""")
                .advance(Duration.ofSeconds(5));

        assertThat(fleet.binding(NAMESPACE).getNamespace()).isEmpty();
        assertThat(fleet.binding(NAMESPACE).getPlacement()).as("no ClusterPropagationPolicy selects it").isNull();
        assertThat(fleet.binding(NAMESPACE).getUnplacedReason()).isEqualTo("no PropagationPolicy or ClusterPropagationPolicy matches");
    }
}
