package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Multi-cluster placement and a failover's choice of target honour the static-assignment note as the one-cluster
 * placer does: a cluster whose assignment cannot hold the workload gets no share while the others can take it, and is
 * the last migration candidate (docs/placement.md, "Static assignments").
 */
class StaticAssignmentSharesTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";

    private void quota(String staticAssignments) {
        fleet.policy("FederatedResourceQuota/team-a/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"40"},"staticAssignments":%s}}""".formatted(staticAssignments));
    }

    private void policy(String placement) {
        fleet.policy(POLICY_KEY, """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
                """ + placement.indent(2)).advance(Duration.ofSeconds(1));
    }

    private static ClusterTarget target(String cluster, Integer replicas) {
        return new ClusterTarget(cluster, replicas == null ? null : replicas.longValue(), List.of());
    }

    private MigrationCommand migrate() {
        return fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE).findFirst().orElseThrow();
    }

    @Test
    void aDividedWorkloadGivesAFullAssignmentNoShareWhileTheOtherClustersTakeTheReplicas() {
        fleet = FleetDriver.threeClusters(stateDir);
        quota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}}]");
        policy("""
                placement:
                  replicaScheduling:
                    replicaSchedulingType: Divided
                    weightPreference:
                      staticWeightList:
                        - {targetCluster: {clusterNames: [dc-1]}, weight: 2}
                        - {targetCluster: {clusterNames: [dc-2, dc-3]}, weight: 1}
                """);

        fleet.deployment("team-a", "web", 4, "1");

        assertThat(fleet.binding(WEB).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).as("dc-1 would take 2 cpu where its assignment holds 1")
                .containsExactly(target("dc-2", 2), target("dc-3", 2));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "0"));
    }

    @Test
    void aBoundedDuplicatedWorkloadReplacesTheCopyOnAFullAssignmentWithAnotherCluster() {
        fleet = FleetDriver.threeClusters(stateDir);
        quota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}}]");
        policy("""
                placement:
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """);

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.binding(WEB).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).as("dc-1 and dc-2 without the note")
                .containsExactly(target("dc-2", null), target("dc-3", null));
    }

    @Test
    void anUnboundedDuplicatedWorkloadKeepsItsCopyOnAFullAssignmentAndWaitsInTheQueue() {
        fleet = FleetDriver.threeClusters(stateDir);
        quota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}}]");
        policy("""
                placement:
                  clusterAffinity: {clusterNames: [dc-1, dc-2, dc-3]}
                """);

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.binding(WEB).getAdmission().getState()).as("a copy is replaced, never dropped").isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(WEB).getAdmission().getRequestedPlacement().getClusters()).extracting(ClusterTarget::getName)
                .containsExactlyInAnyOrder("dc-1", "dc-2", "dc-3");
    }

    @Test
    void aDividedWorkloadThatNoOtherClustersCanHoldStillGetsAShareOnTheFullAssignment() {
        fleet = FleetDriver.threeClusters(stateDir);
        quota("[{\"clusterName\":\"dc-1\",\"hard\":{\"cpu\":\"1\"}}]");
        policy("""
                placement:
                  clusterAffinity: {clusterNames: [dc-1, dc-2]}
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2}]
                  replicaScheduling:
                    replicaSchedulingType: Divided
                    replicaDivisionPreference: Weighted
                    weightPreference: {dynamicWeight: AvailableReplicas}
                """);

        fleet.deployment("team-a", "web", 4, "1");

        assertThat(fleet.binding(WEB).getAdmission().getState()).as("ranked last, not left out").isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(WEB).getAdmission().getRequestedPlacement().getClusters()).extracting(ClusterTarget::getName)
                .containsExactlyInAnyOrder("dc-1", "dc-2");
    }

    @Test
    void aFailoverTriesAFullAssignmentAfterEveryOtherCandidateAndThePlacedBindingNamesIt() {
        fleet = FleetDriver.threeClusters(stateDir);
        quota("[{\"clusterName\":\"dc-2\",\"hard\":{\"cpu\":\"1\"}}]");
        fleet.advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.binding(WEB).getAdmission().getFullStaticAssignments()).as("outside its placement").containsExactly("dc-2");

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        MigrationCommand command = migrate();
        assertThat(command.getTargetCluster()).as("dc-2, the roomier, cannot hold it within its assignment").isEqualTo("dc-3");
        assertThat(command.getRemainingCandidates()).containsExactly("dc-2");
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-3");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "0"));
    }

    @Test
    void aMovedCopyOfADuplicatedWorkloadGoesToACandidateWhoseAssignmentHoldsIt() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "16", "256Gi")
                .cluster("dc-4", "8", "256Gi").advance(Duration.ofSeconds(1));
        quota("[{\"clusterName\":\"dc-3\",\"hard\":{\"cpu\":\"1\"}}]");
        policy("""
                placement:
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                """);
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).containsExactly(target("dc-1", null), target("dc-2", null));

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        MigrationCommand command = migrate();
        assertThat(command.getTargetCluster()).as("dc-3 would be next by room; its assignment holds 1 cpu").isEqualTo("dc-4");
        assertThat(command.getRemainingCandidates()).containsExactly("dc-3");
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).containsExactly(target("dc-4", null), target("dc-2", null));
        assertThat(fleet.binding(WEB).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
    }
}
