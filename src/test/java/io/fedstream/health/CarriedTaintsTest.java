package io.fedstream.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which taints a cluster carries after each step of its watch, and since when. */
class CarriedTaintsTest {

    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
    private static final Instant T1 = T0.plusSeconds(30);
    private static final Instant T2 = T0.plusSeconds(60);

    private static ClusterHealthEvent heartbeat(String ready, Taint... taints) {
        return ClusterHealthEvent.newBuilder().setCluster("member1").setHeartbeatAt(T0)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus(ready).build()))
                .setTaints(List.of(taints)).build();
    }

    private static ClusterWatch watch(ClusterState state, String reason, ClusterHealthEvent heartbeat) {
        return ClusterWatch.newBuilder().setCluster("member1").setState(state).setReason(reason).setSince(T0)
                .setHeartbeat(heartbeat).build();
    }

    private static Taint taint(String key, String value, String effect) {
        return Taint.newBuilder().setKey(key).setValue(value).setEffect(effect).build();
    }

    @Test
    void aSilentClusterIsUnreachableAndOneReportingReadyFalseIsNotReadyFromWhenItTurnedSuspect() {
        assertThat(CarriedTaints.after(List.of(), watch(ClusterState.SUSPECT, Reasons.HEARTBEAT_MISSED, heartbeat("True")), T1))
                .extracting(CarriedTaint::getKey, CarriedTaint::getEffect, CarriedTaint::getTimeAdded)
                .containsExactly(tuple(CarriedTaints.UNREACHABLE, "NoExecute", T1));
        assertThat(CarriedTaints.after(List.of(), watch(ClusterState.SUSPECT, Reasons.READY_FALSE, heartbeat("False")), T1))
                .extracting(CarriedTaint::getKey).containsExactly(CarriedTaints.NOT_READY);
        assertThat(CarriedTaints.after(List.of(), watch(ClusterState.SUSPECT, Reasons.READY_UNKNOWN, heartbeat("Unknown")), T1))
                .as("Ready Unknown is unreachable, as Karmada's TaintClusterUnreachable says")
                .extracting(CarriedTaint::getKey).containsExactly(CarriedTaints.UNREACHABLE);
    }

    @Test
    void aTaintKeepsTheTimeItWasAddedWhileTheClusterCarriesIt() {
        List<CarriedTaint> suspect = CarriedTaints.after(List.of(), watch(ClusterState.SUSPECT, Reasons.HEARTBEAT_MISSED, heartbeat("True")), T1);
        List<CarriedTaint> failed = CarriedTaints.after(suspect, watch(ClusterState.FAILED, Reasons.HEARTBEAT_MISSED, heartbeat("True")), T2);
        List<CarriedTaint> recovering = CarriedTaints.after(failed, watch(ClusterState.RECOVERING, Reasons.HEARTBEAT_RESUMED, heartbeat("True")),
                T2.plusSeconds(5));

        assertThat(failed).extracting(CarriedTaint::getTimeAdded).containsExactly(T1);
        assertThat(recovering).as("Karmada holds Ready back for the success threshold").extracting(CarriedTaint::getKey, CarriedTaint::getTimeAdded)
                .containsExactly(tuple(CarriedTaints.UNREACHABLE, T1));
        assertThat(CarriedTaints.after(recovering, watch(ClusterState.READY, Reasons.RECOVERED, heartbeat("True")), T2.plusSeconds(20)))
                .isEmpty();
    }

    @Test
    void aSwapFromNotReadyToUnreachableAddsTheNewTaintNow() {
        List<CarriedTaint> notReady = CarriedTaints.after(List.of(), watch(ClusterState.FAILED, Reasons.READY_FALSE, heartbeat("False")), T1);
        assertThat(CarriedTaints.after(notReady, watch(ClusterState.FAILED, Reasons.HEARTBEAT_MISSED, heartbeat("False")), T2))
                .extracting(CarriedTaint::getKey, CarriedTaint::getTimeAdded).containsExactly(tuple(CarriedTaints.UNREACHABLE, T2));
    }

    @Test
    void theSpecsTaintsCountFromWhenTheyFirstAppearedByKeyAndEffect() {
        ClusterHealthEvent first = heartbeat("True", taint("maintenance", null, "NoExecute"), taint("gpu", "a100", "NoSchedule"));
        List<CarriedTaint> once = CarriedTaints.after(List.of(), watch(ClusterState.FAILED, Reasons.NO_EXECUTE_TAINT, first), T0);
        ClusterHealthEvent later = heartbeat("True", taint("maintenance", "until-noon", "NoExecute"), taint("drain", null, "NoExecute"));
        List<CarriedTaint> twice = CarriedTaints.after(once, watch(ClusterState.FAILED, Reasons.NO_EXECUTE_TAINT, later), T1);

        assertThat(once).extracting(CarriedTaint::getKey, CarriedTaint::getEffect, CarriedTaint::getTimeAdded)
                .containsExactly(tuple("maintenance", "NoExecute", T0), tuple("gpu", "NoSchedule", T0));
        assertThat(twice).extracting(CarriedTaint::getKey, CarriedTaint::getValue, CarriedTaint::getTimeAdded)
                .containsExactly(tuple("maintenance", "until-noon", T0), tuple("drain", null, T1));
    }

    @Test
    void aClusterFailedByANoExecuteTaintWhileReportingReadyFalseIsAlsoNotReady() {
        assertThat(CarriedTaints.after(List.of(), watch(ClusterState.FAILED, Reasons.NO_EXECUTE_TAINT,
                heartbeat("False", taint("maintenance", null, "NoExecute"))), T1))
                .extracting(CarriedTaint::getKey).containsExactly("maintenance", CarriedTaints.NOT_READY);
    }

    @Test
    void aHealthyClusterCarriesOnlyItsSpecsTaintsAndOneKnownOnlyFromRefusedHeartbeatsNone() {
        assertThat(CarriedTaints.after(List.of(), watch(ClusterState.READY, Reasons.JOINED, heartbeat("True", taint("gpu", null, "NoSchedule"))), T0))
                .extracting(CarriedTaint::getKey).containsExactly("gpu");
        assertThat(CarriedTaints.after(List.of(), watch(ClusterState.SUSPECT, Reasons.HEARTBEAT_REFUSED, null), T0)).isEmpty();
    }
}
