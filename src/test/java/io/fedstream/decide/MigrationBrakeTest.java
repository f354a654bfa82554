package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.health.stage.WatchClustersStage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The migration brake through both clients' topologies: when half the fleet goes silent together, fedstream suspects
 * itself or the network and issues no command; one silent cluster fails over as always; the brake releases when the
 * clusters come back, and a cluster still FAILED then fails over.
 */
class MigrationBrakeTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String TOLERATING_UNREACHABLE_FOR_ZERO_SECONDS = webPolicyPlacing("""
            spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
            clusterTolerations:
              - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 0}
            """);

    /** dc-1 is the roomiest, so the workload lands there; dc-2 and dc-3 remain. */
    private FleetDriver threeClustersWithAWorkloadOnDc1() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        return fleet;
    }

    @Test
    void twoOfThreeClustersSilentTogetherHoldTheBrakeAndNoCommandIsIssued() {
        threeClustersWithAWorkloadOnDc1().silence("dc-1").silence("dc-2").advance(Duration.ofSeconds(30));

        assertThat(fleet.stateChanges("dc-1")).contains("SUSPECT", "FAILED");
        assertThat(fleet.stateChanges("dc-2")).contains("SUSPECT", "FAILED");
        assertThat(fleet.commands).as("the brake holds: no migration command at all").isEmpty();
        assertThat(brakeDecisions()).containsExactly("BRAKE_ENGAGED");
        AuditEvent engaged = fleet.audit.stream().filter(a -> a.getDecision().equals("BRAKE_ENGAGED")).findFirst().orElseThrow();
        assertThat(engaged.getReason()).isEqualTo("MassFailure");
        assertThat(engaged.getDetails()).contains("\"clusters\":[\"dc-1\",\"dc-2\"]", "\"knownClusters\":3");
        assertThat(fleet.states).filteredOn(s -> s.getState() == ClusterState.FAILED)
                .allSatisfy(failed -> assertThat(failed.getBrake()).as("every FAILED transition carries the brake").isNotNull());
        ClusterWatch view = fleet.<ClusterWatch>store(TaskClusterViews.STORE).get("dc-3");
        assertThat(view.getBrake().getClusters()).as("the cluster views, and so get clusters, show it").containsExactly("dc-1", "dc-2");
        assertThat(fleet.<ClusterWatch>store(WatchClustersStage.STORE).get("dc-1").getBrake()).isNotNull();
    }

    @Test
    void aWorkloadToleratingUnreachableForZeroSecondsWaitsForTheBrakesVerdict() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", TOLERATING_UNREACHABLE_FOR_ZERO_SECONDS);
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");

        // dc-2 goes silent 2 s after dc-1, so it turns SUSPECT within one failure window (3 s) of dc-1.
        fleet.silence("dc-1").advance(Duration.ofSeconds(2)).silence("dc-2").advance(Duration.ofSeconds(20));

        assertThat(fleet.stateChanges("dc-1")).contains("SUSPECT", "FAILED");
        assertThat(brakeDecisions()).containsExactly("BRAKE_ENGAGED");
        assertThat(fleet.commands).as("tolerated for 0 s, yet nothing moves before the brake could have engaged").isEmpty();
    }

    @Test
    void oneSilentClustersWorkloadToleratingUnreachableForZeroSecondsLeavesOneFailureWindowAfterSuspect() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", TOLERATING_UNREACHABLE_FOR_ZERO_SECONDS);
        fleet.deployment("team-a", "web", 2, "1");

        fleet.silence("dc-1").advance(Duration.ofSeconds(12));

        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        long suspectAt = fleet.states.stream().filter(s -> s.getCluster().equals("dc-1") && s.getState() == ClusterState.SUSPECT)
                .findFirst().orElseThrow().getTransitionAt().toEpochMilli();
        assertThat(command.getIssuedAt().toEpochMilli() - suspectAt).as("issued one failure window (3 s) after SUSPECT")
                .isBetween(3_000L, 4_000L);
    }

    @Test
    void oneOfThreeClustersSilentFailsOverWithoutTheBrake() {
        threeClustersWithAWorkloadOnDc1().silence("dc-1").advance(Duration.ofSeconds(17));

        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.commandsFor(WEB)).singleElement().extracting(MigrationCommand::getTargetCluster).isEqualTo("dc-2");
        assertThat(brakeDecisions()).isEmpty();
        assertThat(fleet.<ClusterWatch>store(TaskClusterViews.STORE).get("dc-2").getBrake()).isNull();
    }

    @Test
    void theBrakeReleasesWhenTheClustersComeBackAndAClusterStillFailedThenFailsOver() {
        threeClustersWithAWorkloadOnDc1().silence("dc-1").silence("dc-2").advance(Duration.ofSeconds(20));
        assertThat(fleet.commands).isEmpty();

        fleet.cluster("dc-2", "32", "256Gi").advance(Duration.ofSeconds(3));

        assertThat(brakeDecisions()).containsExactly("BRAKE_ENGAGED", "BRAKE_RELEASED");
        assertThat(fleet.<ClusterWatch>store(TaskClusterViews.STORE).get("dc-3").getBrake()).isNull();
        assertThat(fleet.commandsFor(WEB)).as("dc-1 is still FAILED: once the brake releases, its workload moves")
                .singleElement().satisfies(command -> {
                    assertThat(command.getSourceCluster()).isEqualTo("dc-1");
                    assertThat(command.getTargetCluster()).isIn("dc-2", "dc-3");
                });
    }

    @Test
    void bothClustersBackReleaseTheBrakeWithoutAnyCommand() {
        threeClustersWithAWorkloadOnDc1().silence("dc-1").silence("dc-2").advance(Duration.ofSeconds(20));

        fleet.cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").advance(Duration.ofSeconds(20));

        assertThat(brakeDecisions()).containsExactly("BRAKE_ENGAGED", "BRAKE_RELEASED");
        assertThat(fleet.stateChanges("dc-1")).contains("RECOVERING", "READY");
        assertThat(fleet.commands).isEmpty();
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
    }

    private java.util.List<String> brakeDecisions() {
        return fleet.audit.stream().map(AuditEvent::getDecision).filter(d -> d.startsWith("BRAKE_")).toList();
    }
}
