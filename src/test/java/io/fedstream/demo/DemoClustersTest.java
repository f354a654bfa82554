package io.fedstream.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The demo's simulated clusters: they can take what the sample fleet asks for, and report what runs there. */
class DemoClustersTest {

    @Test
    void everyResourceTheSampleFleetRequestsIsAllocatableOnTheDemoClusters() {
        Interpreter interpreter = Interpreter.builtIn();
        Set<String> requested = new TreeSet<>();
        for (WorkloadEvent event : DemoFleet.load().upserts(Instant.EPOCH).values()) {
            Interpretation interpretation = interpreter.interpret(event.getManifest());
            interpretation.total().amounts().forEach((resource, amount) -> {
                if (amount > 0) {
                    requested.add(resource);
                }
            });
        }

        ClusterHealthEvent heartbeat = DemoClusters.heartbeat("member1", Instant.EPOCH, Map.of());

        assertThat(requested).contains("cpu", "memory", "ephemeral-storage", "nvidia.com/gpu");
        assertThat(heartbeat.getAllocatable().keySet()).containsAll(requested);
    }

    @Test
    void aClusterReportsAllocatedTheRequestsAndPodsOfWhatFedstreamPlacedThere() throws Exception {
        JsonNode aggregates = new ObjectMapper().readTree("""
                {"clusters":[
                  {"cluster":"member1","workloads":2,"replicas":7,"resources":{"cpu":"9500m","memory":"20Gi",
                   "ephemeral-storage":"30Gi","nvidia.com/gpu":"2","limits.cpu":"12","limits.memory":"24Gi"},"namespaces":[]},
                  {"cluster":"member3","workloads":0,"replicas":0,"resources":{},"namespaces":[]}]}""");

        Map<String, Map<String, String>> placed = DemoClusters.placedFrom(aggregates);
        ClusterHealthEvent heartbeat = DemoClusters.heartbeat("member1", Instant.EPOCH, placed.get("member1"));

        assertThat(placed).containsOnlyKeys("member1", "member3");
        assertThat(heartbeat.getAllocated()).as("limits are not allocated; pods are the placed replicas").isEqualTo(Map.of(
                "cpu", "9500m", "memory", "20Gi", "ephemeral-storage", "30Gi", "nvidia.com/gpu", "2", "pods", "7"));
        assertThat(placed.get("member3")).isEqualTo(Map.of("pods", "0"));
    }

    @Test
    void aFailedReadOfWhatRunsThereDoesNotStopTheHeartbeats() throws Exception {
        List<ClusterHealthEvent> beats = new CopyOnWriteArrayList<>();
        try (DemoClusters clusters = DemoClusters.start((cluster, event) -> beats.add(event), Duration.ofMillis(50), () -> {
            throw new IllegalStateException("the query API answered nonsense");
        })) {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (beats.size() < 3 * DemoClusters.NAMES.size() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        }

        assertThat(beats).as("three rounds of heartbeats").hasSizeGreaterThanOrEqualTo(3 * DemoClusters.NAMES.size())
                .allSatisfy(beat -> assertThat(beat.getAllocated()).isEmpty());
    }
}
