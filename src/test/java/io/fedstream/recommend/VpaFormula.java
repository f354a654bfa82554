package io.fedstream.recommend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The VPA recommendation computed from raw samples by another route than the histograms: exact weighted percentiles of
 * the samples themselves (CPU) and of each pod's peak per interval (memory), weighted {@code 2^(t / halfLife)}. The
 * histogram's answer lies above the exact percentile by less than one bucket, so each amount is a range:
 * {@code (exact, 1.05 * exact + first bucket]} before the margin, the confidence factor and the pod minimum.
 */
public final class VpaFormula {

    /** One pod's sample at a time, as the agent reports it. */
    public record Sample(long atMillis, String pod, long cpuMillis, long memoryBytes) {}

    /** A range of acceptable amounts, both ends included. */
    public record Range(long low, long high) {
        public boolean holds(long amount) {
            return amount >= low && amount <= high;
        }

        @Override
        public String toString() {
            return "[" + low + ", " + high + "]";
        }
    }

    /** Target, lower and upper bound of CPU (millicores) and memory (bytes). */
    public record Expected(Range cpuTarget, Range cpuLower, Range cpuUpper, Range memoryTarget, Range memoryLower, Range memoryUpper,
                           double confidence) {}

    private static final double DAY_MILLIS = 24 * 3600_000.0;
    private static final double HALF_LIFE_MILLIS = DAY_MILLIS;
    private static final long MEMORY_INTERVAL_MILLIS = 24 * 3600_000L;
    private static final double MARGIN = 0.15;
    private static final double GROWTH = 1.05;
    private static final double FIRST_CPU_BUCKET_MILLIS = 10;
    private static final double FIRST_MEMORY_BUCKET_BYTES = 1e7;
    private static final long MIN_CPU_MILLIS = 25;
    private static final long MIN_MEMORY_BYTES = 250L * 1024 * 1024;

    private VpaFormula() {}

    /** What VPA's defaults recommend for these samples of one template. */
    public static Expected expected(List<Sample> samples) {
        long first = samples.stream().mapToLong(Sample::atMillis).min().orElseThrow();
        long last = samples.stream().mapToLong(Sample::atMillis).max().orElseThrow();
        List<double[]> cpu = new ArrayList<>();
        for (Sample sample : samples) {
            cpu.add(new double[] {sample.cpuMillis(), weight(sample.atMillis(), first)});
        }
        List<double[]> peaks = memoryPeaks(samples, first);
        double confidence = Math.min((last - first) / DAY_MILLIS, samples.size() / 1440.0);
        double upper = 1 + 1 / confidence;
        double lower = Math.pow(1 + 0.001 / confidence, -2);
        return new Expected(
                range(percentile(cpu, 0.9), 1, FIRST_CPU_BUCKET_MILLIS, MIN_CPU_MILLIS),
                range(percentile(cpu, 0.5), lower, FIRST_CPU_BUCKET_MILLIS, MIN_CPU_MILLIS),
                range(percentile(cpu, 0.95), upper, FIRST_CPU_BUCKET_MILLIS, MIN_CPU_MILLIS),
                range(percentile(peaks, 0.9), 1, FIRST_MEMORY_BUCKET_BYTES, MIN_MEMORY_BYTES),
                range(percentile(peaks, 0.5), lower, FIRST_MEMORY_BUCKET_BYTES, MIN_MEMORY_BYTES),
                range(percentile(peaks, 0.95), upper, FIRST_MEMORY_BUCKET_BYTES, MIN_MEMORY_BYTES),
                confidence);
    }

    /** Each pod's highest memory in each interval, the intervals counted from its first sample, weighted at the interval's end. */
    private static List<double[]> memoryPeaks(List<Sample> samples, long first) {
        Map<String, Long> podStart = new HashMap<>();
        samples.stream().sorted(Comparator.comparingLong(Sample::atMillis))
                .forEach(sample -> podStart.putIfAbsent(sample.pod(), sample.atMillis()));
        Map<String, Long> peak = new HashMap<>();
        Map<String, Long> windowEnd = new HashMap<>();
        for (Sample sample : samples) {
            long start = podStart.get(sample.pod());
            long index = (sample.atMillis() - start) / MEMORY_INTERVAL_MILLIS;
            String window = sample.pod() + "#" + index;
            peak.merge(window, sample.memoryBytes(), Math::max);
            windowEnd.put(window, start + (index + 1) * MEMORY_INTERVAL_MILLIS);
        }
        List<double[]> weighted = new ArrayList<>();
        peak.forEach((window, bytes) -> weighted.add(new double[] {bytes, weight(windowEnd.get(window), first)}));
        return weighted;
    }

    private static double weight(long atMillis, long reference) {
        return Math.pow(2, (atMillis - reference) / HALF_LIFE_MILLIS);
    }

    /** The smallest value under which at least {@code p} of the weight lies. */
    private static double percentile(List<double[]> weighted, double p) {
        List<double[]> sorted = new ArrayList<>(weighted);
        sorted.sort(Comparator.comparingDouble(v -> v[0]));
        double total = sorted.stream().mapToDouble(v -> v[1]).sum();
        double sum = 0;
        for (double[] value : sorted) {
            sum += value[1];
            if (sum >= p * total * (1 - 1e-12)) {
                return value[0];
            }
        }
        return sorted.get(sorted.size() - 1)[0];
    }

    private static Range range(double exact, double confidenceFactor, double firstBucket, long minimum) {
        double low = exact * (1 + MARGIN) * confidenceFactor;
        double high = (GROWTH * exact + firstBucket) * (1 + MARGIN) * confidenceFactor;
        // Two truncations to whole units on the way (VPA's ResourceAmount), hence the 2 below the low end.
        return new Range(Math.max(minimum, (long) Math.floor(low) - 2), Math.max(minimum, (long) Math.ceil(high)));
    }
}
