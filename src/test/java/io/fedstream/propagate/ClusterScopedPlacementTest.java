package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.interpret.Resources;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ParsedPolicy;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.PropagationPolicyParser;
import io.fedstream.place.WorkloadRef;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cluster-scoped object goes where the ClusterPropagationPolicy that governs it selects, to every such cluster. */
class ClusterScopedPlacementTest {

    private static final WorkloadRef NAMESPACE = new WorkloadRef("v1", "Namespace", null, "guestbook", Map.of());
    private static final List<ClusterCapacity> CLUSTERS = List.of(cluster("member1"), cluster("member2"), cluster("member3"));

    private static ClusterCapacity cluster(String name) {
        return new ClusterCapacity(name, Map.of(), List.of(), Resources.fromQuantities(Map.of("cpu", "8", "pods", "110")), Resources.NONE,
                Resources.NONE, true);
    }

    private static PropagationPolicy policy(String manifest, String namespace) {
        ParsedPolicy parsed = new PropagationPolicyParser().parse(manifest.getBytes(StandardCharsets.UTF_8), namespace);
        assertThat(parsed.errors()).isEmpty();
        return parsed.policy();
    }

    private static PropagationPolicy clusterPolicy(String name, String clusters) {
        return policy("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy","metadata":{"name":"%s"},
                 "spec":{"resourceSelectors":[{"apiVersion":"v1","kind":"Namespace"}],
                   "placement":{"clusterAffinity":{"clusterNames":[%s]}}}}""".formatted(name, clusters), null);
    }

    @Test
    void itGoesToEveryClusterThePolicySelectsWithNoReplicas() {
        ClusterScopedPlacement.Outcome outcome = ClusterScopedPlacement.place(NAMESPACE,
                List.of(clusterPolicy("namespaces", "\"member1\",\"member3\"")), CLUSTERS);

        assertThat(outcome).isInstanceOfSatisfying(ClusterScopedPlacement.Placed.class, placed -> {
            assertThat(placed.policy()).isEqualTo("ClusterPropagationPolicy/namespaces");
            assertThat(placed.placement().getClusters()).extracting(ClusterTarget::getName).containsExactlyInAnyOrder("member1", "member3");
            assertThat(placed.placement().getClusters()).extracting(ClusterTarget::getReplicas).containsOnlyNulls();
            assertThat(placed.placement().getScheduling()).isEqualTo(ReplicaScheduling.DUPLICATED);
            assertThat(placed.placement().getPolicy()).isEqualTo("ClusterPropagationPolicy/namespaces");
        });
    }

    @Test
    void onlyAClusterPropagationPolicySelectsItAndTheHigherPriorityWins() {
        PropagationPolicy namespaced = policy("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"p","namespace":"default"},
                 "spec":{"resourceSelectors":[{"apiVersion":"v1","kind":"Namespace"}],"placement":{}}}""", "default");
        PropagationPolicy high = policy("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy","metadata":{"name":"z-high"},
                 "spec":{"priority":5,"resourceSelectors":[{"apiVersion":"v1","kind":"Namespace"}],
                   "placement":{"clusterAffinity":{"clusterNames":["member2"]}}}}""", null);

        assertThat(ClusterScopedPlacement.place(NAMESPACE, List.of(namespaced), CLUSTERS)).isEqualTo(new ClusterScopedPlacement.Unplaced(
                "no ClusterPropagationPolicy selects it (a PropagationPolicy selects namespaced objects only)"));
        assertThat(ClusterScopedPlacement.place(NAMESPACE, List.of(clusterPolicy("a-low", "\"member1\""), high), CLUSTERS))
                .isInstanceOfSatisfying(ClusterScopedPlacement.Placed.class, placed -> assertThat(placed.policy())
                        .isEqualTo("ClusterPropagationPolicy/z-high"));
    }

    @Test
    void noSelectedClusterThatCanTakeItLeavesItUnplacedSayingWhy() {
        assertThat(ClusterScopedPlacement.place(NAMESPACE, List.of(clusterPolicy("elsewhere", "\"member9\"")), CLUSTERS))
                .isInstanceOfSatisfying(ClusterScopedPlacement.Unplaced.class, unplaced -> assertThat(unplaced.reason())
                        .isEqualTo("no set of clusters can take the workload (0/3 clusters are available: 3 cluster(s) did not match the placement"
                                + " cluster affinity constraint)"));
    }

    @Test
    void aNamespacedObjectIsRefusedNamingItsNamespace() {
        assertThatThrownBy(() -> ClusterScopedPlacement.place(new WorkloadRef("v1", "ConfigMap", "shop", "c", Map.of()), List.of(), CLUSTERS))
                .hasMessage("metadata.namespace: a cluster-scoped object has none (value: shop)");
    }
}
