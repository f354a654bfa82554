package io.fedstream.failover;

import io.fedstream.avro.IncidentState;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.StoredIncident;
import io.fedstream.place.CheckpointStorage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.fedstream.failover.Fixtures.DELTAS;
import static io.fedstream.failover.Fixtures.T0;
import static io.fedstream.failover.Fixtures.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class IncidentLedgerTest {

    private static final FailoverSettings SETTINGS = new FailoverSettings(new FailoverBehavior(PurgeMode.Gracefully, null,
            new StatePreservation(List.of(StatePreservation.Rule.of("jobid", "{.jobStatus.jobId}")))), null, CheckpointStorage.NONE);
    private static final IncidentKey KEY = new IncidentKey(Fixtures.FLINK.getWorkloadKey(), "inc-1");

    private final IncidentStore store = new IncidentStore() {
        private final Map<IncidentKey, StoredIncident> entries = new HashMap<>();

        @Override
        public Optional<StoredIncident> get(IncidentKey key) {
            return Optional.ofNullable(entries.get(key));
        }

        @Override
        public void put(IncidentKey key, StoredIncident entry) {
            entries.put(key, entry);
        }
    };
    private final IncidentLedger ledger = new IncidentLedger(store);

    private static PlanRequest request(List<String> candidates, String statusJson, Instant now) {
        return new PlanRequest(Fixtures.FLINK, status(null, List.of(), statusJson), new DeltaLog(DELTAS), SETTINGS,
                FailureCause.CLUSTER, "inc-1", "member1", candidates, 1, Map.of(), now);
    }

    private static MigrationCommand command(Optional<PlanResult> result) {
        assertThat(result).containsInstanceOf(PlanResult.Planned.class);
        return ((PlanResult.Planned) result.get()).command();
    }

    @Test
    void anIncidentIsPlannedOnceWhateverHappensAfter() {
        List<String> all = List.of("member2", "member3");
        MigrationCommand first = command(ledger.planOnce(request(all, null, T0)));

        assertThat(first.getTargetCluster()).isEqualTo("member2");
        // A rescan after a restart or rebalance, and a repeated Failed transition of the cluster.
        assertThat(ledger.planOnce(request(all, null, T0.plusSeconds(1)))).isEmpty();
        assertThat(ledger.planOnce(request(all, null, T0.plusSeconds(3600)))).isEmpty();
        assertThat(ledger.entry(KEY)).contains(new StoredIncident(IncidentState.ISSUED, first.getCommandId(), 1,
                "member2", List.of("member3"), Map.of(), null));
    }

    @Test
    void aHeldBackWorkloadIsReportedOnceAndPlannedWhenItsPolicyAllowsItAgain() {
        assertThat(ledger.holdBack(KEY)).isTrue();
        assertThat(ledger.holdBack(KEY)).as("the second check finds the decision made").isFalse();
        assertThat(ledger.entry(KEY)).hasValueSatisfying(entry -> assertThat(entry.getState()).isEqualTo(IncidentState.HELD_BACK));

        MigrationCommand command = command(ledger.planOnce(request(List.of("member2"), null, T0)));

        assertThat(command.getAttempt()).isEqualTo(1);
        assertThat(ledger.holdBack(KEY)).as("a command is out: nothing to hold back").isFalse();
    }

    @Test
    void anotherIncidentOfTheSameWorkloadIsPlannedAgain() {
        command(ledger.planOnce(request(List.of("member2"), null, T0)));
        PlanRequest later = new PlanRequest(Fixtures.FLINK, null, new DeltaLog(DELTAS), SETTINGS, FailureCause.CLUSTER, "inc-2", "member2",
                List.of("member3"), 1, Map.of(), T0);
        assertThat(command(ledger.planOnce(later)).getCommandId()).endsWith("/inc-2/1");
    }

    @Test
    void aFailedCommandIsRetriedOnTheNextCandidateAfterTheBackOff() {
        List<String> all = List.of("member2", "member3", "member4");
        MigrationCommand first = command(ledger.planOnce(request(all, "{\"jobStatus\":{\"jobId\":\"j1\"}}", T0)));

        Instant failedAt = T0.plusSeconds(60);
        assertThat(ledger.onFailed(KEY, first.getCommandId(), failedAt)).contains(failedAt.plusSeconds(5));
        assertThat(ledger.planOnce(request(all, null, failedAt.plusSeconds(4)))).isEmpty();

        MigrationCommand second = command(ledger.planOnce(request(all, "{\"jobStatus\":{}}", failedAt.plusSeconds(5))));
        assertThat(second.getAttempt()).isEqualTo(2);
        assertThat(second.getCommandId()).isEqualTo(Fixtures.FLINK.getWorkloadKey() + "/inc-1/2");
        assertThat(second.getTargetCluster()).isEqualTo("member3");
        assertThat(second.getRemainingCandidates()).containsExactly("member4");
        // The job on member2 never reported a job id: the one preserved at the first failover is kept.
        assertThat(second.getPreservedState()).containsExactly(entry("jobid", "j1"));
        assertThat(ledger.planOnce(request(all, null, failedAt.plusSeconds(6)))).isEmpty();
    }

    @Test
    void aRepeatedOrStaleFailedReportIsIgnored() {
        List<String> all = List.of("member2", "member3", "member4");
        MigrationCommand first = command(ledger.planOnce(request(all, null, T0)));

        assertThat(ledger.onFailed(KEY, first.getCommandId(), T0)).isPresent();
        assertThat(ledger.onFailed(KEY, first.getCommandId(), T0)).isEmpty();
        command(ledger.planOnce(request(all, null, T0.plusSeconds(5))));
        assertThat(ledger.onFailed(KEY, first.getCommandId(), T0.plusSeconds(6))).isEmpty();
        assertThat(ledger.entry(KEY).get().getAttempt()).isEqualTo(2);
        assertThat(ledger.onFailed(KEY, "other", T0)).isEmpty();
        assertThat(ledger.onFailed(new IncidentKey("x", "y"), "x/y/1", T0)).isEmpty();
    }

    @Test
    void aRetrySkipsCandidatesThatAreNoLongerEligible() {
        MigrationCommand first = command(ledger.planOnce(request(List.of("member2", "member3", "member4"), null, T0)));
        ledger.onFailed(KEY, first.getCommandId(), T0);

        // member3 went unhealthy meanwhile, so the stage no longer offers it.
        MigrationCommand second = command(ledger.planOnce(request(List.of("member4", "member5"), null, T0.plusSeconds(5))));
        assertThat(second.getTargetCluster()).isEqualTo("member4");
        assertThat(second.getRemainingCandidates()).isEmpty();
    }

    @Test
    void theLastCandidateFailingExhaustsTheIncident() {
        MigrationCommand only = command(ledger.planOnce(request(List.of("member2"), null, T0)));

        assertThat(ledger.onFailed(KEY, only.getCommandId(), T0)).isEmpty();
        assertThat(ledger.entry(KEY).get().getState()).isEqualTo(IncidentState.EXHAUSTED);
        assertThat(ledger.planOnce(request(List.of("member2"), null, T0.plusSeconds(600)))).isEmpty();
    }

    @Test
    void noTargetIsReportedOnceAndClosesTheIncident() {
        assertThat(ledger.planOnce(request(List.of(), null, T0))).containsInstanceOf(PlanResult.NoTarget.class);
        assertThat(ledger.planOnce(request(List.of("member2"), null, T0))).isEmpty();
        assertThat(ledger.entry(KEY).get().getState()).isEqualTo(IncidentState.EXHAUSTED);
    }

    @Test
    void aCompletedMigrationStaysCompleted() {
        MigrationCommand c = command(ledger.planOnce(request(List.of("member2", "member3"), null, T0)));

        assertThat(ledger.onCompleted(KEY, c.getCommandId())).isTrue();
        assertThat(ledger.onCompleted(KEY, c.getCommandId())).isFalse();
        assertThat(ledger.onFailed(KEY, c.getCommandId(), T0)).isEmpty();
        assertThat(ledger.planOnce(request(List.of("member3"), null, T0.plusSeconds(600)))).isEmpty();
        assertThat(ledger.entry(KEY).get().getState()).isEqualTo(IncidentState.COMPLETED);
    }

    @Test
    void backOffDoublesFromFiveSecondsUpToFiveMinutes() {
        assertThat(List.of(1, 2, 3, 4, 5, 6, 7, 8, 1000, Integer.MAX_VALUE).stream().map(IncidentLedger::backoff))
                .containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(20),
                        Duration.ofSeconds(40), Duration.ofSeconds(80), Duration.ofSeconds(160),
                        Duration.ofMinutes(5), Duration.ofMinutes(5), Duration.ofMinutes(5), Duration.ofMinutes(5));
    }
}
