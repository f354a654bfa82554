package io.fedstream.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every rule of the cluster life cycle, on the default timings: failure 30 s, toleration 5 min, success 10 s, flap window 10 min. */
class ClusterHealthMachineTest {

    private static final long T0 = Instant.parse("2026-11-29T10:00:00Z").toEpochMilli();
    private static final long SECOND = 1000;

    private final ClusterHealthMachine machine = new ClusterHealthMachine(HealthSettings.defaults());

    @Test
    void aHealthyFirstHeartbeatJoinsReady() {
        ClusterHealthMachine.Step step = machine.onHeartbeat(null, heartbeat(T0, "True"), T0);

        assertThat(step.transition()).isEqualTo(event(ClusterState.READY, null, "Joined", "first heartbeat", null, T0, 0, T0));
        assertThat(step.watch().getState()).isEqualTo(ClusterState.READY);
        assertThat(step.watch().getLastHeartbeatAt()).isEqualTo(Instant.ofEpochMilli(T0));
        assertThat(step.watch().getHeartbeat()).isEqualTo(heartbeat(T0, "True"));
    }

    @Test
    void aHeartbeatWithoutReadyConditionCountsAsHealthy() {
        ClusterHealthMachine.Step step = machine.onHeartbeat(null, heartbeat(T0, null), T0);

        assertThat(step.transition().getState()).isEqualTo(ClusterState.READY);
    }

    @Test
    void aFirstHeartbeatNotReadyIsSuspectAtOnceAndOpensAnIncident() {
        ClusterHealthMachine.Step step = machine.onHeartbeat(null, heartbeat(T0, "False"), T0);

        assertThat(step.transition()).isEqualTo(event(ClusterState.SUSPECT, null, "ReadyFalse", "Ready is False (Probe: apiserver down)",
                "member1-" + T0, T0, 0, T0));
    }

    @Test
    void aFirstHeartbeatWithANoExecuteTaintIsFailedAtOnce() {
        ClusterHealthMachine.Step step = machine.onHeartbeat(null, heartbeat(T0, "True", taint("maintenance", "NoExecute")), T0);

        assertThat(step.transition()).isEqualTo(event(ClusterState.FAILED, null, "NoExecuteTaint", "taint maintenance=now:NoExecute",
                "member1-" + T0, T0, 0, T0));
    }

    @Test
    void regularHeartbeatsKeepAClusterReadyWithoutTransitions() {
        ClusterWatch watch = ready();
        for (long t = T0 + 10 * SECOND; t <= T0 + 120 * SECOND; t += 10 * SECOND) {
            ClusterHealthMachine.Step beat = machine.onHeartbeat(watch, heartbeat(t, "True"), t);
            assertThat(beat.transition()).isNull();
            ClusterHealthMachine.Step tick = machine.onTick(beat.watch(), t + 5 * SECOND, T0);
            assertThat(tick.transition()).isNull();
            watch = tick.watch();
        }
        assertThat(watch.getState()).isEqualTo(ClusterState.READY);
        assertThat(watch.getLastHeartbeatAt()).isEqualTo(Instant.ofEpochMilli(T0 + 120 * SECOND));
    }

    @Test
    void aMissedHeartbeatMakesTheClusterSuspectAfterTheFailureThreshold() {
        ClusterWatch watch = ready();

        assertThat(machine.onTick(watch, T0 + 30 * SECOND - 1, T0).transition()).isNull();
        ClusterHealthMachine.Step suspect = machine.onTick(watch, T0 + 30 * SECOND, T0);

        assertThat(suspect.transition()).isEqualTo(event(ClusterState.SUSPECT, ClusterState.READY, "HeartbeatMissed",
                "no heartbeat for 30s (failure threshold 30s)", "member1-" + (T0 + 30 * SECOND), T0, 0, T0 + 30 * SECOND));
        assertThat(suspect.watch().getIncidentId()).isEqualTo("member1-" + (T0 + 30 * SECOND));
    }

    @Test
    void aSuspectClusterFailsAfterTheTolerationWithTheSameIncident() {
        ClusterWatch suspect = machine.onTick(ready(), T0 + 30 * SECOND, T0).watch();
        long failAt = T0 + 330 * SECOND;

        assertThat(machine.onTick(suspect, failAt - 1, T0).transition()).isNull();
        ClusterHealthMachine.Step failed = machine.onTick(suspect, failAt, T0);

        assertThat(failed.transition()).isEqualTo(event(ClusterState.FAILED, ClusterState.SUSPECT, "HeartbeatMissed",
                "SUSPECT for 5m (toleration 5m): no heartbeat for 30s (failure threshold 30s)", "member1-" + (T0 + 30 * SECOND),
                T0, 0, failAt));
        assertThat(machine.onTick(failed.watch(), failAt + 3600 * SECOND, T0).transition()).isNull();
    }

    @Test
    void aBlipGoesBackToReadyWithoutFailure() {
        ClusterWatch suspect = machine.onTick(ready(), T0 + 30 * SECOND, T0).watch();
        long back = T0 + 40 * SECOND;

        ClusterHealthMachine.Step ready = machine.onHeartbeat(suspect, heartbeat(back, "True"), back);

        assertThat(ready.transition()).isEqualTo(event(ClusterState.READY, ClusterState.SUSPECT, "HeartbeatResumed",
                "healthy again before the toleration", "member1-" + (T0 + 30 * SECOND), back, 0, back));
        assertThat(ready.watch().getIncidentId()).isNull();
        assertThat(machine.onTick(ready.watch(), back + 29 * SECOND, T0).transition()).isNull();
    }

    @Test
    void readyFalseMakesTheClusterSuspectOnceItLastsTheFailureThreshold() {
        long t1 = T0 + 10 * SECOND;
        ClusterHealthMachine.Step first = machine.onHeartbeat(ready(), heartbeat(t1, "False"), t1);
        assertThat(first.transition()).isNull();
        assertThat(first.watch().getNotReadySince()).isEqualTo(Instant.ofEpochMilli(t1));

        ClusterHealthMachine.Step still = machine.onHeartbeat(first.watch(), heartbeat(t1 + 20 * SECOND, "False"), t1 + 20 * SECOND);
        assertThat(still.transition()).isNull();
        assertThat(still.watch().getNotReadySince()).isEqualTo(Instant.ofEpochMilli(t1));

        ClusterHealthMachine.Step suspect = machine.onTick(still.watch(), t1 + 30 * SECOND, T0);
        assertThat(suspect.transition()).isEqualTo(event(ClusterState.SUSPECT, ClusterState.READY, "ReadyFalse",
                "Ready is False (Probe: apiserver down) for 30s (failure threshold 30s)", "member1-" + (t1 + 30 * SECOND),
                t1 + 20 * SECOND, 0, t1 + 30 * SECOND));
        assertThat(suspect.watch().getNotReadySince()).isNull();
    }

    @Test
    void aReadyFalseHeartbeatThatReachesTheThresholdIsSuspectWithoutWaitingForATick() {
        ClusterWatch notReady = machine.onHeartbeat(ready(), heartbeat(T0 + SECOND, "Unknown"), T0 + SECOND).watch();

        ClusterHealthMachine.Step suspect = machine.onHeartbeat(notReady, heartbeat(T0 + 31 * SECOND, "Unknown"), T0 + 31 * SECOND);

        assertThat(suspect.transition().getState()).isEqualTo(ClusterState.SUSPECT);
        assertThat(suspect.transition().getReason()).isEqualTo("ReadyUnknown");
    }

    @Test
    void aShortReadyFalseIsForgotten() {
        ClusterWatch notReady = machine.onHeartbeat(ready(), heartbeat(T0 + SECOND, "False"), T0 + SECOND).watch();
        ClusterHealthMachine.Step healthy = machine.onHeartbeat(notReady, heartbeat(T0 + 20 * SECOND, "True"), T0 + 20 * SECOND);

        assertThat(healthy.transition()).isNull();
        assertThat(healthy.watch().getNotReadySince()).isNull();
        assertThat(machine.onTick(healthy.watch(), T0 + 45 * SECOND, T0).transition()).isNull();
    }

    @Test
    void aNoExecuteTaintFailsAReadyClusterAtOnce() {
        long t = T0 + 5 * SECOND;
        ClusterHealthMachine.Step failed = machine.onHeartbeat(ready(), heartbeat(t, "True", taint("drain", "NoExecute")), t);

        assertThat(failed.transition()).isEqualTo(event(ClusterState.FAILED, ClusterState.READY, "NoExecuteTaint",
                "taint drain=now:NoExecute", "member1-" + t, t, 0, t));
    }

    @Test
    void aNoScheduleTaintChangesNothing() {
        long t = T0 + 5 * SECOND;
        assertThat(machine.onHeartbeat(ready(), heartbeat(t, "True", taint("full", "NoSchedule")), t).transition()).isNull();
    }

    @Test
    void aNoExecuteTaintFailsASuspectClusterWithinItsIncident() {
        ClusterWatch suspect = machine.onTick(ready(), T0 + 30 * SECOND, T0).watch();
        long t = T0 + 60 * SECOND;

        ClusterHealthMachine.Step failed = machine.onHeartbeat(suspect, heartbeat(t, "True", taint("drain", "NoExecute")), t);

        assertThat(failed.transition().getState()).isEqualTo(ClusterState.FAILED);
        assertThat(failed.transition().getReason()).isEqualTo("NoExecuteTaint");
        assertThat(failed.transition().getIncidentId()).isEqualTo("member1-" + (T0 + 30 * SECOND));
    }

    @Test
    void aFailedClusterRecoversAndIsReadyAfterTheSuccessThreshold() {
        ClusterWatch failed = failedAt(T0 + SECOND);
        String incident = failed.getIncidentId();
        long back = T0 + 600 * SECOND;

        ClusterHealthMachine.Step recovering = machine.onHeartbeat(failed, heartbeat(back, "True"), back);
        assertThat(recovering.transition()).isEqualTo(event(ClusterState.RECOVERING, ClusterState.FAILED, "NoExecuteTaintRemoved",
                "READY after 10s of health", incident, back, 0, back));

        ClusterWatch watch = recovering.watch();
        for (long t = back + 2 * SECOND; t < back + 10 * SECOND; t += 2 * SECOND) {
            ClusterHealthMachine.Step beat = machine.onHeartbeat(watch, heartbeat(t, "True"), t);
            assertThat(beat.transition()).isNull();
            watch = beat.watch();
        }
        ClusterHealthMachine.Step ready = machine.onTick(watch, back + 10 * SECOND, T0);

        assertThat(ready.transition()).isEqualTo(event(ClusterState.READY, ClusterState.RECOVERING, "Recovered",
                "healthy for 10s (success threshold 10s, 0 earlier incidents within 10m)", incident, back + 8 * SECOND, 0, back + 10 * SECOND));
        assertThat(ready.watch().getIncidentId()).isNull();
    }

    @Test
    void aFailedClusterStaysFailedWhileItsHeartbeatsAreUnhealthy() {
        ClusterWatch failed = failedAt(T0 + SECOND);
        long t = T0 + 100 * SECOND;

        assertThat(machine.onHeartbeat(failed, heartbeat(t, "False"), t).transition()).isNull();
        assertThat(machine.onHeartbeat(failed, heartbeat(t, "True", taint("drain", "NoExecute")), t).transition()).isNull();
    }

    @Test
    void aClusterFailedByANoExecuteTaintThatGoesSilentIsMissedAFailureThresholdAfterItsLastHeartbeat() {
        ClusterWatch failed = failedAt(T0 + SECOND);

        assertThat(machine.onTick(failed, T0 + 31 * SECOND - 1, T0).watch()).as("silent for less than the threshold").isSameAs(failed);
        ClusterHealthMachine.Step silent = machine.onTick(failed, T0 + 31 * SECOND, T0);

        assertThat(silent.transition()).as("no transition: FAILED all along").isNull();
        assertThat(silent.watch().getState()).isEqualTo(ClusterState.FAILED);
        assertThat(silent.watch().getReason()).isEqualTo("HeartbeatMissed");
        assertThat(silent.watch().getMessage()).isEqualTo("no heartbeat for 30s after NoExecuteTaint: taint drain=now:NoExecute");
        assertThat(silent.watch().getIncidentId()).isEqualTo(failed.getIncidentId());
        assertThat(silent.watch().getSince()).isEqualTo(failed.getSince());
        assertThat(machine.onTick(silent.watch(), T0 + 60 * SECOND, T0).watch()).as("missed once").isSameAs(silent.watch());
    }

    @Test
    void aSilentFailedClusterThatHeartBeatsAgainStillTaintedIsFailedForItsTaintAgain() {
        ClusterWatch silent = machine.onTick(failedAt(T0 + SECOND), T0 + 40 * SECOND, T0).watch();
        long back = T0 + 50 * SECOND;

        ClusterHealthMachine.Step step = machine.onHeartbeat(silent, heartbeat(back, "True", taint("drain", "NoExecute")), back);

        assertThat(step.transition()).isNull();
        assertThat(step.watch().getState()).isEqualTo(ClusterState.FAILED);
        assertThat(step.watch().getReason()).isEqualTo("NoExecuteTaint");
    }

    @Test
    void aSuspectClusterReportingReadyFalseThatGoesSilentIsMissedAndFailsAsMissed() {
        long t = T0 + 10 * SECOND;
        ClusterWatch notReady = machine.onHeartbeat(ready(), heartbeat(t, "False"), t).watch();
        ClusterWatch suspect = machine.onHeartbeat(notReady, heartbeat(t + 30 * SECOND, "False"), t + 30 * SECOND).watch();
        assertThat(suspect.getReason()).isEqualTo("ReadyFalse");

        ClusterWatch silent = machine.onTick(suspect, t + 60 * SECOND, T0).watch();
        ClusterHealthMachine.Step failed = machine.onTick(silent, t + 30 * SECOND + 300 * SECOND, T0);

        assertThat(silent.getState()).isEqualTo(ClusterState.SUSPECT);
        assertThat(silent.getReason()).isEqualTo("HeartbeatMissed");
        assertThat(failed.transition().getState()).isEqualTo(ClusterState.FAILED);
        assertThat(failed.transition().getReason()).isEqualTo("HeartbeatMissed");
    }

    @Test
    void aRecoveringClusterThatRelapsesFailsAgainInTheSameIncident() {
        ClusterWatch failed = failedAt(T0 + SECOND);
        long back = T0 + 100 * SECOND;
        ClusterWatch recovering = machine.onHeartbeat(failed, heartbeat(back, "True"), back).watch();

        ClusterHealthMachine.Step notReady = machine.onHeartbeat(recovering, heartbeat(back + 5 * SECOND, "False"), back + 5 * SECOND);
        assertThat(notReady.transition().getState()).isEqualTo(ClusterState.FAILED);
        assertThat(notReady.transition().getReason()).isEqualTo("ReadyFalse");
        assertThat(notReady.transition().getIncidentId()).isEqualTo(failed.getIncidentId());
        assertThat(notReady.transition().getFlapCount()).isZero();

        ClusterHealthMachine.Step silent = machine.onTick(recovering, back + 30 * SECOND, T0);
        assertThat(silent.transition().getState()).isEqualTo(ClusterState.FAILED);
        assertThat(silent.transition().getReason()).isEqualTo("HeartbeatMissed");
        assertThat(silent.transition().getMessage()).isEqualTo("no heartbeat for 30s while recovering");
    }

    @Test
    void eachIncidentWithinTheFlapWindowDoublesTheRecoveringTime() {
        ClusterWatch watch = ready();
        long t = T0;
        long[] expected = {10 * SECOND, 20 * SECOND, 40 * SECOND};
        for (int flap = 0; flap < 3; flap++) {
            t += SECOND;
            ClusterHealthMachine.Step failed = machine.onHeartbeat(watch, heartbeat(t, "True", taint("drain", "NoExecute")), t);
            assertThat(failed.transition().getFlapCount()).isEqualTo(flap);
            t += SECOND;
            ClusterHealthMachine.Step recovering = machine.onHeartbeat(failed.watch(), heartbeat(t, "True"), t);
            long required = expected[flap];
            assertThat(recovering.transition().getMessage()).isEqualTo("READY after " + ClusterHealthMachine.duration(required) + " of health");
            ClusterWatch beating = machine.onHeartbeat(recovering.watch(), heartbeat(t + required - 1, "True"), t + required - 1).watch();
            assertThat(machine.onTick(beating, t + required - 1, T0).transition()).isNull();
            ClusterHealthMachine.Step ready = machine.onTick(beating, t + required, T0);
            assertThat(ready.transition().getState()).isEqualTo(ClusterState.READY);
            assertThat(ready.transition().getFlapCount()).isEqualTo(flap);
            t += required;
            watch = ready.watch();
        }
        assertThat(watch.getIncidentStarts()).hasSize(3);

        long later = t + 600 * SECOND;
        ClusterHealthMachine.Step calm = machine.onHeartbeat(watch, heartbeat(later, "True", taint("drain", "NoExecute")), later);
        assertThat(calm.transition().getFlapCount()).isZero();
        assertThat(calm.watch().getIncidentStarts()).containsExactly(later);
    }

    @Test
    void theRecoveringTimeNeverExceedsTheFlapWindow() {
        assertThat(machine.recoveringTime(0)).isEqualTo(10 * SECOND);
        assertThat(machine.recoveringTime(5)).isEqualTo(320 * SECOND);
        assertThat(machine.recoveringTime(6)).isEqualTo(600 * SECOND);
        assertThat(machine.recoveringTime(Integer.MAX_VALUE)).isEqualTo(600 * SECOND);
    }

    @Test
    void theNextIncidentHasANewId() {
        ClusterWatch suspect = machine.onTick(ready(), T0 + 30 * SECOND, T0).watch();
        ClusterWatch back = machine.onHeartbeat(suspect, heartbeat(T0 + 40 * SECOND, "True"), T0 + 40 * SECOND).watch();

        ClusterHealthMachine.Step again = machine.onTick(back, T0 + 70 * SECOND, T0);

        assertThat(again.transition().getIncidentId()).isEqualTo("member1-" + (T0 + 70 * SECOND)).isNotEqualTo(suspect.getIncidentId());
        assertThat(again.transition().getFlapCount()).isEqualTo(1);
    }

    @Test
    void anOlderHeartbeatIsIgnoredAndAnEqualOneIsTaken() {
        ClusterWatch watch = machine.onHeartbeat(ready(), heartbeat(T0 + 20 * SECOND, "True"), T0 + 20 * SECOND).watch();

        ClusterHealthMachine.Step older = machine.onHeartbeat(watch, heartbeat(T0 + 10 * SECOND, "False"), T0 + 25 * SECOND);
        assertThat(older.watch()).isSameAs(watch);
        assertThat(older.transition()).isNull();

        ClusterHealthMachine.Step equal = machine.onHeartbeat(watch, heartbeat(T0 + 20 * SECOND, "True"), T0 + 26 * SECOND);
        assertThat(equal.watch()).isNotSameAs(watch);
        assertThat(equal.watch().getLastHeartbeatAt()).isEqualTo(Instant.ofEpochMilli(T0 + 20 * SECOND));
    }

    @Test
    void silenceCountsOnlyFromWhenWatchingBegan() {
        ClusterWatch watch = ready();
        long restart = T0 + 3600 * SECOND;

        assertThat(machine.onTick(watch, restart + 29 * SECOND, restart).transition()).isNull();
        ClusterHealthMachine.Step suspect = machine.onTick(watch, restart + 30 * SECOND, restart);
        assertThat(suspect.transition().getState()).isEqualTo(ClusterState.SUSPECT);
        assertThat(suspect.transition().getMessage()).isEqualTo("no heartbeat for 30s (failure threshold 30s)");
    }

    @Test
    void shortSettingsSuitALocalTrial() {
        HealthSettings fast = new HealthSettings(java.time.Duration.ofSeconds(3), java.time.Duration.ofSeconds(5),
                java.time.Duration.ofSeconds(2), java.time.Duration.ofSeconds(60), java.time.Duration.ofMillis(200));
        ClusterHealthMachine quick = new ClusterHealthMachine(fast);
        ClusterWatch watch = quick.onHeartbeat(null, heartbeat(T0, "True"), T0).watch();

        ClusterWatch suspect = quick.onTick(watch, T0 + 3 * SECOND, T0).watch();
        ClusterHealthMachine.Step failed = quick.onTick(suspect, T0 + 8 * SECOND, T0);

        assertThat(suspect.getState()).isEqualTo(ClusterState.SUSPECT);
        assertThat(failed.transition().getState()).isEqualTo(ClusterState.FAILED);
    }

    @Test
    void aTolerationShorterThanTheFailureWindowStillWaitsTheWindowBeforeFailed() {
        HealthSettings shortToleration = new HealthSettings(java.time.Duration.ofSeconds(3), java.time.Duration.ofSeconds(1),
                java.time.Duration.ofSeconds(2), java.time.Duration.ofSeconds(60), java.time.Duration.ofMillis(200));
        ClusterHealthMachine quick = new ClusterHealthMachine(shortToleration);
        ClusterWatch watch = quick.onHeartbeat(null, heartbeat(T0, "True"), T0).watch();
        ClusterWatch suspect = quick.onTick(watch, T0 + 3 * SECOND, T0).watch();

        assertThat(quick.onTick(suspect, T0 + 5 * SECOND, T0).transition()).as("a cluster turning SUSPECT until +6 s would hold the brake")
                .isNull();
        assertThat(quick.onTick(suspect, T0 + 6 * SECOND, T0).transition().getState()).isEqualTo(ClusterState.FAILED);
    }

    @Test
    void durationsReadShort() {
        assertThat(ClusterHealthMachine.duration(250)).isEqualTo("250ms");
        assertThat(ClusterHealthMachine.duration(30_000)).isEqualTo("30s");
        assertThat(ClusterHealthMachine.duration(300_000)).isEqualTo("5m");
        assertThat(ClusterHealthMachine.duration(330_000)).isEqualTo("5m30s");
        assertThat(ClusterHealthMachine.duration(7_200_000)).isEqualTo("2h");
    }

    private ClusterWatch ready() {
        return machine.onHeartbeat(null, heartbeat(T0, "True"), T0).watch();
    }

    private ClusterWatch failedAt(long t) {
        return machine.onHeartbeat(ready(), heartbeat(t, "True", taint("drain", "NoExecute")), t).watch();
    }

    static ClusterHealthEvent heartbeat(long at, String ready, Taint... taints) {
        ClusterHealthEvent.Builder event = ClusterHealthEvent.newBuilder()
                .setCluster("member1")
                .setHeartbeatAt(Instant.ofEpochMilli(at))
                .setTaints(List.of(taints));
        if (ready != null) {
            event.setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus(ready)
                    .setReason("True".equals(ready) ? "ClusterReady" : "Probe")
                    .setMessage("True".equals(ready) ? "cluster is healthy" : "apiserver down").build()));
        }
        return event.build();
    }

    static Taint taint(String key, String effect) {
        return Taint.newBuilder().setKey(key).setValue("now").setEffect(effect).build();
    }

    private static ClusterStateEvent event(ClusterState state, ClusterState previous, String reason, String message,
                                           String incidentId, long lastHeartbeatAt, int flapCount, long at) {
        return ClusterStateEvent.newBuilder()
                .setCluster("member1")
                .setState(state)
                .setPreviousState(previous)
                .setReason(reason)
                .setMessage(message)
                .setIncidentId(incidentId)
                .setLastHeartbeatAt(Instant.ofEpochMilli(lastHeartbeatAt))
                .setFlapCount(flapCount)
                .setTransitionAt(Instant.ofEpochMilli(at))
                .build();
    }
}
