package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A Divided workload of several components on the whole topology: the binding lists each component's pods per cluster
 * ({@code clusters[].components}), the quota charges each cluster exactly what its pods request, and a failed cluster's
 * share is re-divided or moved like a one-component share instead of being held.
 */
class ComponentSharesStageTest extends FleetStageTest {

    private static final String JOB = "kubeflow.org/PyTorchJob/team-a/train";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/train";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"}}}""";

    private static String policy(String placement) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: train, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: kubeflow.org/v1, kind: PyTorchJob, name: train}]
                """ + placement.indent(2);
    }

    /** A PyTorchJob: one Master of {@code masterCpu} cpu and {@code workers} Workers of 1 cpu. */
    private static String pytorch(int masterCpu, int workers) {
        return """
                {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"train","namespace":"team-a"},
                 "spec":{"pytorchReplicaSpecs":{
                   "Master":{"replicas":1,"template":{"spec":{"containers":[
                     {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"%d","memory":"1Gi"}}}]}}},
                   "Worker":{"replicas":%d,"template":{"spec":{"containers":[
                     {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}}}}}}"""
                .formatted(masterCpu, workers);
    }

    /** Each cluster as {@code name replicas [component=pods, ...]}. */
    private List<String> clusters() {
        Placement placement = fleet.binding(JOB).getPlacement();
        return placement.getClusters().stream().map(ComponentSharesStageTest::describe).toList();
    }

    private static String describe(ClusterTarget target) {
        return target.getName() + " " + target.getReplicas() + " " + target.getComponents().stream()
                .map(c -> c.getName() + "=" + c.getReplicas()).collect(Collectors.joining(", ", "[", "]"));
    }

    private AuditEvent audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).findFirst().orElseThrow();
    }

    @Test
    void staticWeightsListEachComponentsShareChargeEachClusterExactlyAndAFailedShareIsReDivided() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, policy("""
                placement:
                  replicaScheduling:
                    replicaSchedulingType: Divided
                    weightPreference:
                      staticWeightList:
                        - {targetCluster: {clusterNames: [dc-1, dc-2, dc-3]}, weight: 1}
                """)).advance(Duration.ofSeconds(1));
        fleet.workload(JOB, pytorch(4, 3));

        assertThat(fleet.binding(JOB).getPlacement().getScheduling()).isEqualTo(ReplicaScheduling.DIVIDED);
        assertThat(clusters()).containsExactly("dc-1 2 [master=1, worker=1]", "dc-2 1 [worker=1]", "dc-3 1 [worker=1]");
        assertThat(fleet.binding(JOB).getAdmission().getCharged()).containsEntry("cpu", "7");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("the master's 4 cpu and one worker's 1, not 2/4 of the 7 cpu")
                .containsEntry("cpu", "5");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "1");
        assertThat(fleet.usedOn("team-a/q", "dc-3")).containsEntry("cpu", "1");
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.decisions(JOB)).containsOnlyOnce("SHARES_REDIVIDED").doesNotContain("MIGRATION_HELD");
        assertThat(clusters()).as("1 master and 3 workers over the weights 1:1 of the clusters left")
                .containsExactly("dc-2 3 [master=1, worker=2]", "dc-3 1 [worker=1]");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster() + " "
                        + r.components().stream().map(c -> c.name() + "=" + c.replicas()).sorted().toList())
                .as("dc-2 reserves its growth, a master and a worker; the failed share's room goes back")
                .containsExactlyInAnyOrder("RESERVE dc-2 [master=1, worker=1]", "RELEASE dc-1 []");
        assertThat(audited("SHARES_REDIVIDED").getReason()).isEqualTo("the share on dc-1 (2 pods) leaves the placement and the"
                + " re-schedule divides anew: dc-2 1 -> 3 pods (2 reserved), dc-3 1 -> 1 pods; "
                + "its copy is purged once the workload is healthy where it runs now, or gracePeriodSeconds 600 after");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "6");
        assertThat(fleet.usedOn("team-a/q", "dc-3")).containsEntry("cpu", "1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).isEmpty();
        assertThat(fleet.binding(JOB).getAdmission().getCharged()).containsEntry("cpu", "7");

        fleet.status(JOB, "dc-2", null, null);
        assertThat(fleet.commandsFor(JOB)).extracting(c -> c.getAction() + " " + c.getSourceCluster()).containsExactly("PURGE dc-1");
    }

    @Test
    void aFailedShareOfSeveralComponentsThatFitsOneNewClusterMovesThereWithOneCommand() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "3500m", "64Gi").cluster("dc-2", "3500m", "64Gi").cluster("dc-3", "3500m", "64Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, policy("""
                placement:
                  spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
                  replicaScheduling:
                    replicaSchedulingType: Divided
                    weightPreference: {dynamicWeight: AvailableReplicas}
                """)).advance(Duration.ofSeconds(1));
        // A master of 2 cpu and 2 workers of 1 cpu: one replica (a master and a worker) is 3 cpu, one fits each 3.5-cpu cluster, and a cluster
        // running a worker has no room for another replica.
        fleet.workload(JOB, pytorch(2, 2));
        assertThat(clusters()).containsExactly("dc-1 2 [master=1, worker=1]", "dc-2 1 [worker=1]");
        fleet.roomChanges();

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.decisions(JOB)).contains("MIGRATION_ISSUED").doesNotContain("MIGRATION_HELD", "SHARES_REDIVIDED");
        assertThat(fleet.roomChanges()).extracting(r -> r.kind() + " " + r.cluster() + " "
                        + r.components().stream().map(c -> c.name() + "=" + c.replicas()).sorted().toList())
                .as("the failed share's room, a master and a worker, asked of the new cluster").containsExactly("RESERVE dc-3 [master=1, worker=1]");
        var command = fleet.commandsFor(JOB).get(0);
        assertThat(command.getAction()).isEqualTo(MigrationAction.MIGRATE);
        assertThat(command.getSourceCluster() + "->" + command.getTargetCluster()).isEqualTo("dc-1->dc-3");
        assertThat(command.getTargetReplicas()).as("the share's pods per component, though no override rule applies on dc-3")
                .isEqualTo(Map.of("master", 1L, "worker", 1L));
        assertThat(command.getTargetManifest()).isNull();

        fleet.report(command, io.fedstream.avro.MigrationPhase.COMPLETED, null);

        assertThat(clusters()).as("the share moved whole: dc-3 in dc-1's place").containsExactly("dc-3 2 [master=1, worker=1]", "dc-2 1 [worker=1]");
        assertThat(fleet.usedOn("team-a/q", "dc-3")).containsEntry("cpu", "3");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).isEmpty();
    }

    @Test
    void aPlacementGivenWithoutEachComponentsShareIsChargedInProportionAndItsFailedShareIsHeldSayingWhy() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, policy("""
                placement:
                  replicaScheduling: {replicaSchedulingType: Divided}
                """)).advance(Duration.ofSeconds(1));
        fleet.placedWorkload(JOB, pytorch(4, 3), Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED).setClusters(List.of(
                new ClusterTarget("dc-1", 2L, List.of()), new ClusterTarget("dc-2", 2L, List.of()))).build());
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("which pods run where is not said: 7 cpu split 2:2").containsEntry("cpu", "3500m");

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        assertThat(fleet.decisions(JOB)).containsOnlyOnce("MIGRATION_HELD");
        assertThat(audited("MIGRATION_HELD").getReason()).isEqualTo("its share stays on dc-1: its placement does not list each"
                + " component's share (placement.clusters[].components); the other clusters keep running");
        assertThat(clusters()).containsExactly("dc-1 2 []", "dc-2 2 []");
    }
}
