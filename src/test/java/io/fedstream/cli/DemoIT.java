package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fedstream demo` end to end, as the README's first command runs it, in a JVM of its own: embedded broker, topology,
 * sample fleet, bindings table, quota and failover scenes, the tour, a clean stop, and a console with no log line.
 */
class DemoIT {

    @TempDir Path dir;

    @Test
    void demoPrintsTheBindingsOfTheSampleFleetPlaysTheQuotaAndFailoverScenesAndStopsCleanly() throws Exception {
        int exitCode;
        String out;
        String err;
        Path logFile;
        try (CliProcess demo = CliProcess.start(dir, "demo", "--duration", "10s", "--http-port", "0")) {
            exitCode = demo.await(Duration.ofMinutes(5));
            out = demo.out();
            err = demo.err();
            logFile = demo.announcedLogFile();
        }

        assertThat(exitCode).as(out + err).isZero();
        assertThat((out + err).lines()).as("console lines from a logger").noneMatch(line -> CliProcess.LOGGER_LINE.matcher(line).find());
        assertThat(err.lines()).as("standard error").containsExactly("logs: " + logFile);
        assertThat(Files.readAllLines(logFile)).as("the log file")
                .anyMatch(line -> CliProcess.LOGGER_LINE.matcher(line).find() && line.contains("io.fedstream.runtime.StreamsRunner"));
        // Alone first, so that a wait that timed out is what a failure shows, not cut out of the whole output.
        assertThat(out.lines().filter(line -> line.contains("did not move within") || line.contains("did not see")))
                .as("the failover scene's waits that timed out").isEmpty();
        assertThat(out)
                .contains("NAMESPACE/NAME", "TEMPLATE", "REPLICAS")
                .containsPattern("team-a/checkout-web\\s+Deployment\\s+INTERPRETED\\s+main\\s+3\\s+600m\\s+640Mi\\s+1800m\\s+1920Mi")
                .containsPattern("streaming/fraud-detector\\s+FlinkDeployment\\s+INTERPRETED\\s+jobmanager\\s+1\\s+1\\s+2Gi")
                .containsPattern("taskmanager\\s+4\\s+2\\s+4Gi\\s+8\\s+16Gi")
                .containsPattern("ml/homegrown-trainer\\s+MyTrainer\\s+UNINTERPRETED")
                .containsPattern("team-c/broken-replicas\\s+Deployment\\s+INVALID\\s+spec.replicas")
                .contains("dead letters")
                .containsPattern("apply  team-q/api .*-> ADMITTED, charged cpu=2,memory=2Gi,pods=2")
                .containsPattern("apply  team-q/batch .*-> REJECTED: exceeded quota team-q/compute: requested cpu=3, used cpu=2, limited cpu=4")
                .containsPattern("delete team-q/api; team-q/batch waited in the queue\\s+-> ADMITTED, charged cpu=3,memory=6Gi,pods=3")
                .containsPattern("placed   payments/fraud-scorer\\s+FlinkDeployment\\s+on member2 \\(scheduler\\)")
                .containsPattern("member2 READY -> SUSPECT \\(HeartbeatMissed\\)")
                .containsPattern("member2 SUSPECT -> FAILED \\(HeartbeatMissed\\)")
                .containsPattern("command  payments/fraud-scorer\\s+CHECKPOINT\\s+member2 -> member[13]  checkpoint 17, replay"
                        + " fedstream\\.state-deltas partition \\d+ \\(\\d+\\.\\.\\d+\\], 3 deltas; 6 KiB incremental vs 512 MiB full")
                .containsPattern("command  payments/ledger-writer\\s+OFFSET_COMMIT\\s+member2 -> member[13]  commit ledger-writer"
                        + " payments\\.transactions 0@18231,1@17904,2@18877")
                .containsPattern("command  payments/checkout-web\\s+GRACEFUL_SHUTDOWN\\s+member2 -> member[13]")
                .containsPattern("executor payments/fraud-scorer\\s+STARTED, COMPLETED on member[13]")
                .doesNotContain("did not move within")
                .containsPattern("moved    payments/fraud-scorer\\s+member2 -> member[13] \\(failover\\)")
                .containsPattern("moved    payments/ledger-writer\\s+member2 -> member[13] \\(failover\\)")
                .containsPattern("member2 FAILED -> RECOVERING \\(HeartbeatResumed\\)")
                .containsPattern("member2 RECOVERING -> READY \\(Recovered\\)")
                .containsPattern("command  payments/fraud-scorer\\s+PURGE on member2 \\(Gracefully\\)")
                .containsPattern("command  payments/checkout-web\\s+PURGE on member2 \\(Gracefully\\)")
                .containsPattern("\\d+ workloads moved off member2 and purged there; state relayed: 6 KiB of deltas instead of"
                        + " 512 MiB of full state")
                .containsPattern("  \\S.* apply -f docs/examples/federatedresourcequota\\.yaml --bootstrap-servers 127\\.0\\.0\\.1:\\d+"
                        + " --registry http://127\\.0\\.0\\.1:\\d+")
                .containsPattern("  \\S.* apply -f docs/examples/flinkdeployment\\.yaml --bootstrap-servers")
                .containsPattern("  \\S.* get quotas -n analytics --server http://127\\.0\\.0\\.1:\\d+")
                .containsPattern("  \\S.* get resourcebindings -n analytics --server http://127\\.0\\.0\\.1:\\d+")
                .contains("Stopped cleanly.");
    }
}
