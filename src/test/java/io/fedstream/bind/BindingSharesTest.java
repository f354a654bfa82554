package io.fedstream.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestBindings;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BindingSharesTest {

    /** jobmanager 1, taskmanager 4. */
    private static final ResourceBinding FLINK = TestBindings.flink("flink.apache.org", "team-a", "orders");

    private static Placement divided(ClusterTarget... targets) {
        return Placement.newBuilder().setClusters(List.of(targets)).setScheduling(ReplicaScheduling.DIVIDED).build();
    }

    private static ClusterTarget target(String cluster, long replicas, ComponentShare... components) {
        return new ClusterTarget(cluster, replicas, List.of(components));
    }

    @Test
    void theListedSharesAreReadInPlacementOrder() {
        Placement placement = divided(target("m1", 3, new ComponentShare("jobmanager", 1L), new ComponentShare("taskmanager", 2L)),
                target("m2", 2, new ComponentShare("taskmanager", 2L)));

        BindingShares.Listed listed = BindingShares.of(FLINK, placement);

        assertThat(BindingShares.lists(placement)).isTrue();
        assertThat(listed.problem()).isNull();
        assertThat(listed.shares()).containsExactly(Map.of("jobmanager", 1L, "taskmanager", 2L), Map.of("taskmanager", 2L));
    }

    @Test
    void aPlacementWithoutTheListSaysSo() {
        Placement placement = divided(target("m1", 3), target("m2", 2));

        assertThat(BindingShares.lists(placement)).isFalse();
        assertThat(BindingShares.of(FLINK, placement)).isEqualTo(new BindingShares.Listed(null,
                "its placement does not list each component's share (placement.clusters[].components)"));
    }

    @Test
    void aNegativeListedCountIsAProblemNamingTheFieldAndValue() {
        Placement placement = divided(target("m1", 3, new ComponentShare("jobmanager", 1L)),
                target("m2", 2, new ComponentShare("jobmanager", 0L), new ComponentShare("taskmanager", -2L)));

        assertThat(BindingShares.of(FLINK, placement).problem())
                .isEqualTo("placement.clusters[1].components[1].replicas must not be negative (value: -2)");
    }

    @Test
    void aDividedTargetListsComponentsOnlyForAWorkloadOfSeveral() {
        ResourceBinding one = ResourceBinding.newBuilder(FLINK).setComponents(List.of(FLINK.getComponents().get(1))).build();

        assertThat(BindingShares.divided(FLINK, "m1", Map.of("taskmanager", 2L, "jobmanager", 1L))).isEqualTo(
                target("m1", 3, new ComponentShare("jobmanager", 1L), new ComponentShare("taskmanager", 2L)));
        assertThat(BindingShares.divided(one, "m1", Map.of("taskmanager", 2L))).isEqualTo(target("m1", 2));
    }
}
