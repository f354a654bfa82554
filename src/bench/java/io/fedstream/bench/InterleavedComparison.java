package io.fedstream.bench;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compares builds of the interpreter on one shared machine: each bench jar is loaded in its own
 * class loader (so each has its own JIT profile), and rounds alternate between them, one batch
 * of interpretations per jar per round, next to a batch of Jackson's {@code readTree} of the same
 * bytes. Every batch is timed in CPU time of the thread. On a shared vCPU whose neighbour comes
 * and goes, throughput jumps between two levels within seconds; batches of one round see the
 * same level, so the per-round ratios are steady where JMH's means are not.
 *
 * <p>{@code java -cp fedstream-bench.jar io.fedstream.bench.InterleavedComparison [--rounds N] [--batch N] KIND JAR...}
 */
public final class InterleavedComparison {

    private static final long WARM_UP_NANOS = 8_000_000_000L;

    private InterleavedComparison() {}

    public static void main(String[] args) throws Exception {
        int rounds = 150;
        int batch = 1000;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = positive("--rounds", args[++i]);
                case "--batch" -> batch = positive("--batch", args[++i]);
                default -> rest.add(args[i]);
            }
        }
        if (rest.size() < 2) {
            System.err.println("usage: InterleavedComparison [--rounds N] [--batch N] KIND JAR...");
            System.exit(1);
            return;
        }
        String kind = rest.get(0);
        byte[] json = manifest(kind);
        List<Lane> lanes = new ArrayList<>();
        for (String jar : rest.subList(1, rest.size())) {
            lanes.add(Lane.interpreter(Path.of(jar), json));
        }
        lanes.add(Lane.jacksonReadTree(json));

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long warmUpEnd = System.nanoTime() + WARM_UP_NANOS;
        while (System.nanoTime() < warmUpEnd) {
            for (Lane lane : lanes) {
                lane.run(batch);
            }
        }
        double[][] opsPerCpuSecond = new double[lanes.size()][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < lanes.size(); k++) {
                int lane = (k + round) % lanes.size(); // no lane always runs first (right after another's garbage)
                long start = threads.getCurrentThreadCpuTime();
                lanes.get(lane).run(batch);
                opsPerCpuSecond[lane][round] = batch / ((threads.getCurrentThreadCpuTime() - start) / 1e9);
            }
        }
        print(kind, json.length, lanes, opsPerCpuSecond, rounds, batch);
    }

    private static void print(String kind, int bytes, List<Lane> lanes, double[][] ops, int rounds, int batch) {
        System.out.printf(Locale.ROOT, "%s, %d B JSON: %d rounds of %d per lane, ops per CPU-second of the thread%n%n",
                kind, bytes, rounds, batch);
        System.out.println("| lane | p10 | p50 | p90 | per-round ratio to the first lane, p10 / p50 / p90 | to readTree, p50 |");
        System.out.println("|---|---:|---:|---:|---|---:|");
        int parseOnly = lanes.size() - 1;
        for (int lane = 0; lane < lanes.size(); lane++) {
            double[] sorted = ops[lane].clone();
            Arrays.sort(sorted);
            double[] ratios = perRoundRatios(ops[lane], ops[0]);
            System.out.printf(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %.3f / %.3f / %.3f | %.3f |%n", lanes.get(lane).name,
                    sorted[rounds / 10], sorted[rounds / 2], sorted[rounds * 9 / 10],
                    ratios[rounds / 10], ratios[rounds / 2], ratios[rounds * 9 / 10],
                    perRoundRatios(ops[lane], ops[parseOnly])[rounds / 2]);
        }
    }

    /** The ratios of two lanes' throughputs, round by round, sorted. */
    private static double[] perRoundRatios(double[] lane, double[] reference) {
        double[] ratios = new double[lane.length];
        for (int round = 0; round < lane.length; round++) {
            ratios[round] = lane[round] / reference[round];
        }
        Arrays.sort(ratios);
        return ratios;
    }

    private static int positive(String option, String value) {
        int n = Integer.parseInt(value);
        if (n < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + value);
        }
        return n;
    }

    private static byte[] manifest(String kind) {
        String name = "manifests/" + kind + ".json";
        try (InputStream in = InterleavedComparison.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no bench manifest " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One thing timed per round: an interpreter build, or the parse-only floor. */
    private abstract static class Lane {

        final String name;
        Object sink;

        Lane(String name) {
            this.name = name;
        }

        abstract void run(int times) throws Exception;

        static Lane interpreter(Path jar, byte[] json) throws Exception {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("no such jar: " + jar);
            }
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> type = loader.loadClass("io.fedstream.interpret.Interpreter");
            Object interpreter = type.getMethod("builtIn").invoke(null);
            Method interpret = type.getMethod("interpret", byte[].class);
            Object outcome = type.getClassLoader().loadClass("io.fedstream.interpret.Interpretation")
                    .getMethod("outcome").invoke(interpret.invoke(interpreter, (Object) json));
            if (!"INTERPRETED".equals(String.valueOf(outcome))) {
                throw new IllegalStateException(jar + " does not interpret the manifest: " + outcome);
            }
            return new Lane(jar.getFileName().toString()) {
                @Override
                void run(int times) throws Exception {
                    for (int i = 0; i < times; i++) {
                        sink = interpret.invoke(interpreter, (Object) json);
                    }
                }
            };
        }

        static Lane jacksonReadTree(byte[] json) {
            ObjectMapper mapper = new ObjectMapper();
            return new Lane("Jackson readTree (parse only)") {
                @Override
                void run(int times) throws IOException {
                    for (int i = 0; i < times; i++) {
                        sink = mapper.readTree(json);
                    }
                }
            };
        }
    }
}
