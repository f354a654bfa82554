package io.fedstream.place.stage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Placement;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ReplicaScheduling;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduledPlacementTest {

    @Test
    void aDividedScheduleListsEachClusterWithItsReplicas() {
        Placement divided = new Placement(Placement.Scheduling.DIVIDED,
                List.of(new Placement.Target("m1", 6L), new Placement.Target("m2", 4L), new Placement.Target("m3", 2L)));

        io.fedstream.avro.Placement avro = ScheduledPlacement.of(divided, "scheduler");

        assertThat(avro.getClusters()).containsExactly(new ClusterTarget("m1", 6L), new ClusterTarget("m2", 4L), new ClusterTarget("m3", 2L));
        assertThat(avro.getScheduling()).isEqualTo(ReplicaScheduling.DIVIDED);
        assertThat(avro.getDecidedBy()).isEqualTo("scheduler");
    }

    @Test
    void aDuplicatedScheduleListsTheClustersWithoutReplicas() {
        io.fedstream.avro.Placement avro = ScheduledPlacement.of(Placement.duplicated("m2", "m1"), "failover");

        assertThat(avro.getClusters()).containsExactly(new ClusterTarget("m2", null), new ClusterTarget("m1", null));
        assertThat(avro.getScheduling()).isEqualTo(ReplicaScheduling.DUPLICATED);
    }
}
