package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.ReservationRequest;
import io.fedstream.decide.ClusterReservations;
import io.fedstream.decide.ReserveCapacityProcessor;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * A workload whose placement reservation is in flight is not written to the unplaced-workloads store
 * ({@link InFlightPlacements}): placing it writes no record there, a lost answer is still asked again after its timeout,
 * also after a restart, and a workload refused everywhere is listed there as before.
 */
class InFlightPlacementsStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String API = "apps/Deployment/team-a/api";
    /** The reserving task's running total of a cluster: unreadable, every request to that cluster is dead-lettered. */
    private static final char TOTAL = '\u0001';
    private static final String DIVIDED_API = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: PropagationPolicy
            metadata: {name: api, namespace: team-a}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: api}]
              placement:
                replicaScheduling:
                  replicaSchedulingType: Divided
                  replicaDivisionPreference: Weighted
                  weightPreference:
                    staticWeightList:
                      - {targetCluster: {clusterNames: [dc-1, dc-2]}, weight: 1}
            """;

    private List<String> unplacedChangelog() {
        return fleet.changelog(PlaceFailoverStores.UNPLACED).stream()
                .map(r -> r.key() + (r.value() == null ? " deleted" : " = \"" + new String(r.value()) + "\"")).toList();
    }

    private List<String> reservations() {
        return fleet.reservationRequests().stream().map(TestRecord::value).map(r -> r.getType() + " " + r.getCluster()).toList();
    }

    /** The cluster's reserving task answers again: its total reads as holding nothing. */
    private void healReservations(String cluster) {
        fleet.<Reservation>store(ReserveCapacityProcessor.STORE).put(cluster + TOTAL, Reservation.newBuilder().setRequestId("total")
                .setAmounts(Map.of()).setReservedAt(Instant.EPOCH).build());
    }

    private String listed(String key) {
        return fleet.<String>store(PlaceFailoverStores.UNPLACED).get(key);
    }

    /** What a placing task of another partition holds on the cluster: this task's view cannot know it. */
    private ClusterReservations othersHold(String cluster, String cpu) {
        ClusterReservations reservations = new ClusterReservations(fleet.store(ReserveCapacityProcessor.STORE), Duration.ofMinutes(5));
        reservations.hold(cluster, "apps/Deployment/team-b/batch", Reservation.newBuilder()
                .setRequestId("apps/Deployment/team-b/batch/place/g1/0").setAmounts(Map.of("cpu", cpu)).setReservedAt(fleet.now()).build());
        return reservations;
    }

    @Test
    void placingWritesNoRecordToTheUnplacedWorkloadsStoreOnOneClusterAfterARefusalOrOverSeveral() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "10", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy("PropagationPolicy/team-a/api", DIVIDED_API).advance(Duration.ofSeconds(1));
        othersHold("dc-1", "12");
        assertThat(unplacedChangelog()).isEmpty();

        fleet.deployment("team-a", "web", 5, "1");
        fleet.deployment("team-a", "api", 4, "1");

        assertThat(fleet.decisions(WEB)).as("dc-1 refused, dc-2 granted").containsExactly("ADMITTED", "RESERVATION_REFUSED", "PLACED");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.binding(API).getPlacement().getClusters()).extracting(t -> t.getName() + " " + t.getReplicas())
                .containsExactlyInAnyOrder("dc-1 2", "dc-2 2");
        fleet.advance(Duration.ofSeconds(4));
        assertThat(unplacedChangelog()).as("asked, answered and placed without being listed").isEmpty();
        assertThat(fleet.<PlacementState>store(PlaceFailoverStores.WORKLOADS).get(WEB).pending()).isNull();
    }

    @Test
    void aReservationWhoseAnswerNeverComesIsAskedAgainAfterItsTimeout() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.reservationRequests();
        fleet.corruptEntry(ReserveCapacityProcessor.STORE, "dc-1" + TOTAL);

        fleet.deployment("team-a", "web", 2, "1");
        assertThat(reservations()).containsExactly("RESERVE dc-1");
        assertThat(fleet.deadLetters).as("the request, so its answer never comes").hasSize(1);
        assertThat(listed(WEB)).as("in flight, not listed").isNull();
        fleet.advance(Duration.ofSeconds(20));
        assertThat(reservations()).as("still awaited").isEmpty();
        healReservations("dc-1");

        fleet.advance(Duration.ofSeconds(12));

        assertThat(reservations()).as("asked again 30 s after asking").containsExactly("RESERVE dc-1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(unplacedChangelog()).isEmpty();
    }

    @Test
    void afterARestartTheInFlightPlacementsAreRebuiltAndALostAnswerIsStillAskedAgain() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.reservationRequests();
        fleet.corruptEntry(ReserveCapacityProcessor.STORE, "dc-1" + TOTAL);
        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(10));
        assertThat(reservations()).containsExactly("RESERVE dc-1");
        assertThat(fleet.deadLetters).hasSize(1);

        fleet = fleet.restarted();
        healReservations("dc-1");
        assertThat(listed(WEB)).as("in flight, not listed").isNull();
        fleet.advance(Duration.ofSeconds(15));
        assertThat(reservations()).as("25 s after asking: still awaited").isEmpty();

        fleet.advance(Duration.ofSeconds(7));

        assertThat(reservations()).as("asked again 30 s after asking").containsExactly("RESERVE dc-1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.decisions(WEB)).containsExactly("ADMITTED", "PLACED");
    }

    @Test
    void anAnswerThatFindsANewerVersionOfAWorkloadPlacedOverSeveralClustersListsItSoTheRetryPlacesThatVersion() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "10", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy("PropagationPolicy/team-a/api", DIVIDED_API).advance(Duration.ofSeconds(1));
        fleet.reservationRequests();
        fleet.corruptEntry(ReserveCapacityProcessor.STORE, "dc-2" + TOTAL);
        fleet.deployment("team-a", "api", 4, "1");
        ReservationRequest toDc2 = fleet.reservationRequests().stream().map(TestRecord::value).filter(r -> r.getCluster().equals("dc-2"))
                .findFirst().orElseThrow();
        assertThat(fleet.deadLetters).as("dc-2's request: its answer is late").hasSize(1);
        fleet.deployment("team-a", "api", 6, "1");
        assertThat(fleet.binding(API).getGeneration()).isEqualTo(2);
        assertThat(reservations()).as("the decision for version 1 is still in flight").isEmpty();
        assertThat(unplacedChangelog()).as("in flight: not listed").isEmpty();
        healReservations("dc-2");

        fleet.answer(ReservationAnswer.newBuilder().setRequestId(toDc2.getRequestId()).setCluster("dc-2").setWorkloadKey(API)
                .setGranted(false).setReason("cpu short").setAnsweredAt(fleet.now()).build());

        assertThat(reservations()).as("version 1's grant on dc-1 goes back").containsExactly("RELEASE dc-1");
        assertThat(listed(API)).as("listed for the retry").isEmpty();
        assertThat(unplacedChangelog()).containsExactly(API + " = \"\"");
        fleet.advance(Duration.ofSeconds(3));
        assertThat(fleet.binding(API).getPlacement().getClusters()).extracting(t -> t.getName() + " " + t.getReplicas())
                .containsExactlyInAnyOrder("dc-1 3", "dc-2 3");
        assertThat(listed(API)).isNull();
    }

    @Test
    void aWorkloadRefusedByItsLastCandidateIsListedForTheRetryAsBefore() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        ClusterReservations others = othersHold("dc-1", "6");

        fleet.deployment("team-a", "web", 4, "1");

        assertThat(fleet.decisions(WEB)).as("asked again once when the binding comes back saying why it is unplaced")
                .containsExactly("ADMITTED", "RESERVATION_REFUSED", "UNPLACEABLE", "RESERVATION_REFUSED");
        assertThat(fleet.placement(WEB)).isNull();
        assertThat(listed(WEB)).isEmpty();
        assertThat(unplacedChangelog()).as("listed once").containsExactly(WEB + " = \"\"");

        others.release("dc-1", "apps/Deployment/team-b/batch");
        fleet.advance(Duration.ofSeconds(3));

        assertThat(fleet.placement(WEB)).as("asked again by the retry").isEqualTo("dc-1");
        assertThat(listed(WEB)).isNull();
        assertThat(unplacedChangelog()).containsExactly(WEB + " deleted");
    }
}
