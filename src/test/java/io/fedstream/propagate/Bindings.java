package io.fedstream.propagate;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Bindings of a Deployment {@code shop/web} of 1-cpu pods, as the engine writes them, for the propagate tests. */
final class Bindings {

    static final String KEY = "apps/Deployment/shop/web";
    static final Instant OBSERVED = Instant.parse("2026-12-06T10:00:00Z");

    private Bindings() {}

    static String deployment(int replicas) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop","labels":{"app":"web"}},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[{"name":"web","image":"shop/web:1",
                   "envFrom":[{"configMapRef":{"name":"web-config"}}],
                   "resources":{"requests":{"cpu":"1"}}}]}}}}""".formatted(replicas);
    }

    static Component main(long replicas) {
        return Component.newBuilder().setName("main").setReplicas(replicas).setPerPod(Map.of("cpu", "1"))
                .setTotal(Map.of("cpu", Long.toString(replicas))).build();
    }

    /** Generation {@code generation}, admitted, with {@code replicas} replicas divided over the clusters by their shares. */
    static ResourceBinding divided(long generation, long replicas, Map<String, Long> shares) {
        List<ClusterTarget> targets = new ArrayList<>();
        shares.forEach((cluster, pods) -> targets.add(new ClusterTarget(cluster, pods, List.of())));
        return base(generation, replicas).setPlacement(Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED)
                .setDecidedBy("scheduler").setPolicy("PropagationPolicy/shop/web").setClusters(targets).build()).build();
    }

    /** Admitted, a full copy on each cluster. */
    static ResourceBinding duplicated(long generation, long replicas, String... clusters) {
        return base(generation, replicas).setPlacement(Placement.newBuilder().setScheduling(ReplicaScheduling.DUPLICATED)
                .setDecidedBy("scheduler").setPolicy("PropagationPolicy/shop/web")
                .setClusters(java.util.Arrays.stream(clusters).map(c -> new ClusterTarget(c, null, List.of())).toList()).build()).build();
    }

    static ResourceBinding.Builder base(long generation, long replicas) {
        return ResourceBinding.newBuilder()
                .setWorkloadKey(KEY).setGeneration(generation).setNamespace("shop").setKind("Deployment").setName("web")
                .setApiVersion("apps/v1")
                .setComponents(List.of(main(replicas))).setTotal(Map.of("cpu", Long.toString(replicas)))
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(generation).build())
                .setObservedAt(OBSERVED).setUpdatedAt(OBSERVED);
    }

    /** An override result for {@code cluster}: the manifest with another image. */
    static ClusterOverride imageOverride(String cluster, int replicas) {
        return ClusterOverride.newBuilder().setCluster(cluster).setApplied(List.of("OverridePolicy shop/mirror spec.overrideRules[0]"))
                .setComponents(List.of(main(replicas))).setTotal(Map.of("cpu", Long.toString(replicas)))
                .setManifest(deployment(replicas).replace("shop/web:1", "mirror.example.com/shop/web:1")).build();
    }
}
