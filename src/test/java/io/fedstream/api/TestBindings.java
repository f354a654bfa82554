package io.fedstream.api;

import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Bindings as the admit stage stores them, for the query API's tests and the command-line tests. */
public final class TestBindings {

    static final Instant UPDATED = Instant.parse("2026-11-29T10:00:00Z");

    private TestBindings() {}

    /** A FlinkDeployment binding of the given API group, namespace and name (jobmanager 1, taskmanager 4). */
    public static ResourceBinding flink(String group, String namespace, String name) {
        return ResourceBinding.newBuilder()
                .setWorkloadKey(group + "/FlinkDeployment/" + namespace + "/" + name)
                .setApiVersion(group + "/v1beta1")
                .setKind("FlinkDeployment")
                .setNamespace(namespace)
                .setName(name)
                .setLabels(Map.of("team", "fraud"))
                .setPriorityClassName("high")
                .setGeneration(2)
                .setComponents(List.of(
                        component("jobmanager", 1, Map.of("cpu", "1", "memory", "2Gi"), Map.of("cpu", "1", "memory", "2Gi")),
                        component("taskmanager", 4, Map.of("cpu", "2", "memory", "4Gi", "nvidia.com/gpu", "1"),
                                Map.of("cpu", "8", "memory", "16Gi", "nvidia.com/gpu", "4"))))
                .setTotal(Map.of("cpu", "9", "memory", "18Gi", "nvidia.com/gpu", "4"))
                .setInterpretation(InterpretationStatus.newBuilder()
                        .setState(InterpretationState.INTERPRETED)
                        .setInterpreter("built-in:flink.apache.org/v1beta1/FlinkDeployment")
                        .setErrors(List.of())
                        .build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.PENDING).build())
                .setPlacement(Placement.newBuilder()
                        .setClusters(List.of(ClusterTarget.newBuilder().setName("eu-west-1").setReplicas(null).build()))
                        .setScheduling(ReplicaScheduling.DUPLICATED)
                        .build())
                .setObservedAt(UPDATED)
                .setUpdatedAt(UPDATED)
                .build();
    }

    /** A Namespace's binding, as the engine binds a cluster-scoped object: namespace "", no components, on two clusters. */
    public static ResourceBinding namespaceObject(String name) {
        return ResourceBinding.newBuilder()
                .setWorkloadKey("core/Namespace//" + name)
                .setApiVersion("v1")
                .setKind("Namespace")
                .setNamespace("")
                .setName(name)
                .setGeneration(1)
                .setComponents(List.of())
                .setInterpretation(InterpretationStatus.newBuilder()
                        .setState(InterpretationState.INTERPRETED).setInterpreter("built-in:v1/Namespace").setErrors(List.of()).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(1L).build())
                .setPlacement(Placement.newBuilder()
                        .setClusters(List.of(ClusterTarget.newBuilder().setName("member1").setReplicas(0L).build(),
                                ClusterTarget.newBuilder().setName("member2").setReplicas(0L).build()))
                        .setScheduling(ReplicaScheduling.DUPLICATED)
                        .setDecidedBy("scheduler")
                        .setPolicy("ClusterPropagationPolicy/guestbook")
                        .build())
                .setObservedAt(UPDATED)
                .setUpdatedAt(UPDATED)
                .build();
    }

    private static Component component(String name, long replicas, Map<String, String> perPod, Map<String, String> total) {
        return Component.newBuilder()
                .setName(name).setReplicas(replicas).setMinReplicas(name.equals("taskmanager") ? 2L : null).setMaxReplicas(null)
                .setPerPod(perPod).setTotal(total)
                .build();
    }
}
