package io.fedstream.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationBrake;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per rule of the migration brake (docs/health.md), on watches built by hand; failure threshold 30 s. */
class MigrationBrakeRuleTest {

    private static final long T0 = Instant.parse("2026-11-29T10:00:00Z").toEpochMilli();
    private static final long SECOND = 1000;

    private final MigrationBrakeRule rule = new MigrationBrakeRule(HealthSettings.defaults());

    @Test
    void noKnownClusterNoBrake() {
        assertThat(rule.evaluate(List.of(), Long.MIN_VALUE, T0, null)).isNull();
    }

    @Test
    void halfTheFleetSuspectWithinOneFailureThresholdHoldsTheBrake() {
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.SUSPECT, T0), down("c", ClusterState.SUSPECT, T0 + 29 * SECOND));

        MigrationBrake brake = rule.evaluate(fleet, T0 + 29 * SECOND, T0 + 29 * SECOND, null);

        assertThat(brake.getReason()).isEqualTo(MigrationBrakeRule.MASS_FAILURE);
        assertThat(brake.getClusters()).containsExactly("b", "c");
        assertThat(brake.getKnownClusters()).isEqualTo(3);
        assertThat(brake.getSince()).isEqualTo(Instant.ofEpochMilli(T0 + 29 * SECOND));
        assertThat(brake.getMessage()).startsWith("2 of 3 clusters turned SUSPECT within 30s (b, c;");
    }

    @Test
    void failuresFurtherApartThanOneFailureThresholdAreSeparateIncidents() {
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.FAILED, T0), down("c", ClusterState.SUSPECT, T0 + 31 * SECOND));

        assertThat(rule.evaluate(fleet, T0 + 31 * SECOND, T0 + 31 * SECOND, null)).isNull();
    }

    @Test
    void oneClusterAloneIsNeverAMassFailureByDefault() {
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.FAILED, T0));

        assertThat(rule.evaluate(fleet, T0, T0, null)).as("1 of 2 is half, but fewer than health.brake.min.clusters").isNull();
    }

    @Test
    void theRatioIsConfigurable() {
        MigrationBrakeRule threeQuarters = new MigrationBrakeRule(new HealthSettings(Duration.ofSeconds(30), Duration.ofMinutes(5),
                Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofSeconds(1), Duration.ofSeconds(30), 0.75, 2));
        List<ClusterWatch> twoOfFour = List.of(ready("a"), ready("b"), down("c", ClusterState.SUSPECT, T0), down("d", ClusterState.SUSPECT, T0));
        List<ClusterWatch> threeOfFour = List.of(ready("a"), down("b", ClusterState.SUSPECT, T0), down("c", ClusterState.SUSPECT, T0),
                down("d", ClusterState.SUSPECT, T0));

        assertThat(threeQuarters.evaluate(twoOfFour, T0, T0, null)).isNull();
        assertThat(threeQuarters.evaluate(threeOfFour, T0, T0, null)).isNotNull();
        assertThat(rule.evaluate(twoOfFour, T0, T0, null)).as("half by default").isNotNull();
    }

    @Test
    void aNoExecuteTaintIsAnInstructionAndNeverCounts() {
        ClusterWatch drained = ClusterWatch.newBuilder(down("c", ClusterState.FAILED, T0)).setReason(Reasons.NO_EXECUTE_TAINT).build();
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.SUSPECT, T0), drained);

        assertThat(rule.evaluate(fleet, T0, T0, null)).isNull();
    }

    @Test
    void clustersBackOrRecoveringReleaseIt() {
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.RECOVERING, T0), down("c", ClusterState.FAILED, T0));

        assertThat(rule.evaluate(fleet, T0 + 60 * SECOND, T0 + 60 * SECOND, null)).isNull();
    }

    @Test
    void whileItHoldsForTheSameReasonItKeepsTheTimeItEngaged() {
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.SUSPECT, T0), down("c", ClusterState.SUSPECT, T0));
        MigrationBrake first = rule.evaluate(fleet, T0, T0, null);

        MigrationBrake later = rule.evaluate(fleet, T0 + 40 * SECOND, T0 + 40 * SECOND, first);

        assertThat(later.getSince()).isEqualTo(first.getSince());
    }

    @Test
    void nothingHeardFromAnyClusterForTheLagToleranceIsTheInputLagBrake() {
        List<ClusterWatch> fleet = List.of(ready("a"), ready("b"));

        assertThat(rule.evaluate(fleet, T0, T0 + 29_999, null)).isNull();
        MigrationBrake brake = rule.evaluate(fleet, T0, T0 + 30 * SECOND, null);

        assertThat(brake.getReason()).isEqualTo(MigrationBrakeRule.INPUT_LAG);
        assertThat(brake.getMessage()).startsWith("no heartbeat of any cluster processed for 30s (tolerance 30s)");
        assertThat(rule.lagging(T0, T0 + 30 * SECOND)).isTrue();
        assertThat(rule.lagging(T0, T0 + 29_999)).isFalse();
        assertThat(rule.lagging(Long.MIN_VALUE, T0)).as("before any heartbeat nothing lags").isFalse();
    }

    @Test
    void theWatchsClockIsTheLatestHeartbeatOfAnyCluster() {
        List<ClusterWatch> fleet = List.of(ready("a"), down("b", ClusterState.SUSPECT, T0 + 35 * SECOND));

        assertThat(MigrationBrakeRule.healthTime(fleet)).isEqualTo(T0 + 5 * SECOND);
        assertThat(MigrationBrakeRule.healthTime(List.of())).isEqualTo(Long.MIN_VALUE);
    }

    private static ClusterWatch ready(String cluster) {
        return ClusterWatch.newBuilder().setCluster(cluster).setState(ClusterState.READY).setReason("Joined")
                .setSince(Instant.ofEpochMilli(T0)).setLastHeartbeatAt(Instant.ofEpochMilli(T0)).setHeartbeat(heartbeat(cluster, T0)).build();
    }

    /** Down since {@code start}, its incident beginning then; its last heartbeat before. */
    private static ClusterWatch down(String cluster, ClusterState state, long start) {
        return ClusterWatch.newBuilder().setCluster(cluster).setState(state).setReason(Reasons.HEARTBEAT_MISSED)
                .setSince(Instant.ofEpochMilli(start)).setIncidentId(cluster + "-" + start).setIncidentStarts(List.of(start))
                .setLastHeartbeatAt(Instant.ofEpochMilli(start - 30 * SECOND)).setHeartbeat(heartbeat(cluster, start - 30 * SECOND)).build();
    }

    private static ClusterHealthEvent heartbeat(String cluster, long at) {
        return ClusterHealthEvent.newBuilder().setCluster(cluster).setHeartbeatAt(Instant.ofEpochMilli(at)).build();
    }
}
