package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code fedstream bench} run tiny, end to end: its own broker JVM, one pass-through and one fedstream round. It checks
 * that the run completes and reports every number; the numbers themselves are the benchmark's business, not a test's.
 */
class EndToEndBenchIT {

    private static final String NUMBER = "[\\d,]+";
    private static final String SECONDS = "\\d+\\.\\d s";

    @Test
    @Timeout(600)
    void aTinyRunCompletesAndReportsEveryNumber() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        // Thresholds far above any start-up hiccup of a busy build machine: this test is about the bench, not its timing.
        int exitCode = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), "bench",
                "--workloads", "200", "--rounds", "1", "--namespaces", "10",
                "--set", "health.failure.threshold.ms=120000", "--set", "health.toleration.ms=600000");

        String report = out.toString();
        System.out.print(report);
        assertThat(exitCode).as(report + err).isZero();
        assertThat(report)
                .contains("fedstream bench: 200 workloads (Deployment, StatefulSet, FlinkDeployment, PyTorchJob, Job in turn)"
                        + " over 10 namespaces, 3 clusters")
                .contains("produced 200 workload events once")
                .containsPattern("A1 +pass-through +(" + NUMBER + " records/s|n/a \\(too few\\)) +(" + NUMBER + "|n/a \\(too few\\)) +"
                        + SECONDS + " +" + SECONDS + " +" + SECONDS
                        + " +" + NUMBER + " \\(" + NUMBER + "\\)")
                .containsPattern("  ratio fedstream / pass-through +(\\d\\.\\d{3}|n/a) ")
                .containsPattern("  fedstream, overall +" + NUMBER + " workloads/s")
                .containsPattern("  pass-through's first output +" + SECONDS)
                .containsPattern("  first placed binding +" + SECONDS)
                .containsPattern("  first placed after that output +-?" + SECONDS)
                .containsPattern("  largest heartbeat lag +" + SECONDS)
                .contains("SUSPECT transitions, all rounds    0")
                .contains("migration commands, all rounds     0")
                .containsPattern("  fedstream RSS after the run +" + NUMBER + " MiB")
                .containsPattern("B1 used \\d+\\.\\d\\d ms of CPU a workload from running to done: app \\d+\\.\\d\\d"
                        + " \\(JIT \\d+\\.\\d\\d, GC \\d+\\.\\d\\d\\), broker \\d+\\.\\d\\d; \\d+\\.\\d\\d s of CPU from launch to running")
                .containsPattern("A1 used .*; \\d+\\.\\d\\d s of CPU from launch to running")
                .containsPattern("  ratio by CPU +\\d+\\.\\d{3} ");
        // 200 workloads may all be decided in one burst, too few for a steady rate.
        Matcher b1 = Pattern.compile("B1 +fedstream +(?:" + NUMBER + " workloads/s|n/a \\(too few\\)) +" + NUMBER + " +" + SECONDS + " +" + SECONDS + " +" + SECONDS
                + " +(\\d+)/(\\d+)/(\\d+) +" + SECONDS + " \\((\\d+) beats\\) +0 +0 +(" + NUMBER + ") \\(" + NUMBER + "\\)").matcher(report);
        assertThat(b1.find()).as(report).isTrue();
        assertThat(Integer.parseInt(b1.group(1)) + Integer.parseInt(b1.group(2)) + Integer.parseInt(b1.group(3))).isEqualTo(200);
        assertThat(Integer.parseInt(b1.group(1))).as("placed").isGreaterThan(150);
        assertThat(Integer.parseInt(b1.group(4))).as("heartbeats in the window").isPositive();
        assertThat(Integer.parseInt(b1.group(5).replace(",", ""))).as("RSS MiB").isPositive();
    }
}
