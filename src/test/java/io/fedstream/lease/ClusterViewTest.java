package io.fedstream.lease;

import static io.fedstream.lease.Rooms.quantities;
import static io.fedstream.lease.Rooms.room;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.HeartbeatRefusal;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClusterViewTest {

    private static final Instant AT = Instant.parse("2027-01-15T08:00:00Z");

    @Test
    void aReadyClusterWithAHeartbeatCanGrantItsRoom() {
        ClusterView view = ClusterView.of("member1", watch(ClusterState.READY).setHeartbeat(heartbeat("16", "4")).build());

        assertThat(view).isEqualTo(new ClusterView(ClusterState.READY, null, room("cpu", "16", "pods", "110"), room("cpu", "4")));
        assertThat(view.grantable()).isTrue();
    }

    @Test
    void aClusterThatIsNotReadySaysItsStateAndReason() {
        ClusterView view = ClusterView.of("member1", watch(ClusterState.SUSPECT).setHeartbeat(heartbeat("16", "4")).build());

        assertThat(view.grantable()).isFalse();
        assertThat(view.why()).isEqualTo("cluster member1 is SUSPECT (HeartbeatMissed)");
    }

    @Test
    void aClusterWithoutAValidHeartbeatSaysWhy() {
        assertThat(ClusterView.of("member1", watch(ClusterState.READY).build()).why())
                .isEqualTo("cluster member1 has not reported a heartbeat");
        assertThat(ClusterView.of("member1", watch(ClusterState.READY).setRefusal(HeartbeatRefusal.newBuilder().setRefusedAt(AT)
                        .setHeartbeatAt(AT).setField("allocatable.cpu").setValue("-4")
                        .setMessage("allocatable.cpu: must not be negative (value: -4)").build()).build()).why())
                .isEqualTo("cluster member1: its last heartbeat was refused: allocatable.cpu: must not be negative (value: -4)");
        assertThat(ClusterView.of("member1", watch(ClusterState.READY).setHeartbeat(heartbeat("lots", "4")).build()).why())
                .startsWith("cluster member1 reported a bad heartbeat: allocatable.cpu");
        assertThat(ClusterView.of("member1", null)).isEqualTo(new ClusterView(null, "no view of cluster member1 yet", Resources.NONE,
                Resources.NONE));
    }

    private static ClusterWatch.Builder watch(ClusterState state) {
        return ClusterWatch.newBuilder().setCluster("member1").setState(state)
                .setReason(state == ClusterState.READY ? "Joined" : "HeartbeatMissed").setSince(AT);
    }

    private static ClusterHealthEvent heartbeat(String cpu, String allocatedCpu) {
        return ClusterHealthEvent.newBuilder().setCluster("member1").setHeartbeatAt(AT)
                .setAllocatable(quantities("cpu", cpu, "pods", "110")).setAllocated(quantities("cpu", allocatedCpu)).build();
    }
}
