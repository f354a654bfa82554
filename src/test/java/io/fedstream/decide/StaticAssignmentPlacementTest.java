package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The scheduler knows the namespace's static assignments: a cluster whose assignment cannot hold the workload's copy is
 * tried after every other candidate, so the workload runs on the next one instead of waiting in the quota queue
 * (docs/placement.md, "Static assignments").
 */
class StaticAssignmentPlacementTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";

    /** dc-1 (64 cpu, the roomiest, so the scheduler's first choice), dc-2 (32) and dc-3 (16); team-a's quota as given. */
    private FleetDriver fleetWithQuota(String staticAssignments) {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"40"},"staticAssignments":%s}}""".formatted(staticAssignments))
                .advance(Duration.ofSeconds(1));
        return fleet;
    }

    @Test
    void aClusterWhoseStaticAssignmentCannotHoldTheWorkloadIsTriedLastSoItRunsOnTheNextCandidate() {
        fleetWithQuota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}}]");

        fleet.deployment("team-a", "web", 2, "1");

        ResourceBinding binding = fleet.binding(WEB);
        assertThat(binding.getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.placement(WEB)).as("dc-1's assignment holds 1 cpu, the workload asks for 2").isEqualTo("dc-2");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "2");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "0");
    }

    @Test
    void theAdmittedUnplacedBindingNamesTheFullAssignments() {
        fleetWithQuota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}},{\"clusterName\":\"dc-3\",\"hard\":{\"cpu\":\"8\"}}]");
        fleet.policy("PropagationPolicy/team-a/nowhere", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"nowhere","namespace":"team-a"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}],
                         "placement":{"clusterAffinity":{"clusterNames":["dc-9"]}}}}""");

        fleet.deployment("team-a", "web", 2, "1");

        ResourceBinding unplaced = fleet.binding(WEB);
        assertThat(unplaced.getPlacement()).isNull();
        assertThat(unplaced.getAdmission().getFullStaticAssignments()).as("dc-3's assignment holds it").containsExactly("dc-1");
    }

    @Test
    void aFullClusterIsStillTriedWhenNoOtherCandidateIsLeftAndTheWorkloadWaitsInTheQueueThere() {
        fleetWithQuota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}}]");
        fleet.policy("PropagationPolicy/team-a/web", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}],
                         "placement":{"spreadConstraints":[{"spreadByField":"cluster","maxGroups":1}],
                                      "clusterAffinity":{"clusterNames":["dc-1"]}}}}""");

        fleet.deployment("team-a", "web", 2, "1");

        ResourceBinding binding = fleet.binding(WEB);
        assertThat(binding.getAdmission().getState()).as("ranked last, not left out: the queue decides").isEqualTo(AdmissionState.REJECTED);
        assertThat(binding.getAdmission().getRequestedPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-1");

        fleet.policy("FederatedResourceQuota/team-a/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"40"},"staticAssignments":[{"clusterName":"dc-1","hard":{"cpu":"2"}}]}}""")
                .advance(Duration.ofSeconds(1));

        assertThat(fleet.binding(WEB).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
    }

    @Test
    void aClusterWhoseAssignmentHoldsTheWorkloadKeepsItsRank() {
        fleetWithQuota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"2\"}}]");

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.binding(WEB).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
    }
}
