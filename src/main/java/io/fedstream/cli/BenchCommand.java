package io.fedstream.cli;

import io.fedstream.bench.BenchSettings;
import io.fedstream.bench.EndToEndBench;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream bench}: fedstream's end-to-end throughput against an exactly-once pass-through on the same broker. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = BenchFailoverCommand.class,
        description = {
            "Measures fedstream end to end against an exactly-once pass-through.",
            "",
            "Starts a Kafka broker in a JVM of its own, produces N realistic workload events once (Deployments,"
                    + " StatefulSets, FlinkDeployments, PyTorchJobs, Jobs over the namespaces, each namespace with a"
                    + " FederatedResourceQuota and a PropagationPolicy) while the clusters heart-beat every second, then runs"
                    + " interleaved rounds A B A B, each in a fresh JVM from an empty state: (A) an exactly-once Kafka Streams"
                    + " app that copies the workload records, the ceiling; (B) `fedstream run` with"
                    + " health.failure.threshold.ms=3000.",
            "",
            "Prints per round and in summary: both steady-state rates (10%%-90%% of completions) and the overall rates, their"
                    + " ratios, the time to the first placed binding, the largest heartbeat lag, SUSPECT transitions and"
                    + " migration commands, and fedstream's RSS.",
            "",
            "Exit codes: 0 done, 1 a round did not complete in time (no numbers are printed for it) or the healthy fleet saw"
                    + " a SUSPECT transition or a migration command, 2 a bad option.",
            "",
            "`fedstream bench failover` measures a cluster's failover and the migration brake instead."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream bench",
            "  fedstream bench --workloads 100000 --rounds 2 --namespaces 50 --clusters 3",
            "  fedstream bench --workloads 20000 --set rocksdb.memory.total.bytes=0"})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--workloads", defaultValue = "20000", paramLabel = "N",
            description = "Workload events produced once and decided by every fedstream round (default ${DEFAULT-VALUE}).")
    private int workloads;

    @Option(names = "--rounds", defaultValue = "2", paramLabel = "N",
            description = "Pass-through/fedstream pairs, run A B A B (default ${DEFAULT-VALUE}).")
    private int rounds;

    @Option(names = "--namespaces", defaultValue = "50", paramLabel = "N",
            description = "Namespaces the workloads are spread over (default ${DEFAULT-VALUE}).")
    private int namespaces;

    @Option(names = "--clusters", defaultValue = "3", paramLabel = "N",
            description = "Member clusters heart-beating every second (default ${DEFAULT-VALUE}).")
    private int clusters;

    @Option(names = "--round-timeout", defaultValue = "30m", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "A round not complete by then fails (default ${DEFAULT-VALUE}).")
    private Duration roundTimeout;

    @Option(names = "--stall-timeout", defaultValue = "3m", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "A round with no progress for this long fails (default ${DEFAULT-VALUE}).")
    private Duration stallTimeout;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An option of the measured JVMs, e.g. --jvm-option=-Xmx1g (repeatable).")
    private List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A fedstream configuration key for the fedstream rounds, after the bench's own (repeatable),"
                    + " e.g. --set rocksdb.memory.total.bytes=0.")
    private Map<String, String> settings = new LinkedHashMap<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        BenchSettings bench;
        try {
            bench = new BenchSettings(workloads, rounds, namespaces, clusters, Duration.ofSeconds(1), roundTimeout, stallTimeout,
                    jvmOptions, settings);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        return new EndToEndBench(bench, spec.commandLine().getOut()).run();
    }
}
