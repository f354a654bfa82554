package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.ResourceBinding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Stage 4 on the whole topology: admitted workloads are placed on a cluster with room, reserved by the cluster's own task. */
class PlaceStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String API = "apps/Deployment/team-a/api";

    @Test
    void anAdmittedWorkloadIsPlacedOnTheClusterWithMostRoomAndTheBindingSaysSo() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").cluster("dc-2", "16", "64Gi").advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        ResourceBinding web = fleet.binding(WEB);
        assertThat(web.getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.decidedBy(WEB)).isEqualTo("scheduler");
        assertThat(fleet.decisions(WEB)).as("placing moves the charge; the admission is not audited again").containsExactly("ADMITTED", "PLACED");
        assertThat(fleet.audit.get(fleet.audit.size() - 1)).satisfies(placed -> {
            assertThat(placed.getDecision()).isEqualTo("PLACED");
            assertThat(placed.getTargetCluster()).isEqualTo("dc-2");
        });
    }

    @Test
    void aClusterWhoseRoomAnotherTaskTookRefusesAndTheNextCandidateIsAsked() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "10", "64Gi").advance(Duration.ofSeconds(1));
        // What a placing task of another partition holds on dc-1: this task's view of the fleet cannot know it.
        fleet.heldElsewhere("dc-1", Map.of("cpu", "12"));

        fleet.deployment("team-a", "api", 5, "1");

        assertThat(fleet.placement(API)).as("dc-1 looks roomiest, but its reserving task has only 4 cpu left").isEqualTo("dc-2");
        assertThat(fleet.decisions(API)).containsSubsequence("RESERVATION_REFUSED", "PLACED");
        assertThat(fleet.audit.stream().filter(a -> "RESERVATION_REFUSED".equals(a.getDecision())).findFirst().orElseThrow().getReason())
                .isEqualTo("dc-1: cpu short by 1 (needs 5, free 4)");
    }

    @Test
    void placementsSpreadBecauseEachAnswerTellsWhatTheClusterHoldsReserved() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").cluster("dc-2", "8", "64Gi").advance(Duration.ofSeconds(1));

        for (String name : new String[] {"a", "b", "c", "d"}) {
            fleet.deployment("team-a", name, 2, "1");
        }

        assertThat(Stream.of("a", "b", "c", "d").map(n -> fleet.placement("apps/Deployment/team-a/" + n)))
                .containsExactly("dc-1", "dc-2", "dc-1", "dc-2");
    }

    /**
     * Room binds a division by available replicas only (a Duplicated workload, one active cluster too, goes beyond the
     * room as in Karmada: {@code KarmadaFiltersStageTest}).
     */
    private void aggregatedPolicy() {
        fleet.policy("PropagationPolicy/team-a/web", webPolicyPlacing(
                "replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Aggregated}"))
                .advance(Duration.ofSeconds(1));
    }

    @Test
    void aWorkloadThatFitsNowhereWaitsAuditedOnceAndIsPlacedWhenRoomAppears() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "4", "64Gi").advance(Duration.ofSeconds(1));
        aggregatedPolicy();

        fleet.deployment("team-a", "web", 6, "1").advance(Duration.ofSeconds(6));

        assertThat(fleet.placement(WEB)).isNull();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("UNPLACEABLE");
        assertThat(fleet.audit.stream().filter(a -> "UNPLACEABLE".equals(a.getDecision())).findFirst().orElseThrow().getReason())
                .contains("available replicas (4) are not enough for 6 (dc-1=4)");

        fleet.cluster("dc-2", "8", "64Gi").advance(Duration.ofSeconds(3));

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
    }

    @Test
    void aWorkloadWaitingForRoomIsTriedAtOnceWhenAClusterShowsMoreRoomNotAtTheNextRetry() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", Map.of("cpu", "8", "memory", "64Gi"), Map.of("cpu", "4"), Map.of())
                .advance(Duration.ofSeconds(1));
        aggregatedPolicy();
        fleet.deployment("team-a", "web", 6, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("UNPLACEABLE");

        // The cluster's own pods leave: its heartbeat reports room for the workload, well before the 10 s retry.
        fleet.cluster("dc-1", Map.of("cpu", "8", "memory", "64Gi"), Map.of("cpu", "1"), Map.of()).advance(Duration.ofSeconds(1));

        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
    }

    @Test
    void anUnplacedWorkloadWhoseBindingCannotBeReadIsOneDeadLetterNamingTheStoreAndKey() {
        fleet = new FleetDriver(stateDir);
        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.workload(WEB).getWaiting()).as("no cluster yet: waiting to be placed").isNotNull();

        fleet.corruptEntry(Workloads.STORE, WEB);
        fleet.cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(6));

        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo(WEB);
            assertThat(new String(letter.headers().lastHeader("store").value(), StandardCharsets.UTF_8)).isEqualTo(Workloads.STORE);
            assertThat(new String(letter.headers().lastHeader("stage").value(), StandardCharsets.UTF_8)).isEqualTo("place");
            assertThat(letter.headers().lastHeader("offset")).isNull();
        });
    }

    @Test
    void aLeaseRequestCarriesTheEventTimeOfItsWorkloadNotTheWallClock() {
        // A task that reads two inputs takes the record of the lowest timestamp first: stamped with the wall clock, the
        // lease requests (and so the grants) of a backlog would sort after every older workload record, and its placements
        // come in one burst at its end.
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.leaseRequests();
        Instant eventTime = fleet.now().minus(Duration.ofHours(1));

        fleet.workload(WEB, """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"1"}}}]}}}}""",
                eventTime);

        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.leaseRequests()).singleElement().satisfies(request -> {
            assertThat(request.key()).isEqualTo("dc-1");
            assertThat(request.getRecordTime()).isEqualTo(eventTime);
        });
    }

    @Test
    void aPropagationPolicyAffinityIsHonoured() {
        fleet = new FleetDriver(stateDir)
                .cluster("dc-1", "64", "64Gi", Map.of("tier", "gold"))
                .cluster("dc-2", "8", "64Gi", Map.of("tier", "bronze"))
                .advance(Duration.ofSeconds(1));
        fleet.policy("PropagationPolicy/team-a/bronze-only", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: bronze-only, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                    clusterAffinity:
                      labelSelector: {matchLabels: {tier: bronze}}
                """);

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
    }

    @Test
    void aRefusedPolicyGovernsNothingAndGoesToTheDeadLettersOnceNamingItsField() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy("PropagationPolicy/team-a/broken", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: broken, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                    clusterAffinity: {clusterNames: [dc-9]}
                  failover:
                    application:
                      decisionConditions: {}
                      statePreservation:
                        rules: [{aliasLabelName: a, jsonPath: "{.items[*].id}"}]
                """);

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(3));

        assertThat(fleet.placement(WEB)).as("the broken policy's affinity (dc-9 only) is not applied").isEqualTo("dc-1");
        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo("PropagationPolicy/team-a/broken");
            assertThat(new String(letter.headers().lastHeader("field").value(), StandardCharsets.UTF_8))
                    .isEqualTo("spec.failover.application.statePreservation.rules[0].jsonPath");
            assertThat(new String(letter.headers().lastHeader("value").value(), StandardCharsets.UTF_8)).isEqualTo("{.items[*].id}");
        });
    }

    @Test
    void aNewVersionKeepsThePlacementAndADeleteGivesTheRoomBack() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "6", "64Gi").advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 6, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");

        fleet.deployment("team-a", "web", 5, "1");
        assertThat(fleet.binding(WEB).getGeneration()).isEqualTo(2);
        assertThat(fleet.placement(WEB)).as("the scheduler's placement stays with the new version").isEqualTo("dc-1");

        fleet.delete(WEB).deployment("team-a", "api", 6, "1");
        assertThat(fleet.placement(API)).as("web's reservation was released").isEqualTo("dc-1");
    }
}
