package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.Reservation;
import io.fedstream.decide.ReserveCapacityProcessor;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.groups.Tuple;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * Reservations of a re-scale or a failover re-division whose answers never come (the request dead-lettered by the
 * reserving task) time out as a placement's do: after 30 s what was granted goes back and the decision is scheduled
 * again, up to 3 schedules, then given up with an audit.
 */
class UnansweredReservationStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String JOB = "kubeflow.org/PyTorchJob/team-a/train";
    /** The reserving task's running total of a cluster: unreadable, every request to that cluster is dead-lettered. */
    private static final char TOTAL = '\u0001';

    private static String policy(String name, String apiVersion, String kind, String replicaScheduling) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: %s, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: %s, kind: %s, name: %s}]
                  placement:
                    replicaScheduling:
                """.formatted(name, apiVersion, kind, name) + replicaScheduling.indent(6);
    }

    private KeyValueStore<String, Reservation> reservationsStore() {
        return fleet.store(ReserveCapacityProcessor.STORE);
    }

    /** Requests to the cluster are dead-lettered from now on; returns what it held, to {@link #heal} it with. */
    private Reservation breakReservations(String cluster) {
        Reservation total = reservationsStore().get(cluster + TOTAL);
        fleet.corruptEntry(ReserveCapacityProcessor.STORE, cluster + TOTAL);
        return total;
    }

    private void heal(String cluster, Reservation total) {
        reservationsStore().put(cluster + TOTAL, total);
    }

    private List<String> placed(String key) {
        return fleet.binding(key).getPlacement().getClusters().stream().map(t -> t.getName() + " " + t.getReplicas()).toList();
    }

    private List<String> reservations() {
        return fleet.reservationRequests().stream().map(r -> r.value().getType() + " " + r.value().getCluster() + " "
                + r.value().getComponents().stream().map(c -> c.getName() + "=" + c.getReplicas()).sorted().collect(Collectors.joining(",")))
                .toList();
    }

    private List<AuditEvent> audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).toList();
    }

    @Test
    void aReScaleWhoseGrowthIsNeverAnsweredTimesOutAndIsAskedAgain() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", policy("web", "apps/v1", "Deployment", """
                replicaSchedulingType: Divided
                weightPreference: {dynamicWeight: AvailableReplicas}
                """)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 14, "1");
        assertThat(placed(WEB)).containsExactly("dc-1 8", "dc-2 4", "dc-3 2");
        fleet.reservationRequests();
        Reservation dc2 = breakReservations("dc-2");

        fleet.deployment("team-a", "web", 20, "1");
        assertThat(reservations()).containsExactlyInAnyOrder("RESERVE dc-1 main=4", "RESERVE dc-2 main=2");
        assertThat(fleet.deadLetters).as("dc-2's request").hasSize(1);
        fleet.advance(Duration.ofSeconds(20));
        assertThat(placed(WEB)).as("dc-2's answer is still awaited").containsExactly("dc-1 8", "dc-2 4", "dc-3 2");
        heal("dc-2", dc2);

        fleet.advance(Duration.ofSeconds(12));

        assertThat(audited("RESERVATION_TIMED_OUT")).singleElement().satisfies(timedOut -> {
            assertThat(timedOut.getStage()).isEqualTo("place");
            assertThat(timedOut.getReason()).isEqualTo("no answer from dc-2 within 30 s of asking; scheduled again");
        });
        assertThat(reservations()).as("dc-1's grant goes back and both are asked again")
                .containsExactly("RELEASE dc-1 ", "RESERVE dc-1 main=4", "RESERVE dc-2 main=2");
        assertThat(placed(WEB)).containsExactly("dc-1 12", "dc-2 6", "dc-3 2");
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("REPLICAS_RESCALED").doesNotContain("RESCALE_UNSCHEDULABLE");
    }

    @Test
    void aReDivisionWhoseGrowthIsNeverAnsweredIsAskedAgainAndGivenUpAfterThreeSchedules() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/train", policy("train", "kubeflow.org/v1", "PyTorchJob", """
                replicaSchedulingType: Divided
                weightPreference:
                  staticWeightList:
                    - {targetCluster: {clusterNames: [dc-1, dc-2, dc-3]}, weight: 1}
                """)).advance(Duration.ofSeconds(1));
        fleet.workload(JOB, """
                {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"train","namespace":"team-a"},
                 "spec":{"pytorchReplicaSpecs":{
                   "Master":{"replicas":1,"template":{"spec":{"containers":[
                     {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"4","memory":"1Gi"}}}]}}},
                   "Worker":{"replicas":3,"template":{"spec":{"containers":[
                     {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}}}}}}""");
        assertThat(placed(JOB)).containsExactly("dc-1 2", "dc-2 1", "dc-3 1");
        fleet.reservationRequests();
        breakReservations("dc-2");

        fleet.silence("dc-1").advance(Duration.ofSeconds(30));
        assertThat(reservations()).as("dc-2's growth, a master and a worker, asked and dead-lettered")
                .containsExactly("RESERVE dc-2 master=1,worker=1");
        assertThat(fleet.decisions(JOB)).containsExactly("ADMITTED", "PLACED");

        fleet.advance(Duration.ofSeconds(100));

        assertThat(reservations()).as("asked again by the second and third schedules")
                .containsExactly("RESERVE dc-2 master=1,worker=1", "RESERVE dc-2 master=1,worker=1");
        assertThat(audited("RESERVATION_TIMED_OUT")).extracting(AuditEvent::getStage, AuditEvent::getCluster, AuditEvent::getReason)
                .containsExactly(
                        Tuple.tuple("failover", "dc-1", "no answer from dc-2 within 30 s of asking; scheduled again"),
                        Tuple.tuple("failover", "dc-1", "no answer from dc-2 within 30 s of asking; scheduled again"),
                        Tuple.tuple("failover", "dc-1", "no answer from dc-2 within 30 s of asking; given up"));
        assertThat(audited("RESERVATION_TIMED_OUT")).extracting(AuditEvent::getDecisionId).as("one row per schedule").doesNotHaveDuplicates();
        assertThat(audited("MIGRATION_NO_TARGET")).singleElement().extracting(AuditEvent::getReason)
                .isEqualTo("its share stays on dc-1: no re-division was answered in full");
        assertThat(placed(JOB)).as("the share stays where it was").containsExactly("dc-1 2", "dc-2 1", "dc-3 1");
        assertThat(fleet.store(PlaceFailoverStores.WORKLOADS).get(JOB)).extracting("redivision").isNull();

        fleet.advance(Duration.ofSeconds(40));
        assertThat(reservations()).as("given up: nothing more is asked").isEmpty();
        assertThat(fleet.decisions(JOB)).containsOnlyOnce("MIGRATION_NO_TARGET").doesNotContain("SHARES_REDIVIDED");
    }
}
