package io.fedstream.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints what {@code fedstream bench failover} does and sees, judges issue 11's failover criteria, and says which failed. */
final class FailoverReport {

    private final FailoverBenchSettings settings;
    private final PrintWriter out;

    FailoverReport(FailoverBenchSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
    }

    void starting(Path workDir) {
        print("fedstream bench failover: %d workloads (%s in turn) over %d namespaces, quotas admitting all; clusters %s"
                        + " heart-beating every 1 s, each with room for all; health.failure.threshold.ms=3000,"
                        + " health.toleration.ms=%d", settings.workloads(), String.join(", ", BenchFleet.KINDS), settings.namespaces(),
                String.join(", ", FailoverBench.CLUSTERS), settings.tolerationMs());
        print("machine: %d CPUs, load average %s (other processes on this machine share the CPUs)",
                Runtime.getRuntime().availableProcessors(), BenchReport.loadAverage());
        print("work directory %s (kept when a scenario fails)", workDir);
        print("fedstream JVM options: %s", String.join(" ", settings.fedstreamJvmOptions()));
    }

    void brokerStarted(ChildJvm broker, String bootstrap) {
        print("broker: a JVM of its own (pid %d) at %s; each scenario runs `fedstream run` in a fresh JVM from an empty state",
                broker.pid(), bootstrap);
    }

    void policiesPublished(int count) {
        List<String> others = FailoverBench.CLUSTERS.subList(1, FailoverBench.CLUSTERS.size());
        print("published %d policies: per namespace a FederatedResourceQuota of twice its demand and a PropagationPolicy placing"
                        + " each workload on one cluster (spreadConstraints [{spreadByField: cluster, maxGroups: 1}]): in every other"
                        + " namespace on %s first (clusterAffinities [%s], then [%s]), in the rest on %s only", count,
                FailoverBench.FAILING, FailoverBench.FAILING, String.join(", ", others), String.join(" or ", others));
    }

    void workloadsPublished(int count, double seconds) {
        print("produced %d workload events once in %s; both scenarios read these", count, BenchReport.seconds(seconds));
    }

    void scenario(String name, String what) {
        out.println();
        print("%s: %s", name, what);
    }

    FailoverRound.Result single(FailoverRound.Result result) {
        placed(result);
        FailoverBurst.Result burst = result.burst();
        if (burst == null) {
            print("  %s never turned FAILED within %s of its last heartbeat: no command to time", FailoverBench.FAILING,
                    BenchReport.seconds(result.watchedMillis() / 1000.0));
            return result;
        }
        print("  migration commands: %d for the %d workloads on %s: duplicates %d, missing %d, for other workloads %d,"
                        + " to no survivor %d; PURGE %d", burst.commands(), burst.expected(), burst.failedCluster(), burst.duplicates(),
                burst.missing(), burst.unexpected(), burst.otherTargets(), result.purges());
        FailoverBurst.Delays delays = burst.delays();
        if (delays != null) {
            print("  from FAILED to each command (append times): min %s, p10 %s, p50 %s, p90 %s, p99 %s, max %s", millis(delays.minMillis()),
                    millis(delays.p10Millis()), millis(delays.p50Millis()), millis(delays.p90Millis()), millis(delays.p99Millis()),
                    millis(delays.maxMillis()));
            Long suspectAt = result.suspectAt().get(burst.failedCluster());
            Long failedAt = result.failedAt().get(burst.failedCluster());
            if (suspectAt != null && failedAt != null) {
                // FAILED itself comes up to a check interval or a heartbeat late; the moves are due by SUSPECT's clock.
                long due = Math.max(result.failureThresholdMillis(), result.tolerationMillis());
                long shift = failedAt - (suspectAt + due);
                print("  from when the moves were due (SUSPECT + %s; FAILED at SUSPECT + %s): min %s, p10 %s, p50 %s, p90 %s, p99 %s, max %s",
                        millis(due), millis(failedAt - suspectAt), millis(delays.minMillis() + shift), millis(delays.p10Millis() + shift),
                        millis(delays.p50Millis() + shift), millis(delays.p90Millis() + shift), millis(delays.p99Millis() + shift),
                        millis(delays.maxMillis() + shift));
            }
        }
        if (burst.commands() > 0) {
            print("  fedstream wrote %s records a command from the silence on", result.failureWrites().averagedOver(burst.commands()));
            print("  of %,d records in all, the topics under 0.5 a command: %s", result.failureWrites().total(),
                    result.failureWrites().restCounted(burst.commands()));
        }
        CpuUse cpu = result.failureCpu();
        if (cpu != null && cpu.known()) {
            print("  CPU from the silence until the last command was read: fedstream %s (of it JIT %s, GC %s), the broker %s",
                    cpuSeconds(cpu.appMillis()), cpuSeconds(cpu.appThreads().jitMillis()), cpuSeconds(cpu.appThreads().gcMillis()),
                    cpuSeconds(cpu.brokerMillis()));
        }
        print("  targets against the survivors' free room when %s failed (cpu: allocatable less what is placed there):",
                FailoverBench.FAILING);
        for (FailoverBurst.Share share : burst.shares()) {
            print("    %-10s free room %5.1f%%  commands %5.1f%% (%d)  deviation %+.1f points", share.cluster(), share.freeRoomPercent(),
                    share.commandPercent(), share.commands(), share.deviationPoints());
        }
        return result;
    }

    FailoverRound.Result mass(FailoverRound.Result result) {
        placed(result);
        print("  migration brake: %s", result.brakeAt() == null ? "never shown on the cluster-state topic"
                : "on the cluster-state topic " + offset(result, result.brakeAt()) + " (" + result.brakeText() + ")");
        print("  migration commands while silent: %d (PURGE %d); watched %s after the last heartbeat (%d x (failure threshold +"
                        + " toleration) = %s)", result.migrations(), result.purges(), BenchReport.seconds(result.watchedMillis() / 1000.0),
                FailoverRound.BRAKE_WATCH_MULTIPLE, BenchReport.seconds(brakeWatchMillis(result) / 1000.0));
        return result;
    }

    private void placed(FailoverRound.Result result) {
        print("  fedstream running after %s; all %d workloads placed after %s: %s", BenchReport.seconds(result.runningSeconds()),
                settings.workloads(), BenchReport.seconds(result.placedSeconds()), result.placedByCluster().entrySet().stream()
                        .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining(", ")));
        print("  before the failure: %d SUSPECT transitions, %d migration commands (every cluster heart-beating: both must be 0)",
                result.suspectsBefore(), result.migrationsBefore());
        print("  %s silent from %s (the send time of their last heartbeat)", String.join(", ", result.silent()),
                Instant.ofEpochMilli(result.silentFrom()));
        for (String cluster : result.silent()) {
            print("    %s: SUSPECT %s, FAILED %s", cluster, offset(result, result.suspectAt().get(cluster)),
                    offset(result, result.failedAt().get(cluster)));
        }
        print("  transitions of the clusters still heart-beating: %d (must be 0)", result.otherTransitions());
    }

    /** Prints every criterion with its verdict; returns 1 when one failed, else 0. */
    int summary(FailoverRound.Result single, FailoverRound.Result mass) {
        List<Criterion> criteria = criteria(single, mass);
        out.println();
        print("Criteria (issue 11, \"Done when\"; machine load average now %s):", BenchReport.loadAverage());
        criteria.forEach(criterion -> print("  %-4s %s: %s", criterion.passed() ? "ok" : "FAIL", criterion.name(), criterion.value()));
        List<String> failed = criteria.stream().filter(criterion -> !criterion.passed()).map(Criterion::name).toList();
        if (failed.isEmpty()) {
            print("PASSED: every criterion holds.");
            return 0;
        }
        print("FAILED: %s.", String.join("; ", failed));
        return 1;
    }

    /** The criteria of both scenarios, judged, scenario by scenario. */
    List<Criterion> criteria(FailoverRound.Result single, FailoverRound.Result mass) {
        List<Criterion> criteria = new ArrayList<>(lifeCycle(single));
        FailoverBurst.Result burst = single.burst();
        criteria.add(new Criterion("F1 exactly one command per workload on " + FailoverBench.FAILING, burst != null && burst.oneEach(),
                burst == null ? "no FAILED transition" : burst.commands() + " commands for " + burst.expected() + " workloads, "
                        + burst.duplicates() + " duplicates, " + burst.missing() + " missing, " + burst.unexpected()
                        + " for other workloads, " + burst.otherTargets() + " to no survivor"));
        FailoverBurst.Delays delays = burst == null ? null : burst.delays();
        long limit = settings.maxCommandDelay().toMillis();
        criteria.add(new Criterion("F1 every command within " + millis(limit) + " of FAILED",
                delays != null && delays.maxMillis() <= limit, delays == null ? "no command" : "max " + millis(delays.maxMillis())
                        + ", p99 " + millis(delays.p99Millis())));
        double spread = burst == null ? Double.NaN : burst.worstDeviationPoints();
        criteria.add(new Criterion(String.format(Locale.ROOT, "F1 targets within %.0f points of the free-room shares", settings.maxSpreadPoints()),
                burst != null && burst.commands() > 0 && spread <= settings.maxSpreadPoints(),
                String.format(Locale.ROOT, "worst %.1f points", spread)));
        criteria.addAll(lifeCycle(mass));
        criteria.add(new Criterion("F2 the brake is shown on the cluster-state topic", mass.brakeAt() != null,
                mass.brakeAt() == null ? "never" : mass.brakeText()));
        criteria.add(new Criterion("F2 the brake holds: no command while 2 of 3 are silent", mass.migrations() == 0 && mass.purges() == 0,
                mass.migrations() + " commands in " + BenchReport.seconds(mass.watchedMillis() / 1000.0)));
        criteria.add(new Criterion("F2 silent long enough", mass.watchedMillis() >= brakeWatchMillis(mass),
                BenchReport.seconds(mass.watchedMillis() / 1000.0) + " of at least " + BenchReport.seconds(brakeWatchMillis(mass) / 1000.0)));
        return criteria;
    }

    /** What both scenarios require of the cluster watch: a quiet fleet until the failure, then only the silent clusters fail. */
    private static List<Criterion> lifeCycle(FailoverRound.Result result) {
        return List.of(
                new Criterion(result.name() + " healthy fleet: no SUSPECT and no command before the failure",
                        result.suspectsBefore() == 0 && result.migrationsBefore() == 0,
                        result.suspectsBefore() + " SUSPECT, " + result.migrationsBefore() + " commands"),
                new Criterion(result.name() + " every silent cluster turns FAILED", result.allFailed(),
                        result.failedAt().size() + " of " + result.silent().size()),
                new Criterion(result.name() + " clusters still heart-beating keep their state", result.otherTransitions() == 0,
                        result.otherTransitions() + " transitions"));
    }

    private static long brakeWatchMillis(FailoverRound.Result result) {
        return FailoverRound.BRAKE_WATCH_MULTIPLE * (result.failureThresholdMillis() + result.tolerationMillis());
    }

    private static String offset(FailoverRound.Result result, Long at) {
        return at == null ? "never" : String.format(Locale.ROOT, "+%.1f s", (at - result.silentFrom()) / 1000.0);
    }

    private static String millis(long value) {
        return String.format(Locale.ROOT, "%,d ms", value);
    }

    private static String cpuSeconds(long millis) {
        return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
    }

    private void print(String format, Object... args) {
        out.printf(Locale.ROOT, format + "%n", args);
        out.flush();
    }

    /** One criterion: what it requires, whether it held, and what was measured. */
    record Criterion(String name, boolean passed, String value) {}
}
