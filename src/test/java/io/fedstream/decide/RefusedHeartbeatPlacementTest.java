package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Placement names the real cause when a cluster's heartbeats are refused, and keeps using its last valid view. */
class RefusedHeartbeatPlacementTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";

    @Test
    void aClusterWhoseEveryHeartbeatWasRefusedIsNamedWithTheRefusalInsteadOfNoClusterIsKnown() {
        fleet = new FleetDriver(stateDir);
        fleet.heartbeat(heartbeat("member1", Map.of("cpu", "NaN", "memory", "256Gi"))).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isNull();
        AuditEvent unplaceable = fleet.audit.stream().filter(a -> a.getDecision().equals("UNPLACEABLE")).findFirst().orElseThrow();
        assertThat(unplaceable.getReason())
                .doesNotContain("no cluster is known")
                .contains("member1")
                .contains("its last heartbeat was refused: allocatable.cpu: is not a Kubernetes quantity")
                .contains("(value: NaN)");
        assertThat(fleet.deadLetters).singleElement().satisfies(letter ->
                assertThat(new String(letter.headers().lastHeader("field").value())).isEqualTo("allocatable.cpu"));
    }

    @Test
    void aRefusedHeartbeatLeavesTheLastValidViewInForce() {
        fleet = new FleetDriver(stateDir).cluster("member1", "64", "256Gi").advance(Duration.ofSeconds(1));
        fleet.heartbeat(heartbeat("member1", Map.of("cpu", "-64", "memory", "256Gi")));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).as("placed on the 64 cpu the last valid heartbeat reported").isEqualTo("member1");
    }

    private ClusterHealthEvent heartbeat(String cluster, Map<String, String> allocatable) {
        return ClusterHealthEvent.newBuilder().setCluster(cluster).setHeartbeatAt(fleet.now()).setAllocatable(allocatable).build();
    }
}
