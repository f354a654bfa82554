package io.fedstream.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Operations per CPU-second of the benchmark threads, and the cores the whole JVM used. On a
 * machine shared with other work, wall-clock ops/s mostly says how much CPU the JVM was given;
 * ops per CPU-second of the thread doing the work is the "manifests per second per core" that
 * capacity planning needs (GC and JIT threads are left out: after warm-up the JIT is idle, and
 * with a small live set the young collections cost little). The JVM's cores show how contended
 * a run was: 1.0 or more for one benchmark thread on an idle machine.
 */
public final class CpuTimeProfiler implements InternalProfiler {

    static final String OPS_PER_CPU_SECOND = "cpu.ops/s";
    static final String CORES_USED = "cpu.cores";

    /** JMH's benchmark threads are named {@code <benchmark>-jmh-worker-<n>}. */
    private static final String WORKER = "-jmh-worker-";

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private Map<Long, Long> workerCpuStart = Map.of();
    private long processCpuStart;
    private long wallStart;

    @Override
    public String getDescription() {
        return "Operations per CPU-second of the benchmark threads, and the cores the JVM used";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        workerCpuStart = workerCpu();
        wallStart = System.nanoTime();
        processCpuStart = os.getProcessCpuTime();
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        double processCpuSeconds = (os.getProcessCpuTime() - processCpuStart) / 1e9;
        double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        long workerCpuNanos = 0;
        for (Map.Entry<Long, Long> e : workerCpu().entrySet()) {
            // A worker that did not exist yet when the iteration began started from zero.
            workerCpuNanos += e.getValue() - workerCpuStart.getOrDefault(e.getKey(), 0L);
        }
        // allOps: the window spans the whole iteration, including the ops JMH runs to
        // synchronise its start and end, which measuredOps leaves out.
        long ops = result.getMetadata().getAllOps();
        if (workerCpuNanos <= 0 || wallSeconds <= 0) {
            return List.of();
        }
        return List.of(
                new ScalarResult(OPS_PER_CPU_SECOND, ops / (workerCpuNanos / 1e9), "ops/cpu-s", AggregationPolicy.AVG),
                new ScalarResult(CORES_USED, processCpuSeconds / wallSeconds, "cores", AggregationPolicy.AVG));
    }

    private Map<Long, Long> workerCpu() {
        Map<Long, Long> cpu = new HashMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().contains(WORKER)) {
                long nanos = threads.getThreadCpuTime(info.getThreadId());
                if (nanos >= 0) {
                    cpu.put(info.getThreadId(), nanos);
                }
            }
        }
        return cpu;
    }
}
