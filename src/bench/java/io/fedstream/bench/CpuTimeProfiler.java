package io.fedstream.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Operations per CPU-second of the benchmark JVM (its benchmark thread, GC and JIT together),
 * and the cores it actually got. On a machine shared with other work, wall-clock ops/s only
 * says how much CPU the JVM was given; ops per CPU-second is the "manifests per second per
 * core" that capacity planning needs, and the core share shows how contended a run was.
 */
public final class CpuTimeProfiler implements InternalProfiler {

    static final String OPS_PER_CPU_SECOND = "cpu.ops/s";
    static final String CORES_USED = "cpu.cores";

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuStart;
    private long wallStart;

    @Override
    public String getDescription() {
        return "Operations per CPU-second of the whole benchmark JVM, and the cores it used";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        wallStart = System.nanoTime();
        cpuStart = os.getProcessCpuTime();
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        double cpuSeconds = (os.getProcessCpuTime() - cpuStart) / 1e9;
        double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        // allOps: the profiler's window spans the whole iteration, including the ops JMH runs
        // to synchronise its start and end, which measuredOps leaves out.
        long ops = result.getMetadata().getAllOps();
        if (cpuSeconds <= 0 || wallSeconds <= 0) {
            return List.of();
        }
        return List.of(
                new ScalarResult(OPS_PER_CPU_SECOND, ops / cpuSeconds, "ops/cpu-s", AggregationPolicy.AVG),
                new ScalarResult(CORES_USED, cpuSeconds / wallSeconds, "cores", AggregationPolicy.AVG));
    }
}
