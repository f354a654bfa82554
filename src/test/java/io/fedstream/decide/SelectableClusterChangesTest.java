package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Only what an override rule can select of a cluster moves the count; a heartbeat that changes nothing of it does not. */
class SelectableClusterChangesTest {

    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private final SelectableClusterChanges changes = new SelectableClusterChanges();

    private static ClusterHealthEvent heartbeat(Instant at, String cpu, Map<String, String> labels, String region) {
        return ClusterHealthEvent.newBuilder()
                .setCluster("dc-1")
                .setHeartbeatAt(at)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                .setAllocatable(Map.of("cpu", cpu))
                .setAllocated(Map.of())
                .setLabels(labels)
                .setRegion(region)
                .build();
    }

    private static ClusterWatch watch(ClusterState state, ClusterHealthEvent heartbeat) {
        return ClusterWatch.newBuilder().setCluster("dc-1").setState(state).setReason("r").setSince(AT).setHeartbeat(heartbeat).build();
    }

    @Test
    void heartbeatsWithOtherTimesRoomOrStateCountNothing() {
        ClusterWatch first = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "big"), "eu"));
        ClusterWatch later = watch(ClusterState.SUSPECT, heartbeat(AT.plusSeconds(1), "4", Map.of("tier", "big"), "eu"));

        changes.observe(first, later);
        changes.observe(later, later);

        assertThat(changes.count()).isZero();
    }

    @Test
    void aClusterJoiningRelabelledMovedOrLeavingCountsOnceEach() {
        ClusterWatch joined = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "big"), "eu"));
        ClusterWatch relabelled = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "small"), "eu"));
        ClusterWatch moved = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "small"), "us"));

        changes.observe(null, joined);
        assertThat(changes.count()).isEqualTo(1);
        changes.observe(joined, relabelled);
        assertThat(changes.count()).isEqualTo(2);
        changes.observe(relabelled, moved);
        assertThat(changes.count()).isEqualTo(3);
        changes.observe(moved, null);
        assertThat(changes.count()).isEqualTo(4);
    }

    @Test
    void aClusterKnownWithoutAHeartbeatThatGetsOneCounts() {
        changes.observe(null, watch(ClusterState.FAILED, null));
        changes.observe(watch(ClusterState.FAILED, null), watch(ClusterState.READY, heartbeat(AT, "8", Map.of(), null)));

        assertThat(changes.count()).isEqualTo(2);
    }
}
