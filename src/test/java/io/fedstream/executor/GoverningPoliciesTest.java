package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Admission;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.propagate.PropagationSettings;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The propagation settings of the policies topic, under the names bindings give their policies. */
class GoverningPoliciesTest {

    private static PolicyEvent upsert(String manifest) {
        return PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(Instant.EPOCH).build();
    }

    private static ResourceBinding placedUnder(String policy) {
        return ResourceBinding.newBuilder().setWorkloadKey("k").setApiVersion("v1").setKind("ConfigMap").setNamespace("shop").setName("c")
                .setInterpretation(InterpretationStatus.newBuilder()
                        .setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().build())
                .setPlacement(policy == null ? null : Placement.newBuilder().setClusters(List.of()).setPolicy(policy).build())
                .setObservedAt(Instant.EPOCH).setUpdatedAt(Instant.EPOCH).build();
    }

    @Test
    void aPolicysSettingsAreFoundUnderItsBindingNameAndKeptWhenItIsDeleted() {
        GoverningPolicies policies = new GoverningPolicies();

        assertThat(policies.accept("PropagationPolicy/shop/web", upsert("""
                {"kind":"PropagationPolicy","spec":{"conflictResolution":"Overwrite"}}"""))).isEqualTo("PropagationPolicy/shop/web");
        assertThat(policies.accept("ClusterPropagationPolicy//fleet", upsert("""
                {"kind":"ClusterPropagationPolicy","spec":{"preserveResourcesOnDeletion":true}}"""))).isEqualTo("ClusterPropagationPolicy/fleet");

        assertThat(policies.of(placedUnder("PropagationPolicy/shop/web")).settings().conflictResolution())
                .isEqualTo(PropagationSettings.ConflictResolution.OVERWRITE);
        assertThat(policies.of(placedUnder("ClusterPropagationPolicy/fleet")).settings().preserveResourcesOnDeletion()).isTrue();
        policies.accept("PropagationPolicy/shop/web", PolicyEvent.newBuilder().setOp(Op.DELETE).setObservedAt(Instant.EPOCH).build());
        assertThat(policies.of(placedUnder("PropagationPolicy/shop/web")).settings().conflictResolution())
                .as("its bindings keep their placement and the settings that came with it").isEqualTo(PropagationSettings.ConflictResolution.OVERWRITE);
    }

    @Test
    void aPlacementWithoutAPolicyHasKarmadasDefaultsAndOtherKindsAreNotPolicies() {
        GoverningPolicies policies = new GoverningPolicies();

        assertThat(policies.of(placedUnder(null)).settings()).isEqualTo(PropagationSettings.DEFAULTS);
        assertThat(policies.accept("FederatedResourceQuota/shop/q", upsert("{\"kind\":\"FederatedResourceQuota\"}"))).isNull();
    }

    @Test
    void aPolicyThatCannotBeReadIsKeptWithItsProblem() {
        GoverningPolicies policies = new GoverningPolicies();
        policies.accept("PropagationPolicy/shop/web", upsert("{\"kind\":\"PropagationPolicy\",\"spec\":{\"conflictResolution\":\"Merge\"}}"));

        GoverningPolicies.Settings settings = policies.of(placedUnder("PropagationPolicy/shop/web"));
        assertThat(settings.settings()).isNull();
        assertThat(settings.problem()).isEqualTo("PropagationPolicy/shop/web spec.conflictResolution: must be Abort or Overwrite (value: Merge)");
    }
}
