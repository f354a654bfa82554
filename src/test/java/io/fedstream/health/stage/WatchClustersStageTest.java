package io.fedstream.health.stage;

import static io.fedstream.health.stage.WatchClustersDriver.START;
import static io.fedstream.health.stage.WatchClustersDriver.taint;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.CarriedTaints;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stage 5 in the whole topology, with the timings of a local trial: failure threshold 3 s, toleration 10 s, success
 * threshold 2 s, flap window 60 s, checked every 500 ms.
 */
class WatchClustersStageTest {

    private static final Map<String, String> TRIAL = Map.of(
            "health.failure.threshold.ms", "3000",
            "health.toleration.ms", "10000",
            "health.success.threshold.ms", "2000",
            "health.flap.window.ms", "60000",
            "health.check.interval.ms", "500");
    private static final Duration BEAT = Duration.ofMillis(500);

    @TempDir Path stateDir;

    private WatchClustersDriver driver;

    private WatchClustersDriver driver(Map<String, String> overrides) {
        driver = new WatchClustersDriver(stateDir, overrides);
        return driver;
    }

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void aSilentClusterIsSuspectThenFailedWhileAnotherClusterBeats() {
        WatchClustersDriver d = driver(TRIAL).witness("member9").heartbeat("member1", "True");

        d.advance(Duration.ofMillis(2500));
        assertThat(d.transitions()).containsExactly("member1 null->READY Joined");
        d.advance(BEAT);
        assertThat(d.transitions()).containsExactly("member1 null->READY Joined", "member1 READY->SUSPECT HeartbeatMissed");
        d.advance(Duration.ofMillis(9500));
        assertThat(d.transitions()).hasSize(2);
        d.advance(BEAT);

        assertThat(d.transitions()).containsExactly(
                "member1 null->READY Joined", "member1 READY->SUSPECT HeartbeatMissed", "member1 SUSPECT->FAILED HeartbeatMissed");
        Instant suspectAt = START.plusSeconds(3);
        Instant failedAt = START.plusSeconds(13);
        TestRecord<String, ClusterStateEvent> failed = d.states.get(2);
        assertThat(failed.key()).isEqualTo("member1");
        assertThat(failed.value()).isEqualTo(ClusterStateEvent.newBuilder()
                .setCluster("member1").setState(ClusterState.FAILED).setPreviousState(ClusterState.SUSPECT)
                .setReason("HeartbeatMissed")
                .setMessage("SUSPECT for 10s (toleration 10s): no heartbeat for 3s (failure threshold 3s)")
                .setIncidentId("member1-" + suspectAt.toEpochMilli())
                .setLastHeartbeatAt(START).setFlapCount(0).setTransitionAt(failedAt)
                .setTaints(List.of(CarriedTaint.newBuilder().setKey(CarriedTaints.UNREACHABLE).setEffect("NoExecute")
                        .setTimeAdded(suspectAt).build()))
                .build());
        assertThat(d.watch("member1").getState()).isEqualTo(ClusterState.FAILED);
    }

    @Test
    void everyTransitionIsAnAuditEventWithADeterministicId() {
        WatchClustersDriver d = driver(TRIAL).witness("member9").heartbeat("member1", "True").advance(Duration.ofSeconds(3));

        assertThat(d.audit).extracting(TestRecord::key).containsExactly(
                "health-member1-" + START.toEpochMilli() + "-READY",
                "health-member1-" + START.plusSeconds(3).toEpochMilli() + "-SUSPECT");
        AuditEvent joined = d.audit.get(0).value();
        assertThat(joined).isEqualTo(AuditEvent.newBuilder()
                .setDecisionId("health-member1-" + START.toEpochMilli() + "-READY")
                .setDecidedAt(START).setStage("health").setDecision("CLUSTER_READY").setCluster("member1")
                .setReason("Joined")
                .setDetails("{\"previousState\":null,\"message\":\"first heartbeat\",\"flapCount\":0,"
                        + "\"lastHeartbeatAt\":\"2026-11-29T10:00:00Z\"}")
                .setSourceTopic("fedstream.cluster-health").setSourcePartition(0).setSourceOffset(1L)
                .build());
        AuditEvent suspect = d.audit.get(1).value();
        assertThat(suspect.getDecision()).isEqualTo("CLUSTER_SUSPECT");
        assertThat(suspect.getIncidentId()).isEqualTo("member1-" + START.plusSeconds(3).toEpochMilli());
        assertThat(suspect.getReason()).isEqualTo("HeartbeatMissed");
        assertThat(suspect.getSourceTopic()).isNull();
        assertThat(suspect.getSourceOffset()).isNull();
    }

    @Test
    void aBlipRecoversToReadyWithoutFailure() {
        WatchClustersDriver d = driver(TRIAL).witness("member9").heartbeat("member1", "True").advance(Duration.ofSeconds(3));

        d.heartbeat("member1", "True").beating("member1", BEAT, Duration.ofSeconds(20));

        assertThat(d.transitions()).containsExactly(
                "member1 null->READY Joined", "member1 READY->SUSPECT HeartbeatMissed", "member1 SUSPECT->READY HeartbeatResumed");
        assertThat(d.states.get(2).value().getIncidentId()).isEqualTo(d.states.get(1).value().getIncidentId());
        assertThat(d.watch("member1").getIncidentId()).isNull();
    }

    @Test
    void readyFalseForTheFailureThresholdIsSuspect() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True");

        for (int i = 0; i < 6; i++) {
            d.advance(BEAT).heartbeat("member1", "False");
        }
        assertThat(d.transitions()).containsExactly("member1 null->READY Joined");
        d.advance(BEAT).heartbeat("member1", "False");

        assertThat(d.transitions()).containsExactly("member1 null->READY Joined", "member1 READY->SUSPECT ReadyFalse");
        assertThat(d.states.get(1).value().getTransitionAt()).isEqualTo(START.plusMillis(3500));
    }

    @Test
    void aNoExecuteTaintFailsTheClusterAtOnce() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").advance(BEAT);

        d.heartbeat("member1", "True", taint("maintenance", "NoExecute"));

        assertThat(d.transitions()).containsExactly("member1 null->READY Joined", "member1 READY->FAILED NoExecuteTaint");
        ClusterStateEvent failed = d.states.get(1).value();
        assertThat(failed.getMessage()).isEqualTo("taint maintenance:NoExecute");
        assertThat(failed.getTransitionAt()).isEqualTo(START.plusMillis(500));
        assertThat(failed.getIncidentId()).isEqualTo("member1-" + START.plusMillis(500).toEpochMilli());
    }

    @Test
    void aFailedClusterRecoversAndIsReadyAfterTheSuccessThreshold() {
        WatchClustersDriver d = driver(TRIAL).witness("member9").heartbeat("member1", "True").advance(Duration.ofSeconds(13));
        assertThat(d.watch("member1").getState()).isEqualTo(ClusterState.FAILED);

        d.heartbeat("member1", "True");
        assertThat(d.transitions()).last().isEqualTo("member1 FAILED->RECOVERING HeartbeatResumed");
        d.beating("member1", BEAT, Duration.ofMillis(1500));
        assertThat(d.watch("member1").getState()).isEqualTo(ClusterState.RECOVERING);
        d.beating("member1", BEAT, BEAT);

        assertThat(d.transitions()).last().isEqualTo("member1 RECOVERING->READY Recovered");
        ClusterStateEvent ready = d.states.get(d.states.size() - 1).value();
        assertThat(ready.getTransitionAt()).isEqualTo(START.plusSeconds(15));
        assertThat(ready.getIncidentId()).isEqualTo("member1-" + START.plusSeconds(3).toEpochMilli());
        assertThat(d.states).extracting(r -> r.value().getIncidentId()).containsExactly(
                null, ready.getIncidentId(), ready.getIncidentId(), ready.getIncidentId(), ready.getIncidentId());
    }

    @Test
    void aClusterThatFlapsMustStayHealthyTwiceAsLongTheSecondTime() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True");
        String first = incidentAndRecovery(d);
        Duration firstRecovery = recoveringTime(d);
        String second = incidentAndRecovery(d);
        Duration secondRecovery = recoveringTime(d);

        assertThat(firstRecovery).isEqualTo(Duration.ofSeconds(2));
        assertThat(secondRecovery).isEqualTo(Duration.ofSeconds(4));
        assertThat(second).isNotEqualTo(first);
        assertThat(d.states.get(d.states.size() - 1).value().getFlapCount()).isEqualTo(1);
        assertThat(d.transitions()).filteredOn(t -> t.contains("->FAILED")).hasSize(2);
    }

    @Test
    void anOlderHeartbeatThanTheLatestIsIgnored() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").advance(BEAT).heartbeat("member1", "True");
        ClusterWatch before = d.watch("member1");

        d.advance(BEAT).heartbeat("member1", START.minusSeconds(60), "True", taint("maintenance", "NoExecute"));

        assertThat(d.transitions()).containsExactly("member1 null->READY Joined");
        assertThat(d.watch("member1")).isEqualTo(before);
    }

    @Test
    void clustersAreWatchedEachOnItsOwn() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").heartbeat("member2", "True");

        for (int i = 0; i < 8; i++) {
            d.advance(BEAT).heartbeat("member2", "True");
        }

        assertThat(d.transitions()).containsExactly(
                "member1 null->READY Joined", "member2 null->READY Joined", "member1 READY->SUSPECT HeartbeatMissed");
        assertThat(d.watch("member2").getState()).isEqualTo(ClusterState.READY);
    }

    @Test
    void theStoreKeepsTheLatestHeartbeatForTheQueryApi() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").advance(BEAT).heartbeat("member1", "True");

        ClusterWatch watch = d.watch("member1");

        assertThat(watch.getHeartbeat()).isEqualTo(WatchClustersDriver.event("member1", START.plusMillis(500), "True"));
        assertThat(watch.getLastReceivedAt()).isEqualTo(START.plusMillis(500));
        assertThat(watch.getSince()).isEqualTo(START);
    }

    @Test
    void aBusyClustersCapacityAtEveryHeartbeatReachesTheViewsOncePerUpdateIntervalAndATaintAtOnce() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True");
        // 40 heartbeats 500 ms apart, each with another allocated cpu count, as a busy cluster reports them.
        for (int beat = 1; beat <= 40; beat++) {
            d.advance(BEAT).pipe("member1", busy(d.now(), beat));
        }

        assertThat(d.views).as("joined, the first capacity change at once, the next 10 s of the heartbeats' clock later (Karmada's"
                + " --cluster-status-update-frequency), not one a heartbeat").hasSize(3);
        assertThat(d.views.get(1).getHeartbeat().getHeartbeatAt()).isEqualTo(START.plusMillis(500));
        assertThat(d.views.get(1).getHeartbeat().getAllocated()).containsEntry("cpu", "1");
        assertThat(d.views.get(2).getHeartbeat().getHeartbeatAt()).isEqualTo(START.plusMillis(10_500));
        assertThat(d.views.get(2).getHeartbeat().getAllocated()).containsEntry("cpu", "21");

        d.advance(BEAT).pipe("member1", ClusterHealthEvent.newBuilder(busy(d.now(), 41))
                .setTaints(List.of(taint("maintenance", "NoSchedule"))).build());

        assertThat(d.views).as("a taint is sent at once, with the capacity of its heartbeat").hasSize(4);
        assertThat(d.views.get(3).getHeartbeat().getAllocated()).containsEntry("cpu", "41");
    }

    @Test
    void withACapacityUpdateIntervalOfZeroEveryCapacityChangeIsSent() {
        Map<String, String> everyChange = new java.util.HashMap<>(TRIAL);
        everyChange.put("health.capacity.update.interval.ms", "0");
        WatchClustersDriver d = driver(everyChange).heartbeat("member1", "True");
        for (int beat = 1; beat <= 4; beat++) {
            d.advance(BEAT).pipe("member1", busy(d.now(), beat));
        }
        d.advance(BEAT).pipe("member1", busy(d.now(), 4));

        assertThat(d.views).as("joined, 4 changes, and no view for a heartbeat that changes nothing").hasSize(5);
    }

    private static ClusterHealthEvent busy(Instant at, int allocatedCpu) {
        return ClusterHealthEvent.newBuilder(WatchClustersDriver.event("member1", at, "True"))
                .setAllocated(Map.of("cpu", Integer.toString(allocatedCpu), "memory", "48Gi")).build();
    }

    @Test
    void aTombstoneOrAMismatchedKeyIsADeadLetter() {
        WatchClustersDriver d = driver(TRIAL).pipe("member1", null)
                .pipe("member1", WatchClustersDriver.event("member2", START, "True"));

        assertThat(d.transitions()).isEmpty();
        assertThat(d.deadLetters).hasSize(2);
        assertThat(header(d.deadLetters.get(0), "stage")).isEqualTo("health");
        assertThat(header(d.deadLetters.get(0), "reason"))
                .isEqualTo("a tombstone does not remove a cluster: heartbeats only report it (key member1)");
        assertThat(d.deadLetters.get(0).value()).isNull();
        assertThat(header(d.deadLetters.get(1), "reason")).isEqualTo("key member1 and cluster member2 differ");
        assertThat(header(d.deadLetters.get(1), "field")).isEqualTo("cluster");
        assertThat(header(d.deadLetters.get(1), "offset")).isEqualTo("1");
        assertThat(d.deadLetters.get(1).value()).isNotEmpty();
    }

    @Test
    void theDefaultsAreThirtySecondsAndFiveMinutes() {
        WatchClustersDriver d = driver(Map.of()).witness("member9").heartbeat("member1", "True");

        d.advance(Duration.ofSeconds(29));
        assertThat(d.transitions()).hasSize(1);
        d.advance(Duration.ofSeconds(1));
        assertThat(d.transitions()).last().isEqualTo("member1 READY->SUSPECT HeartbeatMissed");
        d.advance(Duration.ofSeconds(299));
        assertThat(d.transitions()).hasSize(2);
        d.advance(Duration.ofSeconds(1));

        assertThat(d.transitions()).last().isEqualTo("member1 SUSPECT->FAILED HeartbeatMissed");
        assertThat(d.states.get(2).value().getTransitionAt()).isEqualTo(START.plusSeconds(330));
    }

    @Test
    void aHeartbeatWithABadQuantityIsADeadLetterNamingFieldAndValueAndTheClusterKeepsItsLastValidView() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").advance(BEAT);
        ClusterWatch valid = d.watch("member1");
        ClusterHealthEvent bad = ClusterHealthEvent.newBuilder(WatchClustersDriver.event("member1", d.now(), "True"))
                .setAllocatable(Map.of("cpu", "1e30", "memory", "256Gi")).build();

        d.pipe("member1", bad);

        assertThat(d.deadLetters).singleElement().satisfies(letter -> {
            assertThat(header(letter, "stage")).isEqualTo("health");
            assertThat(header(letter, "field")).isEqualTo("allocatable.cpu");
            assertThat(header(letter, "value")).isEqualTo("1e30");
            assertThat(header(letter, "reason"))
                    .isEqualTo("allocatable.cpu: quantity 1000000000000000000000000000000 does not fit a 64-bit integer (value: 1e30)");
            assertThat(header(letter, "topic")).isEqualTo("fedstream.cluster-health");
            assertThat(header(letter, "offset")).isEqualTo("1");
            assertThat(letter.value()).isNotEmpty();
        });
        ClusterWatch kept = d.watch("member1");
        assertThat(kept.getHeartbeat()).as("the last valid view stays").isEqualTo(valid.getHeartbeat());
        assertThat(kept.getLastHeartbeatAt()).isEqualTo(valid.getLastHeartbeatAt());
        assertThat(kept.getState()).isEqualTo(ClusterState.READY);
        assertThat(kept.getRefusal().getField()).isEqualTo("allocatable.cpu");
        assertThat(kept.getRefusal().getValue()).isEqualTo("1e30");
        assertThat(d.transitions()).containsExactly("member1 null->READY Joined");

        d.advance(BEAT).heartbeat("member1", "True");

        assertThat(d.watch("member1").getRefusal()).as("a valid heartbeat clears the refusal").isNull();
    }

    @Test
    void aClusterKnownOnlyFromRefusedHeartbeatsHasNoStateChangeUntilItsFirstValidOne() {
        WatchClustersDriver d = driver(TRIAL);
        d.pipe("member1", ClusterHealthEvent.newBuilder(WatchClustersDriver.event("member1", START, "True"))
                .setAllocatable(Map.of("cpu", "-64")).build());

        assertThat(d.transitions()).isEmpty();
        assertThat(d.watch("member1").getHeartbeat()).isNull();
        assertThat(d.watch("member1").getRefusal().getMessage()).isEqualTo("allocatable.cpu: must not be negative (value: -64)");

        d.advance(BEAT).heartbeat("member1", "True");

        assertThat(d.transitions()).containsExactly("member1 null->READY Joined");
        assertThat(d.watch("member1").getRefusal()).isNull();
    }

    @Test
    void processingLagNeverLooksLikeSilence() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").heartbeat("member2", "True");

        // The watch stalls for 20 s (failure threshold 3 s): heartbeats pile up unprocessed while the wall clock moves.
        d.advance(Duration.ofSeconds(20));
        assertThat(d.transitions()).as("no heartbeat time passed: nobody is silent")
                .containsExactly("member1 null->READY Joined", "member2 null->READY Joined");
        assertThat(d.watch("member1").getBrake().getReason()).as("but the lag shows, and the brake holds").isEqualTo("InputLag");

        // The backlog arrives in its order, each heartbeat with its own time, 20 s late.
        for (int s = 1; s <= 20; s++) {
            Instant at = START.plusSeconds(s);
            d.heartbeat("member1", at, "True").heartbeat("member2", at, "True");
        }

        assertThat(d.transitions()).containsExactly("member1 null->READY Joined", "member2 null->READY Joined");
        assertThat(d.watch("member2").getBrake()).as("caught up: the brake released").isNull();
        assertThat(d.audit).extracting(a -> a.value().getDecision()).containsSubsequence("BRAKE_ENGAGED", "BRAKE_RELEASED");
    }

    @Test
    void noClusterChangesStateWhileTheHealthInputLags() {
        WatchClustersDriver d = driver(TRIAL).heartbeat("member1", "True").heartbeat("member2", "True");
        d.advance(Duration.ofSeconds(20));

        // Lagging still: member2's heartbeat 15 s behind the wall clock moves the watch's clock 5 s past member1's last.
        d.heartbeat("member2", START.plusSeconds(5), "True");
        assertThat(d.transitions()).hasSize(2);

        // Caught up: a backlog may be read in any order of clusters, so member1 gets a full failure threshold from here.
        d.heartbeat("member2", START.plusSeconds(20), "True");
        assertThat(d.transitions()).hasSize(2);
        d.heartbeat("member2", START.plusSeconds(23), "True");
        assertThat(d.transitions()).last().isEqualTo("member1 READY->SUSPECT HeartbeatMissed");
    }

    /** A NoExecute taint, then healthy heartbeats until READY; returns the incident id. */
    private static String incidentAndRecovery(WatchClustersDriver d) {
        d.advance(BEAT).heartbeat("member1", "True", taint("drain", "NoExecute"));
        String incident = d.watch("member1").getIncidentId();
        d.advance(BEAT).heartbeat("member1", "True");
        for (int i = 0; i < 40 && d.watch("member1").getState() != ClusterState.READY; i++) {
            d.beating("member1", BEAT, BEAT);
        }
        return incident;
    }

    /** Between the latest RECOVERING and READY transitions. */
    private static Duration recoveringTime(WatchClustersDriver d) {
        Instant recovering = null;
        Instant ready = null;
        for (TestRecord<String, ClusterStateEvent> record : d.states) {
            if (record.value().getState() == ClusterState.RECOVERING) {
                recovering = record.value().getTransitionAt();
            } else if (record.value().getState() == ClusterState.READY) {
                ready = record.value().getTransitionAt();
            }
        }
        return Duration.between(recovering, ready);
    }

    private static String header(TestRecord<String, byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
