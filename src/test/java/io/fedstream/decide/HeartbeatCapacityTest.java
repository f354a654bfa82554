package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import io.fedstream.interpret.Resources;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ClusterTaint;
import io.fedstream.place.ClusterTaint.Effect;
import io.fedstream.place.ClusterTopology;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeartbeatCapacityTest {

    @Test
    void takesNameLabelsTaintsAndResourcesFromTheHeartbeat() {
        ClusterHealthEvent heartbeat = heartbeat(Map.of("cpu", "64", "memory", "256Gi", "pods", "110"), Map.of("cpu", "12500m", "memory", "48Gi"),
                taint("gpu", "a100", "NoSchedule"), taint("spot", null, "PreferNoSchedule"), taint("drain", null, "NoExecute"));

        ClusterCapacity capacity = TaskClusterViews.capacity(heartbeat, true);

        assertThat(capacity).isEqualTo(new ClusterCapacity("member1", Map.of("cloud", "true"),
                List.of(new ClusterTaint("gpu", "a100", Effect.NoSchedule), new ClusterTaint("spot", "", Effect.PreferNoSchedule),
                        new ClusterTaint("drain", "", Effect.NoExecute)),
                Resources.of(Map.of("cpu", 64_000L, "memory", 256L << 30, "pods", 110_000L)),
                Resources.of(Map.of("cpu", 12_500L, "memory", 48L << 30)),
                Resources.NONE, true, null));
    }

    @Test
    void takesProviderRegionAndZonesFromTheHeartbeat() {
        ClusterHealthEvent heartbeat = heartbeat(Map.of(), Map.of());
        heartbeat.setProvider("aws");
        heartbeat.setRegion("eu-west-1");
        heartbeat.setZones(List.of("eu-west-1a"));

        assertThat(TaskClusterViews.capacity(heartbeat, true).topology())
                .isEqualTo(new ClusterTopology("aws", "eu-west-1", List.of("eu-west-1a")));
        assertThat(TaskClusterViews.capacity(heartbeat(Map.of(), Map.of()), true).topology())
                .isEqualTo(ClusterTopology.UNKNOWN);
    }

    @Test
    void passesReadinessThrough() {
        assertThat(TaskClusterViews.capacity(heartbeat(Map.of(), Map.of()), false).ready()).isFalse();
    }

    @Test
    void anUnknownTaintEffectIsTakenAsNoSchedule() {
        ClusterHealthEvent heartbeat = heartbeat(Map.of(), Map.of(), taint("maintenance", "soon", "Evict"), taint("lower", null, "noschedule"));

        assertThat(TaskClusterViews.capacity(heartbeat, true).taints()).containsExactly(
                new ClusterTaint("maintenance", "soon", Effect.NoSchedule), new ClusterTaint("lower", "", Effect.NoSchedule));
    }

    @Test
    void aBadAllocatableQuantityNamesTheFieldAndValue() {
        ClusterHealthEvent heartbeat = heartbeat(Map.of("cpu", "lots"), Map.of());

        assertThatThrownBy(() -> TaskClusterViews.capacity(heartbeat, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allocatable.cpu: is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces)"
                        + " (value: lots)");
    }

    @Test
    void aNegativeAllocatedQuantityIsRefusedRatherThanMakingRoom() {
        ClusterHealthEvent heartbeat = heartbeat(Map.of("cpu", "8"), Map.of("cpu", "-2"));

        assertThatThrownBy(() -> TaskClusterViews.capacity(heartbeat, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allocated.cpu: must not be negative (value: -2)");
    }

    @Test
    void aQuantityBeyondALongIsAnIllegalArgumentNotAnArithmeticError() {
        ClusterHealthEvent heartbeat = heartbeat(Map.of("memory", "9000Ei"), Map.of());

        assertThatThrownBy(() -> TaskClusterViews.capacity(heartbeat, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allocatable.memory: quantity 10376293541461622784000 does not fit a 64-bit integer (value: 9000Ei)");
    }

    private static ClusterHealthEvent heartbeat(Map<String, String> allocatable, Map<String, String> allocated, Taint... taints) {
        return ClusterHealthEvent.newBuilder()
                .setCluster("member1")
                .setHeartbeatAt(Instant.parse("2026-11-29T10:00:00Z"))
                .setLabels(Map.of("cloud", "true"))
                .setAllocatable(allocatable)
                .setAllocated(allocated)
                .setTaints(List.of(taints))
                .build();
    }

    private static Taint taint(String key, String value, String effect) {
        return Taint.newBuilder().setKey(key).setValue(value).setEffect(effect).build();
    }
}
