package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each member cluster gets of a binding: Karmada's ensureWork, cluster by cluster. */
class MemberWorkTest {

    private final MemberWork work = new MemberWork();

    private static Map<String, Long> shares(long first, long second) {
        Map<String, Long> shares = new LinkedHashMap<>();
        shares.put("member1", first);
        shares.put("member2", second);
        return shares;
    }

    @Test
    void aDividedShareGetsItsReplicasAndItsClustersOverrides() {
        ResourceBinding binding = ResourceBinding.newBuilder(Bindings.divided(1, 3, shares(2, 1)))
                .setClusterOverrides(List.of(Bindings.imageOverride("member2", 3))).build();

        Desired.Apply member1 = (Desired.Apply) work.of(binding, Bindings.deployment(3), "member1");
        Desired.Apply member2 = (Desired.Apply) work.of(binding, Bindings.deployment(3), "member2");

        assertThat(member1.object().at("/spec/replicas").asLong()).isEqualTo(2);
        assertThat(member1.object().at("/spec/template/spec/containers/0/image").asText()).isEqualTo("shop/web:1");
        assertThat(member2.object().at("/spec/replicas").asLong()).isEqualTo(1);
        assertThat(member2.object().at("/spec/template/spec/containers/0/image").asText()).isEqualTo("mirror.example.com/shop/web:1");
        assertThat(member2.object().at("/metadata/annotations").get(PropagationMarks.APPLIED_OVERRIDES).asText())
                .isEqualTo("[\"OverridePolicy shop/mirror spec.overrideRules[0]\"]");
        assertThat(member1.generation()).isEqualTo(1);
        assertThat(member1.note()).isNull();
    }

    @Test
    void theCopyCarriesFedstreamsMarksAndADigestOfItsContent() {
        ResourceBinding binding = Bindings.duplicated(4, 3, "member1");

        Desired.Apply apply = (Desired.Apply) work.of(binding, Bindings.deployment(3), "member1");
        JsonNode metadata = apply.object().path("metadata");

        assertThat(metadata.path("labels").path(PropagationMarks.MANAGED_LABEL).asText()).isEqualTo("true");
        assertThat(metadata.path("labels").path("app").asText()).isEqualTo("web");
        assertThat(metadata.path("annotations").path(PropagationMarks.WORKLOAD).asText()).isEqualTo(Bindings.KEY);
        assertThat(metadata.path("annotations").path(PropagationMarks.GENERATION).asText()).isEqualTo("4");
        assertThat(metadata.path("annotations").path(PropagationMarks.APPLIED_DIGEST).asText()).isEqualTo(apply.digest()).hasSize(64);
        assertThat(metadata.path("annotations").path(PropagationMarks.MANAGED_LABELS).asText()).isEqualTo("app,fedstream.io/managed");
        assertThat(((Desired.Apply) work.of(binding, Bindings.deployment(3), "member1")).digest()).as("the same binding, the same digest")
                .isEqualTo(apply.digest());
        assertThat(((Desired.Apply) work.of(Bindings.duplicated(4, 4, "member1"), Bindings.deployment(4), "member1")).digest())
                .as("another content, another digest").isNotEqualTo(apply.digest());
    }

    @Test
    void whatTheApiServerWroteIsPrunedAndTheNamespaceIsTheBindings() {
        String written = """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","uid":"u-1","resourceVersion":"7",
                 "generation":3,"creationTimestamp":"2026-01-01T00:00:00Z","managedFields":[],"ownerReferences":[],
                 "annotations":{"deployment.kubernetes.io/revision":"3"}},
                 "spec":{"replicas":3},"status":{"replicas":3}}""";

        Desired.Apply apply = (Desired.Apply) work.of(Bindings.duplicated(1, 3, "member1"), written, "member1");
        JsonNode metadata = apply.object().path("metadata");

        assertThat(metadata.path("namespace").asText()).isEqualTo("shop");
        assertThat(metadata.has("uid") || metadata.has("resourceVersion") || metadata.has("generation")
                || metadata.has("creationTimestamp") || metadata.has("managedFields") || metadata.has("ownerReferences")).isFalse();
        assertThat(metadata.path("annotations").has("deployment.kubernetes.io/revision")).isFalse();
        assertThat(apply.object().has("status")).isFalse();
    }

    @Test
    void aClusterThePlacementDoesNotListGetsNothingAndAFailoversPlacementLeavesItsCopyForThePurge() {
        ResourceBinding scheduled = Bindings.duplicated(1, 3, "member1");
        ResourceBinding failedOver = ResourceBinding.newBuilder(scheduled)
                .setPlacement(Placement.newBuilder(scheduled.getPlacement()).setDecidedBy("failover").build()).build();

        assertThat(work.of(scheduled, Bindings.deployment(3), "member2")).isEqualTo(new Desired.Absent(Desired.Why.NOT_PLACED));
        assertThat(work.of(failedOver, Bindings.deployment(3), "member2")).isEqualTo(new Desired.Absent(Desired.Why.LEFT_BY_FAILOVER));
        assertThat(work.of(null, null, "member1")).isEqualTo(new Desired.Absent(Desired.Why.DELETED));
    }

    @Test
    void aVersionNotAdmittedChangesNothingWhereTheChargedOneRuns() {
        ResourceBinding rejected = ResourceBinding.newBuilder(Bindings.duplicated(2, 9, "member1"))
                .setAdmission(Admission.newBuilder().setState(AdmissionState.REJECTED).setChargedGeneration(1L).build()).build();

        assertThat(work.of(rejected, Bindings.deployment(9), "member1")).isInstanceOf(Desired.Held.class);
    }

    @Test
    void anOverrideThatFailsOrAnUnknownManifestIsAFailureNamingIt() {
        ResourceBinding broken = ResourceBinding.newBuilder(Bindings.duplicated(2, 3, "member1"))
                .setClusterOverrides(List.of(ClusterOverride.newBuilder().setCluster("member1")
                        .setProblem("OverridePolicy shop/p spec.overrideRules[0].overriders.plaintext[0]: path /spec/x does not exist").build()))
                .build();

        assertThat(work.of(broken, Bindings.deployment(3), "member1")).isEqualTo(new Desired.Failed("the overrides for member1 cannot be "
                + "applied: OverridePolicy shop/p spec.overrideRules[0].overriders.plaintext[0]: path /spec/x does not exist", 2));
        assertThat(work.of(Bindings.duplicated(2, 3, "member1"), null, "member1")).isEqualTo(new Desired.Failed(
                "the manifest of generation 2 (observed at 2026-12-06T10:00:00Z) is not on the workloads topic", 2));
    }

    @Test
    void aDependencyGetsItsOwnManifestInItsNamespaceMarkedForItself() {
        String configMap = """
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web-config"},"data":{"mode":"fast"}}""";

        Desired.Apply apply = (Desired.Apply) work.dependency("core/ConfigMap/shop/web-config", "shop", configMap, null, "member1");

        assertThat(apply.object().at("/metadata/namespace").asText()).isEqualTo("shop");
        assertThat(apply.object().at("/data/mode").asText()).isEqualTo("fast");
        assertThat(PropagationMarks.annotation(apply.object(), PropagationMarks.WORKLOAD)).isEqualTo("core/ConfigMap/shop/web-config");
        assertThat(apply.generation()).isZero();
    }
    @Test
    void theKindsReplicaRevisionScriptWritesTheShareAndOneThatFailsFailsTheClustersCopy() {
        ResourceBinding binding = Bindings.divided(1, 3, shares(2, 1));
        MemberWork revisedByScript = new MemberWork(Scripts.inForce(Scripts.customization("web-revision", "apps/v1", "Deployment",
                Scripts.script("replicaRevision", """
                        function ReviseReplica(obj, desiredReplica)
                          obj.spec.replicas = desiredReplica
                          obj.metadata.annotations = {revisedBy = "lua"}
                          return obj
                        end"""))));
        MemberWork failing = new MemberWork(Scripts.inForce(Scripts.customization("web-revision", "apps/v1", "Deployment",
                Scripts.script("replicaRevision", "function ReviseReplica(obj, desiredReplica) return obj.spec.missing.replicas end"))));

        Desired.Apply member1 = (Desired.Apply) revisedByScript.of(binding, Bindings.deployment(3), "member1");
        Desired member2 = failing.of(binding, Bindings.deployment(3), "member2");

        assertThat(member1.object().at("/spec/replicas").asLong()).isEqualTo(2);
        assertThat(member1.object().at("/metadata/annotations/revisedBy").asText()).isEqualTo("lua");
        assertThat(member2).isInstanceOf(Desired.Failed.class);
        assertThat(((Desired.Failed) member2).message()).startsWith("the manifest cannot be revised to the share of member2: "
                + "ResourceInterpreterCustomization web-revision, replicaRevision: failed: ");
    }

    @Test
    void aKindWithARefusedCustomizationIsBuiltTheBuiltInWayAndReportedFailedWithTheRefusal() {
        MemberWork refused = new MemberWork(Scripts.inForce(Scripts.customization("web-revision", "apps/v1", "Deployment",
                Scripts.script("replicaRevision", "function ReviseReplica(obj, desiredReplica"))));

        Desired.Apply member1 = (Desired.Apply) refused.of(Bindings.divided(1, 3, shares(2, 1)), Bindings.deployment(3), "member1");

        assertThat(member1.object().at("/spec/replicas").asLong()).as("the built-in revision").isEqualTo(2);
        assertThat(member1.problem()).startsWith("ResourceInterpreterCustomization web-revision in policy "
                + "ResourceInterpreterCustomization//c0: spec.customizations.replicaRevision.luaScript: does not compile");
    }
}
