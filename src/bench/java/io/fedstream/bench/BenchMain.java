package io.fedstream.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Entry point of the benchmark jar: runs JMH with its usual command line ({@code -p}, {@code -f},
 * {@code -wi}, {@code -i}, {@code -prof}, {@code -rf}, ...), then prints per kind and input format
 * the interpreter's throughput next to the parse-only baseline of the same bytes, and their
 * ratio, both per wall-clock second and per CPU-second ({@link CpuTimeProfiler}, always on). Exits non-zero when a requested kind produced no result (its setup refused the manifest).
 */
public final class BenchMain {

    private static final String INTERPRET_BENCHMARK = InterpretBenchmark.class.getName();

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        Collection<RunResult> results;
        try {
            results = new Runner(new OptionsBuilder().parent(options).addProfiler(CpuTimeProfiler.class).build()).run();
        } catch (RunnerException e) {
            System.err.println("JMH failed: " + e.getMessage());
            e.printStackTrace(System.err);
            System.exit(1);
            return;
        }
        List<String> requested = new ArrayList<>(options.getParameter("kind").orElse(defaultKinds()));
        List<String> missing = printRatios(results, requested);
        if (!missing.isEmpty()) {
            System.out.println("\nNo result for " + missing
                    + ": the setup refused the manifest (see the error above), e.g. a kind not interpreted yet.");
            System.exit(2);
        }
    }

    /** Prints the ratio table in Markdown; returns the requested kinds that have no result at all. */
    static List<String> printRatios(Collection<RunResult> results, List<String> requested) {
        Map<String, Map<String, RunResult>> byKind = new LinkedHashMap<>();
        for (RunResult run : results) {
            String benchmark = run.getParams().getBenchmark();
            if (!benchmark.startsWith(INTERPRET_BENCHMARK + ".")) {
                continue;
            }
            String method = benchmark.substring(INTERPRET_BENCHMARK.length() + 1);
            byKind.computeIfAbsent(run.getParams().getParam("kind"), k -> new LinkedHashMap<>()).put(method, run);
        }
        if (!byKind.isEmpty()) {
            System.out.println();
            System.out.println("Interpreter vs parse-only baseline of the same bytes, same run. ratio = interpret / parse;");
            System.out.println("ops/CPU-s = ops per CPU-second of the benchmark thread; cores = CPU the whole JVM got while interpreting.");
            System.out.println();
            System.out.println("| kind | input | interpret ops/s | ± error | interpret ops/CPU-s | parse-only ops/s | ± error | parse ops/CPU-s | ratio | ratio (CPU) | cores |");
            System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            byKind.forEach((kind, methods) -> {
                row(kind, "JSON", methods.get("interpretJson"), methods.get("parseJsonBaseline"));
                row(kind, "YAML", methods.get("interpretYaml"), methods.get("parseYamlBaseline"));
            });
        }
        List<String> missing = new ArrayList<>();
        for (String kind : requested) {
            if (!byKind.containsKey(kind)) {
                missing.add(kind);
            }
        }
        return missing;
    }

    private static void row(String kind, String input, RunResult interpret, RunResult parse) {
        if (interpret == null && parse == null) {
            return;
        }
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                kind, input,
                count(score(interpret)), count(error(interpret)), count(secondary(interpret, CpuTimeProfiler.OPS_PER_CPU_SECOND)),
                count(score(parse)), count(error(parse)), count(secondary(parse, CpuTimeProfiler.OPS_PER_CPU_SECOND)),
                ratio(score(interpret), score(parse)),
                ratio(secondary(interpret, CpuTimeProfiler.OPS_PER_CPU_SECOND), secondary(parse, CpuTimeProfiler.OPS_PER_CPU_SECOND)),
                decimal(secondary(interpret, CpuTimeProfiler.CORES_USED)));
    }

    private static double score(RunResult run) {
        return run == null ? Double.NaN : run.getPrimaryResult().getScore();
    }

    private static double error(RunResult run) {
        return run == null ? Double.NaN : run.getPrimaryResult().getScoreError();
    }

    private static double secondary(RunResult run, String label) {
        if (run == null) {
            return Double.NaN;
        }
        Result<?> result = run.getSecondaryResults().get(label);
        if (result == null) {
            result = run.getSecondaryResults().get("\u00b7" + label); // JMH prefixes profiler results with a middle dot
        }
        return result == null ? Double.NaN : result.getScore();
    }

    private static String ratio(double numerator, double denominator) {
        return decimal(numerator / denominator);
    }

    private static String decimal(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }

    private static String count(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static List<String> defaultKinds() {
        try {
            return List.of(InterpretBenchmark.class.getField("kind").getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }
}
