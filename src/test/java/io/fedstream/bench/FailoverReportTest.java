package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailoverReportTest {

    private static final FailoverBenchSettings SETTINGS = new FailoverBenchSettings(300, 10, 1_000, Duration.ofMinutes(30),
            Duration.ofMinutes(3), Duration.ofMinutes(2), Duration.ofSeconds(2), 10, List.of(), Map.of());

    private final StringWriter text = new StringWriter();
    private final FailoverReport report = new FailoverReport(SETTINGS, new PrintWriter(text, true));

    private static final WrittenRecords WRITES = new WrittenRecords(Map.of("bench.failover.f1.migrations", 150L,
            "bench-failover-f1-capacity-reservations", 300L), List.of("bench-failover-f1-", "bench.failover.f1."));

    private static FailoverBurst.Result burst(long maxDelay, double dc2CommandPercent, int duplicates) {
        return new FailoverBurst.Result("member1", 150, 150 + duplicates, duplicates, 0, 0, 0,
                new FailoverBurst.Delays(100, 200, 300, 1_000, maxDelay, maxDelay),
                List.of(new FailoverBurst.Share("member2", 75, 50.0, dc2CommandPercent),
                        new FailoverBurst.Share("member3", 75, 50.0, 100 - dc2CommandPercent)));
    }

    private static FailoverRound.Result single(FailoverBurst.Result burst) {
        return new FailoverRound.Result("F1", List.of("member1"), 5, 20, Map.of("member1", 150, "member2", 75, "member3", 75),
                Map.of(), 1_000, Map.of("member1", 4_000L), Map.of("member1", 5_000L), null, null, 0, 0, 0, burst.commands(), 0,
                burst, 3_000, 1_000, 12_000, WRITES, new CpuUse(3_730, 1_210, new ThreadCpu(1_900, 60)));
    }

    private static FailoverRound.Result mass(int commands, Long brakeAt, long watchedMillis) {
        return new FailoverRound.Result("F2", List.of("member1", "member2"), 5, 20, Map.of(), Map.of(), 1_000,
                Map.of("member1", 4_000L, "member2", 4_000L), Map.of("member1", 5_000L, "member2", 5_000L), brakeAt,
                "MassFailure: 2 of 3", 0, 0, 0, commands, 0, null, 3_000, 1_000, watchedMillis, WRITES, null);
    }

    @Test
    void everyCriterionHolds() {
        int exitCode = report.summary(single(burst(1_900, 55.0, 0)), mass(0, 4_000L, 13_000));

        assertThat(exitCode).as(text.toString()).isZero();
        assertThat(text.toString()).contains("PASSED: every criterion holds.").doesNotContain("FAIL ");
    }

    @Test
    void theDelaysArePrintedFromWhenTheMovesWereDueTooWhichALateFailedDoesNotShorten() {
        FailoverBurst.Result burst = burst(1_900, 55.0, 0);
        // SUSPECT at 4 s, due one failure window (3 s) later; FAILED came at 8 s, 1 s after that.
        report.single(new FailoverRound.Result("F1", List.of("member1"), 5, 20, Map.of("member1", 150, "member2", 75, "member3", 75),
                Map.of(), 1_000, Map.of("member1", 4_000L), Map.of("member1", 8_000L), null, null, 0, 0, 0, burst.commands(), 0,
                burst, 3_000, 1_000, 12_000, WRITES, null));

        assertThat(text.toString())
                .contains("  from FAILED to each command (append times): min 100 ms, p10 200 ms, p50 300 ms, p90 1,000 ms, p99 1,900 ms, max 1,900 ms")
                .contains("  from when the moves were due (SUSPECT + 3,000 ms; FAILED at SUSPECT + 4,000 ms): min 1,100 ms, p10 1,200 ms,"
                        + " p50 1,300 ms, p90 2,000 ms, p99 2,900 ms, max 2,900 ms");
    }

    @Test
    void theBurstsWritesArePrintedPerCommand() {
        report.single(single(burst(1_900, 55.0, 0)));

        assertThat(text.toString()).contains("  fedstream wrote 3.0 (capacity-reservations 2.0, migrations 1.0) records a command from the silence on");
    }

    @Test
    void theCpuOfBothJvmsFromTheSilenceToTheLastCommandIsPrintedWithTheJitsShare() {
        report.single(single(burst(1_900, 55.0, 0)));

        assertThat(text.toString()).contains("  CPU from the silence until the last command was read: fedstream 3.73 s"
                + " (of it JIT 1.90 s, GC 0.06 s), the broker 1.21 s");
    }

    @Test
    void aLateCommandADuplicateALopsidedSpreadAndABrakeThatLetsCommandsThroughFail() {
        int exitCode = report.summary(single(burst(2_500, 62.0, 1)), mass(3, null, 9_000));

        String printed = text.toString();
        assertThat(exitCode).isEqualTo(1);
        assertThat(printed)
                .contains("FAIL F1 exactly one command per workload on member1: 151 commands for 150 workloads, 1 duplicates")
                .contains("FAIL F1 every command within 2,000 ms of FAILED: max 2,500 ms")
                .contains("FAIL F1 targets within 10 points of the free-room shares: worst 12.0 points")
                .contains("FAIL F2 the brake is shown on the cluster-state topic: never")
                .contains("FAIL F2 the brake holds: no command while 2 of 3 are silent: 3 commands")
                .contains("FAIL F2 silent long enough: 9.0 s of at least 12.0 s")
                .contains("ok   F1 every silent cluster turns FAILED");
    }

    @Test
    void aClusterThatNeverFailsFailsTheScenario() {
        FailoverRound.Result notFailed = new FailoverRound.Result("F1", List.of("member1"), 5, 20, Map.of(), Map.of(), 1_000,
                Map.of(), Map.of(), null, null, 2, 1, 0, 0, 0, null, 3_000, 1_000, 120_000, WRITES, null);

        List<FailoverReport.Criterion> criteria = report.criteria(notFailed, mass(0, 4_000L, 13_000));

        assertThat(criteria).filteredOn(criterion -> !criterion.passed()).extracting(FailoverReport.Criterion::name)
                .containsExactly("F1 healthy fleet: no SUSPECT and no command before the failure", "F1 every silent cluster turns FAILED",
                        "F1 clusters still heart-beating keep their state", "F1 exactly one command per workload on member1",
                        "F1 every command within 2,000 ms of FAILED", "F1 targets within 10 points of the free-room shares");
    }
}
