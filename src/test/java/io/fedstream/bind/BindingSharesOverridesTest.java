package io.fedstream.bind;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each Divided share's override result is shown with the share's replicas, as the share is charged. */
class BindingSharesOverridesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String deployment(int replicas, String cpu) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop"},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[{"name":"web","resources":{"requests":{"cpu":"%s"}}}]}}}}"""
                .formatted(replicas, cpu);
    }

    private static Component main(long replicas, String cpu) {
        return Component.newBuilder().setName("main").setReplicas(replicas).setPerPod(Map.of("cpu", cpu))
                .setTotal(Map.of("cpu", Long.toString(replicas * Long.parseLong(cpu)))).build();
    }

    private static ClusterOverride override(String cluster, int replicas, String cpu) {
        Component component = main(replicas, cpu);
        return ClusterOverride.newBuilder().setCluster(cluster).setApplied(List.of("OverridePolicy shop/p spec.overrideRules[0]"))
                .setComponents(List.of(component)).setTotal(component.getTotal()).setManifest(deployment(replicas, cpu)).build();
    }

    /** 3 replicas of 1 cpu divided 2:1 over dc-1 and dc-2; dc-1's override runs 4 replicas, dc-2's gives each pod 2 cpu. */
    private static ResourceBinding binding(ReplicaScheduling scheduling) {
        return ResourceBinding.newBuilder()
                .setWorkloadKey("apps/Deployment/shop/web").setGeneration(1).setNamespace("shop").setKind("Deployment").setName("web")
                .setApiVersion("apps/v1")
                .setComponents(List.of(main(3, "1"))).setTotal(Map.of("cpu", "3"))
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).build())
                .setPlacement(Placement.newBuilder().setScheduling(scheduling).setDecidedBy("scheduler")
                        .setClusters(List.of(new ClusterTarget("dc-1", scheduling == ReplicaScheduling.DIVIDED ? 2L : null, List.of()),
                                new ClusterTarget("dc-2", scheduling == ReplicaScheduling.DIVIDED ? 1L : null, List.of()))).build())
                .setClusterOverrides(List.of(override("dc-1", 4, "1"), override("dc-2", 3, "2")))
                .setObservedAt(Instant.EPOCH).setUpdatedAt(Instant.EPOCH)
                .build();
    }

    @Test
    void aShareRunsItsPartOfTheReplicasUnlessItsOverrideSetsThem() throws IOException {
        List<ClusterOverride> shown = BindingShares.shownOverrides(binding(ReplicaScheduling.DIVIDED));

        ClusterOverride dc1 = shown.get(0);
        assertThat(dc1.getComponents().get(0).getReplicas()).as("the override sets 4 there").isEqualTo(4);
        assertThat(JSON.readTree(dc1.getManifest()).at("/spec/replicas").asLong()).isEqualTo(4);
        ClusterOverride dc2 = shown.get(1);
        assertThat(dc2.getComponents().get(0).getReplicas()).as("its share of 3 by 2:1").isEqualTo(1);
        assertThat(dc2.getComponents().get(0).getTotal()).containsExactly(Map.entry("cpu", "2"));
        assertThat(dc2.getTotal()).containsExactly(Map.entry("cpu", "2"));
        assertThat(JSON.readTree(dc2.getManifest())).isEqualTo(JSON.readTree(deployment(1, "2")));
    }

    @Test
    void duplicatedCopiesAreShownAsTheOverridesMakeThem() {
        ResourceBinding duplicated = binding(ReplicaScheduling.DUPLICATED);

        assertThat(BindingShares.shownOverrides(duplicated)).isEqualTo(duplicated.getClusterOverrides());
    }

    @Test
    void aShareMovingToAClusterGetsThatClustersOverridesWithTheShareItCarries() throws IOException {
        ResourceBinding divided = binding(ReplicaScheduling.DIVIDED);

        // dc-1's share (2) moves to dc-2, whose override gives each pod 2 cpu.
        assertThat(JSON.readTree(BindingShares.movedManifest(divided, "dc-1", "dc-2")))
                .isEqualTo(JSON.readTree(deployment(2, "2")));
        assertThat(BindingShares.movedManifest(divided, "dc-1", "dc-3")).as("no rule applies there").isNull();
    }
}
