package io.fedstream.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/** Prints what {@code fedstream bench} does and measures: a line per step, a row per round, then the summary. */
final class BenchReport {

    private static final String ROW = "%-5s %-12s %20s %9s %8s %13s %8s %21s %19s %7s %10s %16s %8s %5s%n";
    private static final double MIB = 1024 * 1024;
    /** A 10%-90% window shorter than this share of the run means the decisions came in a burst. */
    private static final double BURST_SHARE = 0.4;

    private final BenchSettings settings;
    private final PrintWriter out;

    BenchReport(BenchSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
    }

    void starting(Path workDir) {
        print("fedstream bench: %d workloads (%s in turn) over %d namespaces, %d clusters heart-beating every %s;"
                        + " %d rounds, interleaved A (exactly-once pass-through) and B (fedstream)",
                settings.workloads(), String.join(", ", BenchFleet.KINDS), settings.namespaces(), settings.clusters(),
                seconds(settings.heartbeatInterval().toMillis() / 1000.0), settings.rounds());
        print("machine: %d CPUs, load average %s (other processes on this machine share the CPUs)",
                Runtime.getRuntime().availableProcessors(), loadAverage());
        print("work directory %s (kept when a round fails)", workDir);
        print("fedstream JVM options: %s", String.join(" ", settings.fedstreamJvmOptions()));
    }

    void brokerStarted(ChildJvm broker, String bootstrap) {
        print("broker: a JVM of its own (pid %d) at %s; every round runs the measured app in a fresh JVM of its own,"
                + " so each RSS below is that app's alone", broker.pid(), bootstrap);
    }

    void policiesPublished(int count, BenchFleet fleet) {
        print("published %d policies: per namespace a PropagationPolicy over %s and a FederatedResourceQuota (twice what the"
                        + " namespace's workloads request; every %dth namespace 90%%, so a few are rejected)",
                count, String.join(", ", fleet.clusters()), BenchFleet.TIGHT_QUOTA_EVERY);
    }

    void workloadsPublished(int count, double seconds) {
        print("produced %d workload events once in %s (%s/s); every round reads these", count, seconds(seconds),
                number(count / seconds));
        out.println();
        out.printf(Locale.ROOT, ROW, "round", "app", "steady rate", "overall/s", "running", "first output", "done",
                "placed/rejected/other", "max heartbeat lag", "SUSPECT", "migrations", "RSS MiB (peak)", "heap MiB", "load");
        out.flush();
    }

    PassThroughRound.Result round(PassThroughRound.Result a) {
        out.printf(Locale.ROOT, ROW, a.round(), "pass-through", rate(a.recordsPerSecond(), "records/s"),
                rate(overall(a.runningSeconds(), a.doneSeconds()), ""), seconds(a.runningSeconds()),
                seconds(a.firstOutputSeconds()), seconds(a.doneSeconds()), "", "", "", "", memory(a.memory()), heap(a.memory()), loadAverage1());
        print("      %s used %s; %s", a.round(), a.cpu().describePer(settings.workloads(), "record"), CpuUse.describeStart(a.startCpuMillis()));
        return a;
    }

    FedstreamRound.Result round(FedstreamRound.Result b) {
        out.printf(Locale.ROOT, ROW, b.round(), "fedstream", rate(b.workloadsPerSecond(), "workloads/s"),
                rate(overall(b.runningSeconds(), b.doneSeconds()), ""), seconds(b.runningSeconds()),
                seconds(b.firstPlacedSeconds()), seconds(b.doneSeconds()), b.placed() + "/" + b.rejected() + "/" + b.notChargeable(),
                lag(b.heartbeatLag()), b.suspectTransitions(), b.migrationCommands(), memory(b.memory()), heap(b.memory()), loadAverage1());
        print("      %s used %s; %s", b.round(), b.cpu().describePer(settings.workloads(), "workload"), CpuUse.describeStart(b.startCpuMillis()));
        print("      %s wrote %s records a workload", b.round(), b.written().averagedOver(settings.workloads()));
        print("      %s of %,d records in all, the topics under 0.5 a workload: %s", b.round(), b.written().total(),
                b.written().restCounted(settings.workloads()));
        return b;
    }

    /** Prints the summary; returns 1 when the healthy fleet saw a SUSPECT transition or a migration command, else 0. */
    int summary(List<PassThroughRound.Result> as, List<FedstreamRound.Result> bs) {
        out.println();
        print("Summary of %d rounds: median [every round]. Times are from launching the app's JVM. Steady rates: from 10%% to"
                + " 90%% of the completions (start-up and tail left out), by the broker's append times; overall: all of them"
                + " from 'running' to 'done'.", as.size());
        List<OptionalDouble> passThrough = as.stream().map(PassThroughRound.Result::recordsPerSecond).toList();
        List<OptionalDouble> fedstream = bs.stream().map(FedstreamRound.Result::workloadsPerSecond).toList();
        List<OptionalDouble> ratios = ratios(passThrough, fedstream);
        line("pass-through, steady", passThrough, v -> number(v) + " records/s");
        line("fedstream, steady", fedstream, v -> number(v) + " workloads/s");
        line("ratio fedstream / pass-through", ratios, v -> String.format(Locale.ROOT, "%.3f", v));
        List<OptionalDouble> passThroughOverall = as.stream().map(a -> overall(a.runningSeconds(), a.doneSeconds())).toList();
        List<OptionalDouble> fedstreamOverall = bs.stream().map(b -> overall(b.runningSeconds(), b.doneSeconds())).toList();
        List<OptionalDouble> overallRatios = ratios(passThroughOverall, fedstreamOverall);
        line("pass-through, overall", passThroughOverall, v -> number(v) + " records/s");
        line("fedstream, overall", fedstreamOverall, v -> number(v) + " workloads/s");
        line("ratio, overall", overallRatios, v -> String.format(Locale.ROOT, "%.3f", v));
        if (as.stream().allMatch(a -> a.cpu().known()) && bs.stream().allMatch(b -> b.cpu().known())) {
            List<OptionalDouble> passThroughCpu = present(as, a -> a.cpu().totalPer(settings.workloads()));
            List<OptionalDouble> fedstreamCpu = present(bs, b -> b.cpu().totalPer(settings.workloads()));
            line("pass-through CPU, app + broker", passThroughCpu, v -> String.format(Locale.ROOT, "%.2f ms a record", v));
            line("fedstream CPU, app + broker", fedstreamCpu, v -> String.format(Locale.ROOT, "%.2f ms a workload", v));
            // CPU a record over CPU a workload: the rate ratio two saturated cores would give, whatever else ran.
            line("ratio by CPU", ratios(fedstreamCpu, passThroughCpu), v -> String.format(Locale.ROOT, "%.3f", v));
        }
        line("fedstream 10%-90% window", present(bs, b -> b.steadySeconds() / (b.doneSeconds() - b.runningSeconds())),
                v -> String.format(Locale.ROOT, "%.0f%% of running-to-done", v * 100));
        if (bs.stream().anyMatch(b -> b.steadySeconds() < BURST_SHARE * (b.doneSeconds() - b.runningSeconds()))) {
            print("  NOTE: in a round 80%% of the decisions came within less than %.0f%% of its run: a burst, not a steady"
                    + " state (e.g. placements held back, then released); its steady rate overstates the throughput, the"
                    + " overall rate does not.", BURST_SHARE * 100);
        }
        line("pass-through's first output", present(as, PassThroughRound.Result::firstOutputSeconds), BenchReport::seconds);
        line("first placed binding", present(bs, FedstreamRound.Result::firstPlacedSeconds), BenchReport::seconds);
        line("first placed after that output", afterFirstOutput(as, bs), BenchReport::seconds);
        long maxLag = bs.stream().mapToLong(b -> b.heartbeatLag().maxLagMillis()).max().orElse(0);
        int unprocessed = bs.stream().mapToInt(b -> b.heartbeatLag().unprocessed()).sum();
        print("  %-34s %s%s", "largest heartbeat lag", seconds(maxLag / 1000.0),
                unprocessed == 0 ? "" : " at least (" + unprocessed + " heartbeats never seen processed)");
        int suspects = bs.stream().mapToInt(FedstreamRound.Result::suspectTransitions).sum();
        int migrations = bs.stream().mapToInt(FedstreamRound.Result::migrationCommands).sum();
        print("  %-34s %d (every cluster heart-beat throughout: must be 0)", "SUSPECT transitions, all rounds", suspects);
        print("  %-34s %d (no cluster failed: must be 0)", "migration commands, all rounds", migrations);
        line("fedstream RSS after the run", present(bs, b -> b.memory().rssBytes() / MIB), v -> number(v) + " MiB");
        line("fedstream peak RSS", present(bs, b -> b.memory().peakBytes() / MIB), v -> number(v) + " MiB");
        if (bs.stream().allMatch(b -> b.memory().heapCommittedBytes() >= 0)) {
            line("fedstream Java heap committed", present(bs, b -> b.memory().heapCommittedBytes() / MIB), v -> number(v) + " MiB");
        }
        print("machine load average at the end: %s", loadAverage());
        if (suspects > 0 || migrations > 0) {
            print("FAILED: on a healthy fleet fedstream suspected clusters %d times and issued %d migration commands.",
                    suspects, migrations);
            return 1;
        }
        return 0;
    }

    /** How long after the pass-through's first copy fedstream's first placed binding came, round by round. */
    private static List<OptionalDouble> afterFirstOutput(List<PassThroughRound.Result> as, List<FedstreamRound.Result> bs) {
        List<OptionalDouble> gaps = new ArrayList<>();
        for (int i = 0; i < Math.min(as.size(), bs.size()); i++) {
            gaps.add(OptionalDouble.of(bs.get(i).firstPlacedSeconds() - as.get(i).firstOutputSeconds()));
        }
        return gaps;
    }

    /** fedstream over pass-through, round by round. */
    private static List<OptionalDouble> ratios(List<OptionalDouble> passThrough, List<OptionalDouble> fedstream) {
        List<OptionalDouble> ratios = new ArrayList<>();
        for (int i = 0; i < passThrough.size(); i++) {
            OptionalDouble a = passThrough.get(i);
            OptionalDouble b = fedstream.get(i);
            ratios.add(a.isPresent() && b.isPresent() ? OptionalDouble.of(b.getAsDouble() / a.getAsDouble()) : OptionalDouble.empty());
        }
        return ratios;
    }

    private static <T> List<OptionalDouble> present(List<T> rounds, ToDoubleFunction<T> value) {
        return rounds.stream().map(round -> OptionalDouble.of(value.applyAsDouble(round))).toList();
    }

    private void line(String label, List<OptionalDouble> values, DoubleFunction<String> format) {
        List<Double> measured = values.stream().filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble).sorted().toList();
        String each = String.join(", ", values.stream().map(v -> v.isPresent() ? format.apply(v.getAsDouble()) : "n/a").toList());
        String median = measured.isEmpty() ? "n/a" : format.apply(median(measured));
        print("  %-34s %s [%s]", label, median, each);
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Items per second from the app running to its last completion; empty when it finished as it started. */
    private OptionalDouble overall(double runningSeconds, double doneSeconds) {
        return doneSeconds > runningSeconds ? OptionalDouble.of(settings.workloads() / (doneSeconds - runningSeconds)) : OptionalDouble.empty();
    }

    private static String rate(OptionalDouble rate, String unit) {
        return rate.isPresent() ? (number(rate.getAsDouble()) + " " + unit).trim() : "n/a (too few)";
    }

    private static String lag(HeartbeatLag.Result lag) {
        String value = seconds(lag.maxLagMillis() / 1000.0);
        return (lag.unprocessed() > 0 ? ">=" : "") + value + " (" + lag.beats() + " beats)";
    }

    private static String memory(ChildJvm.ResidentMemory memory) {
        return number(memory.rssBytes() / MIB) + " (" + number(memory.peakBytes() / MIB) + ")";
    }

    private static String heap(ChildJvm.ResidentMemory memory) {
        return memory.heapCommittedBytes() < 0 ? "?" : number(memory.heapCommittedBytes() / MIB);
    }

    static String number(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    static String seconds(double value) {
        return String.format(Locale.ROOT, "%.1f s", value);
    }

    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String loadAverage1() {
        String all = loadAverage();
        int space = all.indexOf(' ');
        return space < 0 ? all : all.substring(0, space);
    }

    private void print(String format, Object... args) {
        out.printf(Locale.ROOT, format + "%n", args);
        out.flush();
    }
}
