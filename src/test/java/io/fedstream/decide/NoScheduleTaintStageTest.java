package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Taint;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cluster that gets a NoSchedule taint while it runs a share, on the whole topology: as Karmada's TaintToleration
 * filter ({@code taint_toleration.go} {@code Filter}) lets through the clusters already in the binding, a re-scale or a
 * policy change schedules again with that cluster's share kept where it runs, and only a cluster new to the workload is
 * kept off by the taint.
 */
class NoScheduleTaintStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final Taint NO_SCHEDULE = Taint.newBuilder().setKey("maintenance").setEffect("NoSchedule").build();

    private static final String DYNAMIC = """
            clusterAffinity: {clusterNames: [member1, member2]}
            replicaScheduling: {replicaSchedulingType: Divided, weightPreference: {dynamicWeight: AvailableReplicas}}
            """;
    private static final String STATIC = """
            clusterAffinity: {clusterNames: [member1, member2]}
            replicaScheduling:
              replicaSchedulingType: Divided
              weightPreference:
                staticWeightList:
                  - {targetCluster: {clusterNames: [member1]}, weight: 1}
                  - {targetCluster: {clusterNames: [member2]}, weight: 1}
            """;
    private static final String DUPLICATED = """
            clusterAffinity: {clusterNames: [member1, member2]}
            replicaScheduling: {replicaSchedulingType: Duplicated}
            """;

    private static ClusterTarget target(String cluster, long replicas) {
        return new ClusterTarget(cluster, replicas, List.of());
    }

    private List<ClusterTarget> placed() {
        return fleet.binding(WEB).getPlacement().getClusters();
    }

    private List<String> commands() {
        return fleet.commandsFor(WEB).stream().map(c -> c.getAction() + " " + c.getSourceCluster()).toList();
    }

    /** member1, member2 and member3, alike, the workload placed under {@code placement}; then member1 is tainted NoSchedule. */
    private void placedThenTainted(String placement, int replicas) {
        fleet = new FleetDriver(stateDir).cluster("member1", "16", "64Gi").cluster("member2", "16", "64Gi")
                .cluster("member3", "16", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, webPolicyPlacing(placement)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", replicas, "1");
        fleet.roomChanges();
        fleet.cluster("member1", "16", "64Gi", Map.of(), NO_SCHEDULE).advance(Duration.ofSeconds(1));
    }

    @Test
    void aDynamicallyDividedWorkloadScaledUpKeepsItsShareOnTheTaintedClusterAndGrowsThere() {
        placedThenTainted(DYNAMIC, 4);
        assertThat(placed()).containsExactly(target("member1", 2), target("member2", 2));

        fleet.deployment("team-a", "web", 6, "1");

        assertThat(placed()).as("Karmada: 3/3, member1 is in the binding").containsExactlyInAnyOrder(target("member1", 3), target("member2", 3));
        assertThat(commands()).as("nothing purged").isEmpty();
        assertThat(fleet.onCluster("member1")).containsExactly(WEB);
    }

    @Test
    void staticWeightsDivideTheNewCountOverTheTaintedClusterToo() {
        placedThenTainted(STATIC, 4);
        assertThat(placed()).containsExactly(target("member1", 2), target("member2", 2));

        fleet.deployment("team-a", "web", 6, "1");

        assertThat(placed()).containsExactlyInAnyOrder(target("member1", 3), target("member2", 3));
        assertThat(commands()).isEmpty();
    }

    @Test
    void aPolicyChangeKeepsTheTaintedClustersShare() {
        placedThenTainted(DYNAMIC, 4);

        fleet.policy(POLICY_KEY, webPolicyPlacing(DYNAMIC.replace("[member1, member2]", "[member1, member2, member3]"))).tick(Duration.ofMillis(100));

        assertThat(placed()).as("both shares run where they are: nothing is missing").containsExactlyInAnyOrder(target("member1", 2),
                target("member2", 2));
        assertThat(commands()).isEmpty();
    }

    @Test
    void aDuplicatedWorkloadKeepsItsCopyOnTheTaintedClusterWhenItsPolicyChanges() {
        placedThenTainted(DUPLICATED, 2);
        assertThat(placed()).extracting(ClusterTarget::getName).containsExactlyInAnyOrder("member1", "member2");

        fleet.policy(POLICY_KEY, webPolicyPlacing(DUPLICATED.replace("[member1, member2]", "[member1, member2, member3]"))).tick(Duration.ofMillis(100));

        assertThat(placed()).as("member3 is added; member1, tainted but in the binding, stays")
                .extracting(ClusterTarget::getName).containsExactlyInAnyOrder("member1", "member2", "member3");
        assertThat(commands()).isEmpty();
    }

    @Test
    void aClusterNewToTheWorkloadIsStillKeptOffByTheTaint() {
        placedThenTainted(DUPLICATED.replace("[member1, member2]", "[member2]"), 2);
        assertThat(placed()).extracting(ClusterTarget::getName).containsExactly("member2");

        fleet.policy(POLICY_KEY, webPolicyPlacing(DUPLICATED)).tick(Duration.ofMillis(100));

        assertThat(placed()).as("member1 runs no copy: its NoSchedule taint keeps it off")
                .extracting(ClusterTarget::getName).containsExactly("member2");
    }
}
