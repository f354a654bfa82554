package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.InterpretationError;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A placement given with the workload that lists each cluster's pods per component, on the whole topology: taken and
 * charged as written when it matches the workload's components; otherwise the version is refused with the problem named
 * (field and value), places nothing and is charged nothing, instead of being fitted silently.
 */
class GivenComponentSharesStageTest extends FleetStageTest {

    private static final String JOB = "kubeflow.org/PyTorchJob/team-a/train";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"}}}""";
    /** One Master of 4 cpu and 3 Workers of 1 cpu. */
    private static final String PYTORCH = """
            {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"train","namespace":"team-a"},
             "spec":{"pytorchReplicaSpecs":{
               "Master":{"replicas":1,"template":{"spec":{"containers":[
                 {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"4","memory":"1Gi"}}}]}}},
               "Worker":{"replicas":3,"template":{"spec":{"containers":[
                 {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}}}}}}""";

    private static Placement given(ClusterTarget... clusters) {
        return Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED).setDecidedBy("user").setClusters(List.of(clusters)).build();
    }

    private static ClusterTarget cluster(String name, long replicas, ComponentShare... shares) {
        return new ClusterTarget(name, replicas, List.of(shares));
    }

    @Test
    void sharesThatMatchTheWorkloadAreTakenAndChargedAsWritten() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).advance(Duration.ofSeconds(1));

        fleet.placedWorkload(JOB, PYTORCH, given(cluster("dc-1", 1, new ComponentShare("worker", 1L)),
                cluster("dc-2", 3, new ComponentShare("master", 1L), new ComponentShare("worker", 2L))));

        ResourceBinding binding = fleet.binding(JOB);
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INTERPRETED);
        assertThat(binding.getPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-1", "dc-2");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "1");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).as("the master's 4 cpu and two workers'").containsEntry("cpu", "6");
    }

    @Test
    void sharesThatDoNotMatchTheWorkloadRefuseTheVersionNamingFieldAndValue() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).advance(Duration.ofSeconds(1));

        fleet.placedWorkload(JOB, PYTORCH, given(cluster("dc-1", 2, new ComponentShare("chief", 1L), new ComponentShare("worker", 1L)),
                cluster("dc-2", 2, new ComponentShare("worker", 2L))));

        ResourceBinding binding = fleet.binding(JOB);
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INVALID);
        assertThat(binding.getInterpretation().getErrors()).extracting(InterpretationError::getField, InterpretationError::getValue,
                InterpretationError::getReason).containsExactly(org.assertj.core.groups.Tuple.tuple("placement.clusters[0].components[0].name",
                "chief", "is not a component of the workload (its components: master, worker)"));
        assertThat(binding.getPlacement()).as("a refused placement places nothing").isNull();
        assertThat(binding.getAdmission().getState()).isNotEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.usedOn("team-a/q", "dc-1")).isEmpty();
        assertThat(fleet.usedOn("team-a/q", "dc-2")).isEmpty();

        // Totals that do not add up: 3 workers, 4 listed.
        fleet.placedWorkload(JOB, PYTORCH, given(cluster("dc-1", 3, new ComponentShare("master", 1L), new ComponentShare("worker", 2L)),
                cluster("dc-2", 2, new ComponentShare("worker", 2L))));
        assertThat(fleet.binding(JOB).getInterpretation().getErrors()).extracting(InterpretationError::getField, InterpretationError::getValue,
                InterpretationError::getReason).containsExactly(org.assertj.core.groups.Tuple.tuple("placement.clusters[].components[worker].replicas",
                "4", "the clusters' pods of worker must add up to its replicas (3)"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).isEmpty();
    }
}
