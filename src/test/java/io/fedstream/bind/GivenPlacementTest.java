package io.fedstream.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.interpret.ComponentRequirement;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A placement given with the workload that lists each cluster's pods per component must match the workload's components. */
class GivenPlacementTest {

    /** A master and three workers. */
    private static final List<ComponentRequirement> JOB = List.of(component("master", 1), component("worker", 3));

    private static ComponentRequirement component(String name, long replicas) {
        return new ComponentRequirement(name, replicas, null, null, Resources.NONE, Resources.NONE, Resources.NONE, Resources.NONE);
    }

    private static Placement placement(ReplicaScheduling scheduling, ClusterTarget... clusters) {
        return Placement.newBuilder().setScheduling(scheduling).setDecidedBy("user").setClusters(List.of(clusters)).build();
    }

    private static ClusterTarget cluster(String name, Long replicas, ComponentShare... shares) {
        return new ClusterTarget(name, replicas, List.of(shares));
    }

    private static List<String> problems(Placement placement) {
        return GivenPlacement.problems(placement, JOB).stream().map(FieldError::message).toList();
    }

    @Test
    void sharesThatAddUpToEachComponentsReplicasHold() {
        assertThat(problems(placement(ReplicaScheduling.DIVIDED,
                cluster("dc-1", 2L, new ComponentShare("master", 1L), new ComponentShare("worker", 1L)),
                cluster("dc-2", null, new ComponentShare("worker", 2L))))).isEmpty();
    }

    @Test
    void aPlacementListingNoComponentIsNotChecked() {
        assertThat(problems(placement(ReplicaScheduling.DIVIDED, cluster("dc-1", 7L), cluster("dc-2", 1L)))).isEmpty();
        assertThat(GivenPlacement.problems(null, JOB)).isEmpty();
    }

    @Test
    void anUnknownComponentOrANegativeCountIsNamedWithItsField() {
        assertThat(problems(placement(ReplicaScheduling.DIVIDED,
                cluster("dc-1", null, new ComponentShare("master", 1L), new ComponentShare("chief", 1L)),
                cluster("dc-2", null, new ComponentShare("worker", -1L), new ComponentShare("worker", 3L))))).containsExactly(
                "placement.clusters[0].components[1].name: is not a component of the workload (its components: master, worker) (value: chief)",
                "placement.clusters[1].components[0].replicas: must not be negative (value: -1)");
    }

    @Test
    void componentTotalsThatDoNotAddUpAreNamed() {
        assertThat(problems(placement(ReplicaScheduling.DIVIDED,
                cluster("dc-1", 2L, new ComponentShare("master", 1L), new ComponentShare("worker", 1L)),
                cluster("dc-2", 1L, new ComponentShare("worker", 1L))))).containsExactly(
                "placement.clusters[].components[worker].replicas: the clusters' pods of worker must add up to its replicas (3) (value: 2)");
        assertThat(problems(placement(ReplicaScheduling.DIVIDED, cluster("dc-1", 3L, new ComponentShare("worker", 3L)))))
                .as("a component no cluster lists").containsExactly(
                "placement.clusters[].components[master].replicas: the clusters' pods of master must add up to its replicas (1) (value: 0)");
    }

    @Test
    void aClustersReplicasMustBeTheSumOfItsComponentsPods() {
        assertThat(problems(placement(ReplicaScheduling.DIVIDED,
                cluster("dc-1", 3L, new ComponentShare("master", 1L), new ComponentShare("worker", 1L)),
                cluster("dc-2", 2L, new ComponentShare("worker", 2L))))).containsExactly(
                "placement.clusters[0].replicas: is not the sum of its components' pods (2) (value: 3)");
    }

    @Test
    void onlyADividedPlacementListsComponents() {
        assertThat(problems(placement(ReplicaScheduling.DUPLICATED,
                cluster("dc-1", null, new ComponentShare("master", 1L), new ComponentShare("worker", 3L))))).containsExactly(
                "placement.scheduling: only a DIVIDED placement lists each cluster's pods per component (clusters[].components) (value: DUPLICATED)");
    }
}
