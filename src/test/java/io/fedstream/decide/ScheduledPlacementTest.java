package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Placement;
import io.fedstream.api.TestBindings;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ScheduleResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScheduledPlacementTest {

    /** jobmanager 1, taskmanager 4. */
    private static final ResourceBinding FLINK = TestBindings.flink("flink.apache.org", "team-a", "orders");
    private static final ResourceBinding ONE_COMPONENT = ResourceBinding.newBuilder(FLINK).setComponents(List.of(FLINK.getComponents().get(1))).build();

    private static ScheduleResult.Target target(String cluster, Map<String, Long> components) {
        return new ScheduleResult.Target(cluster, components);
    }

    @Test
    void aDividedScheduleOfOneComponentListsEachClusterWithItsReplicas() {
        io.fedstream.avro.Placement avro = ScheduledPlacement.of(ONE_COMPONENT, Placement.Scheduling.DIVIDED, List.of(
                target("m1", Map.of("taskmanager", 6L)), target("m2", Map.of("taskmanager", 4L)), target("m3", Map.of("taskmanager", 2L))),
                "scheduler", null);

        assertThat(avro.getClusters()).containsExactly(new ClusterTarget("m1", 6L, List.of()), new ClusterTarget("m2", 4L, List.of()),
                new ClusterTarget("m3", 2L, List.of()));
        assertThat(avro.getScheduling()).isEqualTo(ReplicaScheduling.DIVIDED);
        assertThat(avro.getDecidedBy()).isEqualTo("scheduler");
    }

    @Test
    void aDividedScheduleOfSeveralComponentsListsEachComponentsPodsInTheBindingsOrder() {
        io.fedstream.avro.Placement avro = ScheduledPlacement.of(FLINK, Placement.Scheduling.DIVIDED, List.of(
                target("m1", Map.of("taskmanager", 2L, "jobmanager", 1L)), target("m2", Map.of("taskmanager", 2L))),
                "scheduler", null);

        assertThat(avro.getClusters()).containsExactly(
                new ClusterTarget("m1", 3L, List.of(new ComponentShare("jobmanager", 1L), new ComponentShare("taskmanager", 2L))),
                new ClusterTarget("m2", 2L, List.of(new ComponentShare("taskmanager", 2L))));
    }

    @Test
    void aDuplicatedScheduleListsTheClustersWithoutReplicas() {
        Map<String, Long> all = Map.of("jobmanager", 1L, "taskmanager", 4L);
        io.fedstream.avro.Placement avro = ScheduledPlacement.of(FLINK, Placement.Scheduling.DUPLICATED,
                List.of(target("m2", all), target("m1", all)), "failover", null);

        assertThat(avro.getClusters()).containsExactly(new ClusterTarget("m2", null, List.of()), new ClusterTarget("m1", null, List.of()));
        assertThat(avro.getScheduling()).isEqualTo(ReplicaScheduling.DUPLICATED);
    }

    @Test
    void aComponentOfNoReplicasIsStillAComponentOfTheWorkload() {
        Component none = Component.newBuilder(FLINK.getComponents().get(0)).setReplicas(0).build();
        ResourceBinding binding = ResourceBinding.newBuilder(FLINK).setComponents(List.of(none, FLINK.getComponents().get(1))).build();

        io.fedstream.avro.Placement avro = ScheduledPlacement.of(binding, Placement.Scheduling.DIVIDED,
                List.of(target("m1", Map.of("taskmanager", 3L)), target("m2", Map.of("taskmanager", 1L))), "scheduler",
                null);

        assertThat(avro.getClusters()).extracting(ClusterTarget::getComponents).containsExactly(
                List.of(new ComponentShare("taskmanager", 3L)), List.of(new ComponentShare("taskmanager", 1L)));
    }
}
