package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterHeartbeatTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
    private static final AgentSettings SETTINGS = new AgentSettings("dc-1", Duration.ofSeconds(10), Duration.ofMinutes(10),
            Map.of("region", "eu"), List.of(AgentSettings.taint("maintenance=true:NoSchedule")));

    private final ClusterHeartbeat heartbeat = new ClusterHeartbeat(SETTINGS, SERIALIZATION);

    @Test
    void sumsReadyNodesAllocatableAndScheduledPodsRequestsAsKubernetesCountsThem() {
        List<Node> nodes = List.of(
                node("n1", "True", false, Map.of("cpu", "4", "memory", "16Gi", "pods", "110")),
                node("n2", "True", false, Map.of("cpu", "3500m", "memory", "8Gi", "pods", "110")),
                node("not-ready", "False", false, Map.of("cpu", "64", "memory", "1Ti", "pods", "110")),
                node("cordoned", "True", true, Map.of("cpu", "64", "memory", "1Ti", "pods", "110")));
        List<Pod> pods = List.of(
                // Regular 500m + sidecar 100m, against the larger init container 1 (+ no sidecar before it): max per resource.
                pod("web", "n1", "Running", """
                        "initContainers":[{"name":"migrate","resources":{"requests":{"cpu":"1","memory":"128Mi"}}},
                                          {"name":"proxy","restartPolicy":"Always","resources":{"requests":{"cpu":"100m","memory":"64Mi"}}}],
                        "containers":[{"name":"app","resources":{"requests":{"cpu":"500m","memory":"1Gi"}}}]"""),
                pod("batch", "n2", "Pending", """
                        "containers":[{"name":"b","resources":{"requests":{"cpu":"2","memory":"2Gi"}}}]"""),
                pod("done", "n2", "Succeeded", """
                        "containers":[{"name":"d","resources":{"requests":{"cpu":"8","memory":"8Gi"}}}]"""),
                pod("unscheduled", null, "Pending", """
                        "containers":[{"name":"u","resources":{"requests":{"cpu":"8","memory":"8Gi"}}}]"""));

        ClusterHealthEvent event = heartbeat.of(nodes, pods, true, NOW);

        assertThat(event.getCluster()).isEqualTo("dc-1");
        assertThat(event.getHeartbeatAt()).isEqualTo(NOW);
        assertThat(event.getAllocatable()).isEqualTo(Map.of("cpu", "7500m", "memory", "24Gi", "pods", "220"));
        // web: cpu max(500m + 100m, 1 + 0) = 1, memory max(1Gi + 64Mi, 128Mi) = 1088Mi; batch: 2 and 2Gi.
        assertThat(event.getAllocated()).isEqualTo(Map.of("cpu", "3", "memory", "3136Mi", "pods", "2"));
        assertThat(event.getConditions()).containsExactly(
                new ClusterCondition("Ready", "True", "ClusterReady", "2 of 4 nodes Ready and schedulable", null));
        assertThat(event.getLabels()).isEqualTo(Map.of("region", "eu"));
        assertThat(event.getTaints()).containsExactly(new Taint("maintenance", "true", "NoSchedule"));
        assertThat(event.getSource()).isEqualTo("agent/dc-1");
    }

    @Test
    void theKindsTheClusterServesTravelInTheHeartbeatOnceDiscovered() {
        List<Node> nodes = List.of(node("n1", "True", false, Map.of("cpu", "4")));

        assertThat(heartbeat.of(nodes, List.of(), true, NOW).getServedKinds()).as("not discovered yet: not said").isNull();
        assertThat(heartbeat.of(nodes, List.of(), true, NOW, List.of("apps/v1/Deployment", "v1/Pod")).getServedKinds())
                .containsExactly("apps/v1/Deployment", "v1/Pod");
    }

    @Test
    void anUnreachableApiServerIsNotReadyWithoutResources() {
        ClusterHealthEvent event = heartbeat.of(List.of(node("n1", "True", false, Map.of("cpu", "4"))), List.of(), false, NOW);

        assertThat(event.getConditions()).extracting(ClusterCondition::getStatus, ClusterCondition::getReason)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("False", "ClusterNotReachable"));
        assertThat(event.getAllocatable()).isEmpty();
        assertThat(event.getAllocated()).isEmpty();
    }

    private static Node node(String name, String ready, boolean unschedulable, Map<String, String> allocatable) {
        NodeBuilder node = new NodeBuilder().withNewMetadata().withName(name).endMetadata()
                .withNewSpec().withUnschedulable(unschedulable).endSpec()
                .withNewStatus().addNewCondition().withType("Ready").withStatus(ready).endCondition().endStatus();
        allocatable.forEach((resource, amount) -> node.editStatus().addToAllocatable(resource, new Quantity(amount)).endStatus());
        return node.build();
    }

    private static Pod pod(String name, String nodeName, String phase, String specBody) {
        String spec = "{" + (nodeName == null ? "" : "\"nodeName\":\"" + nodeName + "\",") + specBody + "}";
        return SERIALIZATION.unmarshal("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":"
                + spec + ",\"status\":{\"phase\":\"" + phase + "\"}}", Pod.class);
    }
}
