package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Admission;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The latest binding of each workload, with this cluster's override only, indexed by governing policy. */
class KnownBindingsTest {

    private static ResourceBinding binding(String key, String policy) {
        return ResourceBinding.newBuilder().setWorkloadKey(key).setApiVersion("apps/v1").setKind("Deployment").setNamespace("shop")
                .setName(key).setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().build())
                .setPlacement(Placement.newBuilder().setClusters(List.of()).setPolicy(policy).build())
                .setClusterOverrides(List.of(ClusterOverride.newBuilder().setCluster("member1").build(),
                        ClusterOverride.newBuilder().setCluster("member2").build()))
                .setObservedAt(Instant.EPOCH).setUpdatedAt(Instant.EPOCH).build();
    }

    @Test
    void eachBindingKeepsThisClustersOverrideAndIsFoundByItsPolicyUntilItMovesOrGoes() {
        KnownBindings bindings = new KnownBindings("member2");
        bindings.accept("a", binding("a", "PropagationPolicy/shop/p"));
        bindings.accept("b", binding("b", "PropagationPolicy/shop/p"));

        assertThat(bindings.get("a").getClusterOverrides()).extracting(ClusterOverride::getCluster).containsExactly("member2");
        assertThat(bindings.governedBy("PropagationPolicy/shop/p")).containsExactlyInAnyOrder("a", "b");
        bindings.accept("a", binding("a", "PropagationPolicy/shop/q"));
        bindings.accept("b", null);
        assertThat(bindings.governedBy("PropagationPolicy/shop/p")).isEmpty();
        assertThat(bindings.governedBy("PropagationPolicy/shop/q")).containsExactly("a");
        assertThat(bindings.get("b")).isNull();
        assertThat(bindings.keys()).containsExactly("a");
    }
    @Test
    void theWorkloadsOfAKindAreFoundForACustomizationOfItsKind() {
        KnownBindings bindings = new KnownBindings("member1");
        bindings.accept("a", binding("a", "PropagationPolicy/shop/p"));
        bindings.accept("w", ResourceBinding.newBuilder(binding("w", "PropagationPolicy/shop/p")).setApiVersion("example.com/v1")
                .setKind("Widget").build());

        assertThat(bindings.ofKinds(java.util.Set.of("example.com/v1/Widget"))).containsExactly("w");
        assertThat(bindings.ofKinds(java.util.Set.of("apps/v1/Deployment", "example.com/v1/Widget"))).containsExactlyInAnyOrder("a", "w");
        assertThat(bindings.ofKinds(java.util.Set.of("apps/v1/StatefulSet"))).isEmpty();
    }
}
