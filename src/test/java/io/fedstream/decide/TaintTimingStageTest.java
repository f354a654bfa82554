package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.Taint;
import io.fedstream.health.CarriedTaints;
import io.fedstream.health.stage.WatchClustersStage;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cluster failure timed as Karmada's taint manager times it, on the whole topology: a workload leaves a tainted cluster
 * when its policy's {@code placement.clusterTolerations} stop tolerating the cluster's NoExecute taints (docs/failover.md).
 */
class TaintTimingStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final Taint MAINTENANCE = Taint.newBuilder().setKey("maintenance").setEffect("NoExecute").build();

    /** dc-1 (the roomiest), dc-2 and dc-3 with the given clocks, and the web Deployment placed on dc-1, its policy's spec given. */
    private FleetDriver fleetWithPolicy(Map<String, String> clocks, String spec) {
        fleet = new FleetDriver(stateDir, clocks)
                .cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
        if (spec != null) {
            fleet.policy("PropagationPolicy/team-a/web", """
                    apiVersion: policy.karmada.io/v1alpha1
                    kind: PropagationPolicy
                    metadata: {name: web, namespace: team-a}
                    spec:
                      resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                    %s""".formatted(spec.indent(2).stripTrailing()));
        }
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        return fleet;
    }

    /** The same with a policy that gives only these {@code clusterTolerations} (YAML list items), or no policy for null. */
    private FleetDriver fleet(Map<String, String> clocks, String tolerations) {
        return fleetWithPolicy(clocks, tolerations == null ? null
                : "placement:\n  spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]\n  clusterTolerations:\n" + tolerations.indent(4));
    }

    private FleetDriver fleet(String tolerations) {
        return fleet(Map.of(), tolerations);
    }

    private Duration movedAfter(Instant since) {
        assertThat(fleet.commandsFor(WEB)).singleElement();
        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        assertThat(command.getSourceCluster()).isEqualTo("dc-1");
        return Duration.between(since, command.getIssuedAt());
    }

    @Test
    void notReadyAndUnreachableTolerationsOf60sMoveTheWorkloadAFailureThresholdAnd60sAfterTheLastHeartbeat() {
        // fedstream's defaults: failure threshold 30 s, default toleration 300 s (the user saw the move at 330 s).
        fleet(Map.of("health.failure.threshold.ms", "30000", "health.toleration.ms", "300000"), """
                - {key: cluster.karmada.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
                - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}""");
        Instant lastHeartbeat = fleet.now();

        fleet.silence("dc-1").advance(Duration.ofSeconds(85));
        assertThat(fleet.commandsFor(WEB)).as("30 s threshold + 60 s toleration have not passed").isEmpty();
        ClusterStateEvent suspect = fleet.states.stream().filter(s -> s.getState() == ClusterState.SUSPECT).findFirst().orElseThrow();
        assertThat(suspect.getTaints()).singleElement().satisfies(taint -> {
            assertThat(taint.getKey()).isEqualTo(CarriedTaints.UNREACHABLE);
            assertThat(taint.getEffect()).isEqualTo("NoExecute");
            assertThat(taint.getTimeAdded()).isEqualTo(suspect.getTransitionAt());
        });

        fleet.advance(Duration.ofSeconds(10));

        assertThat(movedAfter(lastHeartbeat)).isBetween(Duration.ofSeconds(90), Duration.ofSeconds(92));
        assertThat(fleet.stateChanges("dc-1")).as("moved while the cluster is SUSPECT, long before FAILED").doesNotContain("FAILED");
    }

    @Test
    void aMoveDueBetweenTwoChecksStartsWithinATenthOfASecondNotAtTheNextCheck() {
        // The default toleration ends half a check interval (1 s here) after FAILED, as a 3 s toleration ends just after
        // FAILED on a fleet with a 3 s failure threshold.
        fleet(Map.of("health.toleration.ms", "3500"), null);
        fleet.silence("dc-1");
        while (!fleet.stateChanges("dc-1").contains("SUSPECT")) {
            fleet.advance(Duration.ofSeconds(1));
        }
        Instant suspect = fleet.states.stream().filter(s -> s.getState() == ClusterState.SUSPECT).findFirst().orElseThrow()
                .getTransitionAt();
        Instant due = suspect.plusMillis(3500);
        fleet.advance(Duration.ofSeconds(3));
        assertThat(fleet.commandsFor(WEB)).as("not due yet").isEmpty();

        for (int tick = 0; tick < 9 && fleet.commandsFor(WEB).isEmpty(); tick++) {
            fleet.tick(Duration.ofMillis(100));
        }

        assertThat(fleet.commandsFor(WEB)).as("issued before the next check, 1 s after the last").singleElement();
        assertThat(Duration.between(due, fleet.commandsFor(WEB).get(0).getIssuedAt()))
                .isBetween(Duration.ZERO, PlaceAndFailOver.DUE_CHECK_INTERVAL);
    }

    @Test
    void anIncidentRecordedBeforeTransitionsCarriedTaintsCountsAsUnreachableFromItsTransition() {
        fleet(null);
        Instant failed = fleet.now();
        fleet.transition(ClusterStateEvent.newBuilder().setCluster("dc-1").setState(ClusterState.FAILED)
                .setPreviousState(ClusterState.SUSPECT).setReason("HeartbeatMissed").setIncidentId("dc-1-old")
                .setTransitionAt(failed).build());

        fleet.advance(Duration.ofSeconds(8));
        assertThat(fleet.commandsFor(WEB)).as("within the default toleration (10 s here)").isEmpty();
        fleet.advance(Duration.ofSeconds(4));

        assertThat(movedAfter(failed)).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(11));
    }

    @Test
    void aNoExecuteTaintToleratedFor120sMovesTheWorkload120sAfterTheTaintAppearsNotAtOnce() {
        fleet("- {key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 120}");
        Instant tainted = fleet.now();

        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(115));
        assertThat(fleet.commandsFor(WEB)).as("tolerated for 120 s").isEmpty();

        fleet.advance(Duration.ofSeconds(10));

        assertThat(movedAfter(tainted)).isBetween(Duration.ofSeconds(120), Duration.ofSeconds(121));
    }

    @Test
    void anUntoleratedNoExecuteTaintOfTheClustersSpecMovesTheWorkloadAtOnceAsKarmadasTaintManagerDoes() {
        fleet(null);
        Instant tainted = fleet.now();

        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(2));

        assertThat(movedAfter(tainted)).as("not after health.toleration.ms (10 s here): that is for not-ready and unreachable")
                .isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void aTolerationWithoutSecondsToleratesForeverAndAnEmptyKeyWithExistsToleratesEveryTaint() {
        fleet("- {operator: Exists}");

        fleet.silence("dc-1").advance(Duration.ofSeconds(60));

        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.commandsFor(WEB)).isEmpty();
    }

    @Test
    void theEarliestEndOverEveryNoExecuteTaintDecides() {
        fleet("""
                - {key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 120}
                - {key: drain, operator: Equal, value: "now", effect: NoExecute, tolerationSeconds: 30}""");
        Instant tainted = fleet.now();

        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE,
                Taint.newBuilder().setKey("drain").setValue("now").setEffect("NoExecute").build()).advance(Duration.ofSeconds(35));

        assertThat(movedAfter(tainted)).isBetween(Duration.ofSeconds(30), Duration.ofSeconds(31));
    }

    @Test
    void aNoExecuteTaintAddedToAClusterAlreadyFailedCountsFromWhenItAppeared() {
        fleet("- {key: maintenance, operator: Exists, effect: NoExecute}");

        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(20));
        assertThat(fleet.commandsFor(WEB)).as("maintenance is tolerated forever").isEmpty();
        Instant drained = fleet.now();
        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE, Taint.newBuilder().setKey("drain").setEffect("NoExecute").build())
                .advance(Duration.ofSeconds(12));

        assertThat(fleet.stateChanges("dc-1")).as("no transition: FAILED all along").containsExactly("FAILED", "READY");
        assertThat(movedAfter(drained)).as("drain is tolerated by nothing: at once").isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void aClusterFailedByItsOwnNoExecuteTaintThatGoesSilentIsTaintedUnreachableAFailureThresholdAfterItsLastHeartbeat() {
        fleet("""
                - {key: maintenance, operator: Exists, effect: NoExecute}
                - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 20}""");
        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(20));
        assertThat(fleet.stateChanges("dc-1")).containsExactly("FAILED", "READY");
        assertThat(fleet.commandsFor(WEB)).as("maintenance is tolerated forever").isEmpty();
        Instant lastHeartbeat = fleet.now();

        fleet.silence("dc-1").advance(Duration.ofSeconds(21));
        assertThat(fleet.commandsFor(WEB)).as("3 s threshold + 20 s toleration have not passed").isEmpty();
        ClusterWatch silent = fleet.<ClusterWatch>store(WatchClustersStage.STORE).get("dc-1");
        assertThat(silent.getState()).isEqualTo(ClusterState.FAILED);
        assertThat(silent.getTaints()).extracting(CarriedTaint::getKey, CarriedTaint::getTimeAdded)
                .containsExactly(tuple("maintenance", lastHeartbeat.minusSeconds(20)),
                        tuple(CarriedTaints.UNREACHABLE, lastHeartbeat.plusSeconds(3)));

        fleet.advance(Duration.ofSeconds(4));

        assertThat(movedAfter(lastHeartbeat)).isBetween(Duration.ofSeconds(23), Duration.ofSeconds(24));
    }

    @Test
    void aTaintRemovedBeforeItsTimeCancelsTheEviction() {
        fleet("- {key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 30}");

        fleet.cluster("dc-1", "64", "256Gi", Map.of(), MAINTENANCE).advance(Duration.ofSeconds(20));
        fleet.cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(40));

        assertThat(fleet.stateChanges("dc-1")).contains("READY");
        assertThat(fleet.commandsFor(WEB)).isEmpty();
    }

    @Test
    void decisionConditionsNoLongerTimeAClusterFailureTheDefaultTolerationDoes() {
        fleetWithPolicy(Map.of(), """
                placement:
                  spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                failover:
                  application:
                    decisionConditions: {tolerationSeconds: 2}""");
        Instant lastHeartbeat = fleet.now();

        fleet.silence("dc-1").advance(Duration.ofSeconds(10));
        assertThat(fleet.commandsFor(WEB)).as("application failure's 2 s do not apply to the cluster's").isEmpty();

        fleet.advance(Duration.ofSeconds(5));

        assertThat(movedAfter(lastHeartbeat)).as("3 s threshold + the default 10 s").isBetween(Duration.ofSeconds(13), Duration.ofSeconds(14));
    }

    @Test
    void aClusterReportingReadyFalseIsTaintedNotReadyFromWhenItTurnedSuspect() {
        fleet("- {key: cluster.karmada.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 5}");

        fleet.notReady("dc-1").advance(Duration.ofSeconds(6));
        ClusterStateEvent suspect = fleet.states.stream().filter(s -> s.getState() == ClusterState.SUSPECT).findFirst().orElseThrow();
        assertThat(suspect.getReason()).isEqualTo("ReadyFalse");
        assertThat(suspect.getTaints()).extracting(CarriedTaint::getKey, CarriedTaint::getTimeAdded)
                .containsExactly(tuple(CarriedTaints.NOT_READY, suspect.getTransitionAt()));
        assertThat(fleet.commandsFor(WEB)).isEmpty();

        fleet.advance(Duration.ofSeconds(3));

        assertThat(movedAfter(suspect.getTransitionAt())).isBetween(Duration.ofSeconds(5), Duration.ofSeconds(6));
    }
}
