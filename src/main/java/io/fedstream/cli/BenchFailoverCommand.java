package io.fedstream.cli;

import io.fedstream.bench.FailoverBench;
import io.fedstream.bench.FailoverBenchSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream bench failover}: fedstream's failover of a cluster, and its migration brake, measured end to end. */
@Command(name = "failover", mixinStandardHelpOptions = true,
        description = {
            "Measures fedstream's failover end to end.",
            "",
            "Starts a Kafka broker in a JVM of its own and produces N realistic workload events once, over namespaces whose"
                    + " quotas admit them all and whose PropagationPolicies place each workload on one cluster: every other"
                    + " namespace on member1 first (clusterAffinities: member1, then member2 and member3), the rest on"
                    + " member2 or member3, so member1 holds half the workloads. Three clusters heart-beat every second,"
                    + " each with room for all. Then two scenarios, each `fedstream run` in a fresh JVM"
                    + " (health.failure.threshold.ms=3000):",
            "  F1: once every workload is placed, member1 stops heart-beating. Each migration command is timed from the"
                    + " FAILED transition (append times on the broker); exactly one per workload of member1; the survivors'"
                    + " shares of the commands against their shares of the free room.",
            "  F2: once every workload is placed, member1 and member2 stop heart-beating together. The migration brake"
                    + " must show and hold: no command for 3 x (failure threshold + toleration).",
            "",
            "Exit codes: 0 every criterion holds, 1 a criterion failed or a scenario did not complete, 2 a bad option."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream bench failover",
            "  fedstream bench failover --workloads 1000 --toleration 2s"})
final class BenchFailoverCommand implements Callable<Integer> {

    @Option(names = "--workloads", defaultValue = "10000", paramLabel = "N",
            description = "Workload events produced once and placed in each scenario (default ${DEFAULT-VALUE}).")
    private int workloads;

    @Option(names = "--namespaces", defaultValue = "50", paramLabel = "N",
            description = "Namespaces the workloads are spread over (default ${DEFAULT-VALUE}).")
    private int namespaces;

    @Option(names = "--toleration", defaultValue = "1s", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "fedstream's health.toleration.ms: SUSPECT to FAILED, and when an untolerated taint evicts; short, so"
                    + " that the time from FAILED to the commands is what is measured (default ${DEFAULT-VALUE}).")
    private Duration toleration;

    @Option(names = "--max-command-delay", defaultValue = "2s", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "The longest a command may come after FAILED (default ${DEFAULT-VALUE}).")
    private Duration maxCommandDelay;

    @Option(names = "--max-spread", defaultValue = "10", paramLabel = "POINTS",
            description = "The largest deviation of a survivor's share of the commands from its share of the free room, in"
                    + " percentage points (default ${DEFAULT-VALUE}).")
    private double maxSpread;

    @Option(names = "--place-timeout", defaultValue = "30m", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "A scenario whose workloads are not all placed by then fails (default ${DEFAULT-VALUE}).")
    private Duration placeTimeout;

    @Option(names = "--stall-timeout", defaultValue = "3m", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "A scenario with no output while placing for this long fails (default ${DEFAULT-VALUE}).")
    private Duration stallTimeout;

    @Option(names = "--failover-timeout", defaultValue = "2m", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "How long past the failure threshold and toleration to wait for FAILED and the commands"
                    + " (default ${DEFAULT-VALUE}).")
    private Duration failoverTimeout;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An option of fedstream's JVM, e.g. --jvm-option=-Xmx1g (repeatable).")
    private List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A fedstream configuration key, after the bench's own (repeatable).")
    private Map<String, String> settings = new LinkedHashMap<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        FailoverBenchSettings bench;
        try {
            bench = new FailoverBenchSettings(workloads, namespaces, toleration.toMillis(), placeTimeout, stallTimeout, failoverTimeout,
                    maxCommandDelay, maxSpread, jvmOptions, settings);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        return new FailoverBench(bench, spec.commandLine().getOut()).run();
    }
}
