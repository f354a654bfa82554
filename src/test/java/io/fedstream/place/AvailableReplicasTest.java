package io.fedstream.place;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AvailableReplicasTest {

    private static ClusterCapacity cluster(Map<String, String> allocatable, Map<String, String> allocated, Map<String, String> reserved) {
        return new ClusterCapacity("m1", Map.of(), List.of(), Resources.fromQuantities(allocatable), Resources.fromQuantities(allocated),
                Resources.fromQuantities(reserved), true, null);
    }

    private static ComponentDemand component(String name, long replicas, String cpu, String memory) {
        return new ComponentDemand(name, replicas, Resources.fromQuantities(Map.of("cpu", cpu, "memory", memory)));
    }

    @Test
    void isTheFreeRoomOverOnePodOfEveryComponentByTheScarcestResource() {
        ClusterCapacity cluster = cluster(Map.of("cpu", "20", "memory", "64Gi"), Map.of("cpu", "4", "memory", "8Gi"), Map.of("cpu", "1"));
        // One replica = a 1 cpu / 2Gi jobmanager pod and a 2 cpu / 4Gi taskmanager pod: 3 cpu, 6Gi. Free: 15 cpu, 56Gi.
        List<ComponentDemand> flink = List.of(component("jobmanager", 1, "1", "2Gi"), component("taskmanager", 4, "2", "4Gi"));

        assertThat(AvailableReplicas.of(flink, cluster)).isEqualTo(5);
        assertThat(AvailableReplicas.of(List.of(component("main", 3, "500m", "16Gi")), cluster)).isEqualTo(3);
    }

    @Test
    void aComponentWithoutPodsNeedsNoRoomAndPodSlotsCount() {
        ClusterCapacity cluster = cluster(Map.of("cpu", "100", "memory", "64Gi", "pods", "7"), Map.of("pods", "1"), Map.of());
        List<ComponentDemand> twoTemplates = List.of(component("head", 1, "1", "1Gi"), component("worker", 0, "50", "50Gi"));

        assertThat(AvailableReplicas.of(twoTemplates, cluster)).isEqualTo(6);
        assertThat(AvailableReplicas.of(List.of(component("a", 1, "1", "1Gi"), component("b", 1, "1", "1Gi")), cluster)).isEqualTo(3);
    }

    @Test
    void aMissingResourceGivesNoneAnOverCommittedClusterNoneAndNoRequestUnbounded() {
        ClusterCapacity noGpu = cluster(Map.of("cpu", "8", "memory", "8Gi"), Map.of(), Map.of());
        ClusterCapacity overCommitted = cluster(Map.of("cpu", "8", "memory", "8Gi"), Map.of("cpu", "9"), Map.of());
        ComponentDemand gpu = new ComponentDemand("trainer", 2, Resources.fromQuantities(Map.of("cpu", "1", "nvidia.com/gpu", "1")));

        assertThat(AvailableReplicas.of(List.of(gpu), noGpu)).isZero();
        assertThat(AvailableReplicas.of(List.of(component("main", 1, "1", "1Gi")), overCommitted)).isZero();
        assertThat(AvailableReplicas.of(List.of(new ComponentDemand("idle", 2, Resources.NONE)), noGpu)).isEqualTo(AvailableReplicas.UNBOUNDED);
    }
}
