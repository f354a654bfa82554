package io.fedstream.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pods per component a moved Divided share runs on its new cluster: as the placement lists or splits them, or as an override sets them there. */
class BindingSharesReplicasTest {

    private static Component component(String name, long replicas) {
        return Component.newBuilder().setName(name).setReplicas(replicas).setPerPod(Map.of("cpu", "1"))
                .setTotal(Map.of("cpu", Long.toString(replicas))).build();
    }

    private static ResourceBinding binding(List<Component> components, Placement placement, List<ClusterOverride> overrides) {
        return ResourceBinding.newBuilder()
                .setWorkloadKey("apps/Deployment/shop/web").setGeneration(1).setNamespace("shop").setKind("Deployment").setName("web")
                .setApiVersion("apps/v1").setComponents(components).setTotal(Map.of())
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).build())
                .setPlacement(placement).setClusterOverrides(overrides)
                .setObservedAt(Instant.EPOCH).setUpdatedAt(Instant.EPOCH)
                .build();
    }

    private static Placement divided(ClusterTarget... targets) {
        return Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED).setDecidedBy("scheduler").setClusters(List.of(targets)).build();
    }

    private static ClusterOverride override(String cluster, Component... components) {
        return ClusterOverride.newBuilder().setCluster(cluster).setApplied(List.of("OverridePolicy shop/p spec.overrideRules[0]"))
                .setComponents(List.of(components)).setTotal(Map.of()).setManifest("{}").build();
    }

    @Test
    void aShareOfOneComponentRunsItsReplicasOnTheNewCluster() {
        ResourceBinding binding = binding(List.of(component("main", 5)),
                divided(new ClusterTarget("dc-1", 3L, List.of()), new ClusterTarget("dc-2", 2L, List.of())), List.of());

        assertThat(BindingShares.movedReplicas(binding, "dc-1", "dc-3")).isEqualTo(Map.of("main", 3L));
        assertThat(BindingShares.movedReplicas(binding, "dc-2", "dc-3")).isEqualTo(Map.of("main", 2L));
    }

    @Test
    void anOverrideThatSetsTheCountOnTheNewClusterDecidesItThere() {
        ResourceBinding binding = binding(List.of(component("main", 5)),
                divided(new ClusterTarget("dc-1", 3L, List.of()), new ClusterTarget("dc-2", 2L, List.of())),
                List.of(override("dc-3", component("main", 7)), override("dc-4", component("main", 5))));

        assertThat(BindingShares.movedReplicas(binding, "dc-1", "dc-3")).as("dc-3's rule sets 7")
                .isEqualTo(Map.of("main", 7L));
        assertThat(BindingShares.movedReplicas(binding, "dc-1", "dc-4"))
                .as("dc-4's rule leaves the count: the share decides")
                .isEqualTo(Map.of("main", 3L));
    }

    @Test
    void aShareOfSeveralComponentsRunsThePodsItsPlacementListsAsARedivisionWritesThem() {
        // A re-division's placement: 1 master and 3 workers, dc-2 runs the master and two workers.
        ResourceBinding binding = binding(List.of(component("master", 1), component("worker", 3)), divided(
                new ClusterTarget("dc-2", 3L, List.of(new ComponentShare("master", 1L), new ComponentShare("worker", 2L))),
                new ClusterTarget("dc-3", 1L, List.of(new ComponentShare("worker", 1L)))), List.of());

        assertThat(BindingShares.movedReplicas(binding, "dc-2", "dc-4")).isEqualTo(Map.of("master", 1L, "worker", 2L));
        assertThat(BindingShares.movedReplicas(binding, "dc-3", "dc-4"))
                .as("a component with no pods in the share runs none")
                .isEqualTo(Map.of("master", 0L, "worker", 1L));
    }

    @Test
    void aDuplicatedCopyOrAClusterOutsideThePlacementHasNoShare() {
        ResourceBinding duplicated = binding(List.of(component("main", 5)), Placement.newBuilder().setScheduling(ReplicaScheduling.DUPLICATED)
                .setDecidedBy("scheduler").setClusters(List.of(new ClusterTarget("dc-1", null, List.of()))).build(), List.of());
        ResourceBinding divided = binding(List.of(component("main", 5)), divided(new ClusterTarget("dc-1", 5L, List.of())), List.of());

        assertThat(BindingShares.movedReplicas(duplicated, "dc-1", "dc-2")).isEmpty();
        assertThat(BindingShares.movedReplicas(divided, "dc-9", "dc-2")).isEmpty();
    }
}
