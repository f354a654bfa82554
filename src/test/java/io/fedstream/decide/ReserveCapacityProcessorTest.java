package io.fedstream.decide;

import static io.fedstream.decide.ReserveDriver.START;
import static io.fedstream.decide.ReserveDriver.TTL;
import static io.fedstream.decide.ReserveDriver.component;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.ReservationRequest;
import io.fedstream.avro.ReservationType;
import io.fedstream.avro.ReservedComponent;
import io.fedstream.dlq.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReserveCapacityProcessorTest {

    /** Free: 6 cpu, 24Gi memory. */
    private static final Map<String, String> ALLOCATABLE = Map.of("cpu", "8", "memory", "32Gi");
    private static final Map<String, String> ALLOCATED = Map.of("cpu", "2", "memory", "8Gi");

    @TempDir
    Path stateDir;

    private ReserveDriver driver;

    @BeforeEach
    void start() {
        driver = new ReserveDriver(stateDir).ready("member1", ALLOCATABLE, ALLOCATED);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void aWorkloadThatFitsIsGrantedAndItsDemandHeld() {
        List<TestRecord<String, ReservationAnswer>> answers = driver.reserve("orders-1", "member1", "team-a/orders",
                component("jobmanager", 1, Map.of("cpu", "500m", "memory", "2Gi")),
                component("taskmanager", 2, Map.of("cpu", "2", "memory", "4Gi")));

        assertThat(answers).hasSize(1);
        assertThat(answers.get(0).key()).isEqualTo("team-a/orders");
        assertThat(answers.get(0).value()).isEqualTo(granted("orders-1", "member1", "team-a/orders", START));
        assertThat(driver.reservation("member1", "team-a/orders"))
                .isEqualTo(reservation("orders-1", Map.of("cpu", "4500m", "memory", "10Gi"), START));
    }

    @Test
    void aBatchIsDecidedInOrderAsIfEachCameAloneAndAnsweredInOneRecordKeyedByItsFirstAnsweredWorkload() {
        ReservedComponent fourCpu = component("taskmanager", 2, Map.of("cpu", "2"));
        driver.reserve("old-1", "member1", "team-z/old", fourCpu);
        ReservationRequest batch = ReserveDriver.request(ReservationType.RELEASE, "old-release", "member1", "team-z/old");
        batch.setBatch(List.of(
                ReserveDriver.request(ReservationType.RESERVE, "orders-1", "member1", "team-a/orders", fourCpu),
                ReserveDriver.request(ReservationType.RESERVE, "billing-1", "member1", "team-b/billing", fourCpu),
                ReserveDriver.request(ReservationType.RESERVE, "web-1", "member1", "team-c/web", component("web", 1, Map.of("cpu", "1")))));

        List<TestRecord<String, ReservationAnswer>> answers = driver.send("member1", batch);

        assertThat(answers).as("one record; the release is not answered").singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo("team-a/orders");
            List<ReservationAnswer> all = new ArrayList<>();
            all.add(ReservationAnswer.newBuilder(record.value()).setBatch(List.of()).build());
            record.value().getBatch().forEach(answer -> all.add(ReservationAnswer.newBuilder(answer).setClusterReserved(Map.of()).build()));
            assertThat(all).containsExactly(
                    granted("orders-1", "member1", "team-a/orders", START),
                    refused("billing-1", "member1", "team-b/billing", "member1: cpu short by 2 (needs 4, free 2)"),
                    granted("web-1", "member1", "team-c/web", START));
            assertThat(record.value().getBatch()).extracting(ReservationAnswer::getClusterReserved)
                    .as("each answer says what the cluster held after it").containsExactly(Map.of("cpu", "4"), Map.of("cpu", "5"));
        });
        assertThat(driver.reservation("member1", "team-z/old")).isNull();
        assertThat(driver.reservation("member1", "team-b/billing")).isNull();
        assertThat(driver.reservation("member1", "team-c/web")).isNotNull();
    }

    @Test
    void aBatchOfReleasesIsNotAnswered() {
        driver.reserve("orders-1", "member1", "team-a/orders", component("taskmanager", 1, Map.of("cpu", "1")));
        ReservationRequest batch = ReserveDriver.request(ReservationType.RELEASE, "orders-release", "member1", "team-a/orders");
        batch.setBatch(List.of(ReserveDriver.request(ReservationType.RELEASE, "web-release", "member1", "team-c/web")));

        assertThat(driver.send("member1", batch)).isEmpty();
        assertThat(driver.reservation("member1", "team-a/orders")).isNull();
    }

    @Test
    void aRequestTheTaskFailsOnFailsTheRecordNamingItAfterTheRestOfItsBatchIsAnswered() {
        // A damaged entry: the workload's own earlier reservation holds a quantity that does not parse.
        driver.reservations().put(ClusterReservations.key("member1", "team-w/damaged"), Reservation.newBuilder()
                .setRequestId("damaged-0").setAmounts(Map.of("cpu", "two")).setReservedAt(START).build());
        ReservedComponent oneCpu = component("taskmanager", 1, Map.of("cpu", "1"));
        ReservationRequest batch = ReserveDriver.request(ReservationType.RESERVE, "orders-1", "member1", "team-a/orders", oneCpu);
        batch.setBatch(List.of(
                ReserveDriver.request(ReservationType.RESERVE, "damaged-1", "member1", "team-w/damaged", oneCpu),
                ReserveDriver.request(ReservationType.RESERVE, "web-1", "member1", "team-c/web", oneCpu)));

        List<TestRecord<String, ReservationAnswer>> answers = driver.send("member1", batch);

        assertThat(answers).as("the two others answered, the damaged one not").singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo("team-a/orders");
            assertThat(ReservationAnswer.newBuilder(record.value()).setBatch(List.of()).build())
                    .isEqualTo(granted("orders-1", "member1", "team-a/orders", START));
            assertThat(record.value().getBatch()).extracting(ReservationAnswer::getWorkloadKey, ReservationAnswer::getGranted)
                    .containsExactly(tuple("team-c/web", true));
        });
        assertThat(driver.reservation("member1", "team-a/orders")).isNotNull();
        assertThat(driver.reservation("member1", "team-c/web")).isNotNull();
        assertThat(driver.deadLetters()).as("the record, to the dead-letter topic, naming the request that failed").singleElement()
                .satisfies(letter -> assertThat(new String(letter.headers().lastHeader(DeadLetter.REASON).value(), StandardCharsets.UTF_8))
                        .startsWith("IllegalStateException: reservation request damaged-1 (RESERVE of team-w/damaged on member1) failed,"
                                + " unanswered; 2 of the record's 3 requests were decided: java.lang.IllegalArgumentException: is not a"
                                + " Kubernetes quantity"));
    }

    @Test
    void aWorkloadThatDoesNotFitIsRefusedWithEveryShortage() {
        List<TestRecord<String, ReservationAnswer>> answers = driver.reserve("orders-1", "member1", "team-a/orders",
                component("taskmanager", 3, Map.of("cpu", "2500m", "memory", "10Gi")));

        assertThat(answers).extracting(TestRecord::key, TestRecord::value).containsExactly(tuple(
                "team-a/orders", refused("orders-1", "member1", "team-a/orders",
                        "member1: cpu short by 1500m (needs 7500m, free 6); memory short by 6Gi (needs 30Gi, free 24Gi)")));
        assertThat(driver.reservation("member1", "team-a/orders")).isNull();
    }

    @Test
    void everyAnswerSaysWhatTheClusterHoldsReservedAfterIt() {
        ReservedComponent fourCpu = component("taskmanager", 2, Map.of("cpu", "2"));

        driver.reserve("orders-1", "member1", "team-a/orders", fourCpu);
        driver.reserve("billing-1", "member1", "team-b/billing", fourCpu);
        driver.release("member1", "team-a/orders");
        driver.reserve("billing-2", "member1", "team-b/billing", component("taskmanager", 1, Map.of("cpu", "3")));

        assertThat(driver.clusterReserved).containsExactly(Map.of("cpu", "4"), Map.of("cpu", "4"), Map.of("cpu", "3"));
    }

    @Test
    void aSecondWorkloadDoesNotGetRoomTheFirstHolds() {
        ReservedComponent fourCpu = component("taskmanager", 2, Map.of("cpu", "2"));

        assertThat(driver.reserve("orders-1", "member1", "team-a/orders", fourCpu)).extracting(r -> r.value().getGranted()).containsExactly(true);
        assertThat(driver.reserve("billing-1", "member1", "team-b/billing", fourCpu)).extracting(TestRecord::value).containsExactly(
                refused("billing-1", "member1", "team-b/billing", "member1: cpu short by 2 (needs 4, free 2)"));
        assertThat(driver.reservation("member1", "team-b/billing")).isNull();
    }

    @Test
    void releasingGivesTheRoomBackAndIsNotAnswered() {
        ReservedComponent fourCpu = component("taskmanager", 2, Map.of("cpu", "2"));
        driver.reserve("orders-1", "member1", "team-a/orders", fourCpu);

        assertThat(driver.release("member1", "team-a/orders")).isEmpty();

        assertThat(driver.reservation("member1", "team-a/orders")).isNull();
        assertThat(driver.reserve("billing-1", "member1", "team-b/billing", fourCpu)).extracting(TestRecord::value)
                .containsExactly(granted("billing-1", "member1", "team-b/billing", START));
    }

    @Test
    void reservingAgainReplacesTheWorkloadsReservationInsteadOfAddingToIt() {
        driver.reserve("orders-1", "member1", "team-a/orders", component("taskmanager", 2, Map.of("cpu", "2")));
        driver.advance(Duration.ofSeconds(5));

        // 4 + 5 cpu would not fit 6 free; 5 alone does.
        assertThat(driver.reserve("orders-2", "member1", "team-a/orders", component("taskmanager", 5, Map.of("cpu", "1"))))
                .extracting(TestRecord::value)
                .containsExactly(granted("orders-2", "member1", "team-a/orders", START.plusSeconds(5)));
        assertThat(entries()).containsExactly(KeyValue.pair(ClusterReservations.key("member1", "team-a/orders"),
                reservation("orders-2", Map.of("cpu", "5"), START.plusSeconds(5))));
    }

    @Test
    void theSameRequestProcessedTwiceHasTheSameOutcomeAndKeepsItsFirstReservationTime() {
        ReservedComponent fourCpu = component("taskmanager", 2, Map.of("cpu", "2"));
        driver.reserve("orders-1", "member1", "team-a/orders", fourCpu);
        driver.advance(Duration.ofSeconds(30));

        assertThat(driver.reserve("orders-1", "member1", "team-a/orders", fourCpu)).extracting(TestRecord::value)
                .containsExactly(granted("orders-1", "member1", "team-a/orders", START.plusSeconds(30)));
        assertThat(entries()).containsExactly(KeyValue.pair(ClusterReservations.key("member1", "team-a/orders"),
                reservation("orders-1", Map.of("cpu", "4"), START)));
    }

    @Test
    void aReservationStopsHoldingRoomOnceItsTtlHasPassed() {
        ReservedComponent fourCpu = component("taskmanager", 2, Map.of("cpu", "2"));
        driver.reserve("orders-1", "member1", "team-a/orders", fourCpu);

        driver.advance(TTL.minusMillis(1));
        assertThat(driver.reserve("billing-1", "member1", "team-b/billing", fourCpu)).extracting(r -> r.value().getGranted())
                .containsExactly(false);

        driver.advance(Duration.ofMillis(1));
        assertThat(driver.reserve("billing-2", "member1", "team-b/billing", fourCpu)).extracting(TestRecord::value)
                .containsExactly(granted("billing-2", "member1", "team-b/billing", START.plus(TTL)));
        assertThat(driver.reservation("member1", "team-a/orders")).as("expired entries are deleted").isNull();
    }

    @Test
    void reservationsExpireOldestFirstAndOnlyTheExpiredOnesGiveRoomBack() {
        ReservedComponent twoCpu = component("taskmanager", 1, Map.of("cpu", "2"));
        driver.reserve("a-1", "member1", "team-a/a", twoCpu);
        driver.advance(Duration.ofSeconds(30));
        driver.reserve("b-1", "member1", "team-a/b", twoCpu);
        driver.advance(Duration.ofSeconds(30));
        driver.reserve("c-1", "member1", "team-a/c", twoCpu);

        driver.advance(TTL.minusSeconds(60));

        assertThat(driver.reserve("d-1", "member1", "team-a/d", twoCpu)).as("a expired: 2 of 6 free again")
                .extracting(r -> r.value().getGranted()).containsExactly(true);
        assertThat(driver.reserve("e-1", "member1", "team-a/e", twoCpu)).as("b and c still hold theirs")
                .extracting(r -> r.value().getGranted()).containsExactly(false);
        assertThat(entries()).extracting(entry -> entry.key)
                .containsExactlyInAnyOrder(ClusterReservations.key("member1", "team-a/b"), ClusterReservations.key("member1", "team-a/c"),
                        ClusterReservations.key("member1", "team-a/d"));
        assertThat(driver.clusterReserved.get(driver.clusterReserved.size() - 1)).containsEntry("cpu", "6");
    }

    @Test
    void aClusterThatIsNotReadyIsRefusedWithItsStateAndReason() {
        driver.cluster("member2", ClusterState.SUSPECT, "HeartbeatMissed", ALLOCATABLE, Map.of());

        assertThat(driver.reserve("orders-1", "member2", "team-a/orders", component("taskmanager", 1, Map.of("cpu", "1"))))
                .extracting(TestRecord::value).containsExactly(
                        refused("orders-1", "member2", "team-a/orders", "cluster member2 is SUSPECT (HeartbeatMissed)"));
        assertThat(driver.reservation("member2", "team-a/orders")).isNull();
    }

    @Test
    void aClusterWithoutAHeartbeatIsRefused() {
        driver.watches().put("member3", ReserveDriver.watch("member3", ClusterState.READY, "Joined").build());

        assertThat(driver.reserve("orders-1", "member3", "team-a/orders")).extracting(TestRecord::value).containsExactly(
                refused("orders-1", "member3", "team-a/orders", "cluster member3 has not reported a heartbeat"));
        assertThat(driver.reserve("orders-2", "nowhere", "team-a/orders")).extracting(TestRecord::value).containsExactly(
                refused("orders-2", "nowhere", "team-a/orders", "cluster nowhere has not reported a heartbeat"));
    }

    @Test
    void podsAreCountedAndHeldWhenTheClusterReportsThem() {
        driver.ready("member2", Map.of("cpu", "8", "pods", "10"), Map.of("pods", "8"));

        assertThat(driver.reserve("orders-1", "member2", "team-a/orders", component("taskmanager", 3, Map.of("cpu", "100m"))))
                .extracting(TestRecord::value).containsExactly(
                        refused("orders-1", "member2", "team-a/orders", "member2: pods short by 1 (needs 3, free 2)"));
        assertThat(driver.reserve("orders-2", "member2", "team-a/orders", component("taskmanager", 2, Map.of("cpu", "100m"))))
                .extracting(r -> r.value().getGranted()).containsExactly(true);
        assertThat(driver.reservation("member2", "team-a/orders").getAmounts()).isEqualTo(Map.of("cpu", "200m", "pods", "2"));
    }

    @Test
    void podsAreNotHeldWhenTheClusterDoesNotReportThem() {
        driver.reserve("orders-1", "member1", "team-a/orders", component("taskmanager", 2, Map.of("cpu", "100m")));

        assertThat(driver.reservation("member1", "team-a/orders").getAmounts()).isEqualTo(Map.of("cpu", "200m"));
    }

    @Test
    void aBadQuantityInARequestIsRefusedNamingTheFieldAndValue() {
        assertThat(driver.reserve("orders-1", "member1", "team-a/orders", component("taskmanager", 1, Map.of("cpu", "lots"))))
                .extracting(TestRecord::value).containsExactly(refused("orders-1", "member1", "team-a/orders",
                        "components[0].perPod.cpu: is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6;"
                                + " no spaces) (value: lots)"));
        assertThat(driver.reservation("member1", "team-a/orders")).isNull();
    }

    @Test
    void negativeReplicasAreRefusedNamingTheField() {
        assertThat(driver.reserve("orders-1", "member1", "team-a/orders",
                component("jobmanager", 1, Map.of("cpu", "1")), component("taskmanager", -1, Map.of("cpu", "1"))))
                .extracting(TestRecord::value).containsExactly(refused("orders-1", "member1", "team-a/orders",
                        "components[1].replicas: must not be negative (value: -1)"));
    }

    @Test
    void aBadQuantityInTheHeartbeatIsARefusalNotACrash() {
        driver.ready("member2", Map.of("cpu", "8", "memory", "3 Gi"), Map.of());

        assertThat(driver.reserve("orders-1", "member2", "team-a/orders", component("taskmanager", 1, Map.of("cpu", "1"))))
                .extracting(TestRecord::value).containsExactly(refused("orders-1", "member2", "team-a/orders",
                        "cluster member2 reported a bad heartbeat: allocatable.memory: is not a Kubernetes quantity"
                                + " (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces) (value: 3 Gi)"));
    }

    @Test
    void theRequestsClusterDecidesNotItsKey() {
        assertThat(driver.send("member9", ReserveDriver.request(ReservationType.RESERVE, "orders-1", "member1", "team-a/orders",
                component("taskmanager", 1, Map.of("cpu", "1"))))).extracting(TestRecord::value)
                .containsExactly(granted("orders-1", "member1", "team-a/orders", START));
        assertThat(driver.reservation("member1", "team-a/orders")).isEqualTo(reservation("orders-1", Map.of("cpu", "1"), START));
    }

    @Test
    void aTombstoneIsDropped() {
        assertThat(driver.send("member1", null)).isEmpty();
        assertThat(entries()).isEmpty();
    }

    @Test
    void aTtlMustBePositive() {
        assertThatThrownBy(() -> new ReserveCapacityProcessor(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reservation TTL must be positive, got PT0S");
    }

    private List<KeyValue<String, Reservation>> entries() {
        try (KeyValueIterator<String, Reservation> all = driver.reservations().all()) {
            List<KeyValue<String, Reservation>> out = new ArrayList<>();
            all.forEachRemaining(entry -> {
                if (ClusterReservations.isReservationKey(entry.key)) {
                    out.add(entry);
                }
            });
            return out;
        }
    }

    private static ReservationAnswer granted(String requestId, String cluster, String workloadKey, Instant at) {
        return answer(requestId, cluster, workloadKey, at).setGranted(true).build();
    }

    private static ReservationAnswer refused(String requestId, String cluster, String workloadKey, String reason) {
        return answer(requestId, cluster, workloadKey, START).setGranted(false).setReason(reason).build();
    }

    private static ReservationAnswer.Builder answer(String requestId, String cluster, String workloadKey, Instant at) {
        return ReservationAnswer.newBuilder().setRequestId(requestId).setCluster(cluster).setWorkloadKey(workloadKey).setAnsweredAt(at);
    }

    private static Reservation reservation(String requestId, Map<String, String> amounts, Instant at) {
        return Reservation.newBuilder().setRequestId(requestId).setAmounts(amounts).setReservedAt(at).build();
    }
}
