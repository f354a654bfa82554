package io.fedstream.recommend;

import java.time.Duration;

/**
 * The parameters of the recommendation, with the VPA recommender's defaults ({@code pkg/recommender/config/config.go},
 * {@code pkg/recommender/model/aggregations_config.go}), and fedstream's own minimum history before any recommendation.
 *
 * @param cpuHalfLife           how long a CPU sample takes to lose half its weight (VPA: 24h)
 * @param memoryHalfLife        how long a memory peak takes to lose half its weight (VPA: 24h)
 * @param memoryPeakInterval    one memory peak per pod per interval (VPA: 24h)
 * @param targetPercentile      the target's percentile, CPU and memory (VPA: 0.9)
 * @param lowerBoundPercentile  the lower bound's percentile (VPA: 0.5)
 * @param upperBoundPercentile  the upper bound's percentile (VPA: 0.95)
 * @param safetyMargin          the fraction added to every estimate (VPA: 0.15)
 * @param confidenceInterval    the history that counts as confidence 1 for the bounds (VPA: 24h)
 * @param minCpuMillis          the least CPU recommended for a pod (VPA: 25m)
 * @param minMemoryBytes        the least memory recommended for a pod (VPA: 250 MiB)
 * @param minSamples            fedstream's: no recommendation before this many CPU samples of the template
 * @param minHistory            fedstream's: nor before its samples span this long
 */
public record RecommendationSettings(Duration cpuHalfLife, Duration memoryHalfLife, Duration memoryPeakInterval,
                                     double targetPercentile, double lowerBoundPercentile, double upperBoundPercentile,
                                     double safetyMargin, Duration confidenceInterval, long minCpuMillis, long minMemoryBytes,
                                     long minSamples, Duration minHistory) {

    public RecommendationSettings {
        positive("cpuHalfLife", cpuHalfLife);
        positive("memoryHalfLife", memoryHalfLife);
        positive("memoryPeakInterval", memoryPeakInterval);
        positive("confidenceInterval", confidenceInterval);
        fraction("targetPercentile", targetPercentile);
        fraction("lowerBoundPercentile", lowerBoundPercentile);
        fraction("upperBoundPercentile", upperBoundPercentile);
        if (!(safetyMargin >= 0)) {
            throw new IllegalArgumentException("safetyMargin: must not be negative (value: " + safetyMargin + ")");
        }
        if (minCpuMillis < 0 || minMemoryBytes < 0 || minSamples < 0 || minHistory.isNegative()) {
            throw new IllegalArgumentException("minimums must not be negative (values: " + minCpuMillis + ", " + minMemoryBytes
                    + ", " + minSamples + ", " + minHistory + ")");
        }
    }

    /** VPA's defaults; a recommendation once a template has 60 samples over at least an hour. */
    public static RecommendationSettings vpaDefaults() {
        return new RecommendationSettings(Duration.ofHours(24), Duration.ofHours(24), Duration.ofHours(24), 0.9, 0.5, 0.95, 0.15,
                Duration.ofHours(24), 25, 250L * 1024 * 1024, 60, Duration.ofHours(1));
    }

    /** The same with another minimum history, e.g. for a demo that cannot wait an hour. */
    public RecommendationSettings withMinimumHistory(long samples, Duration history) {
        return new RecommendationSettings(cpuHalfLife, memoryHalfLife, memoryPeakInterval, targetPercentile, lowerBoundPercentile,
                upperBoundPercentile, safetyMargin, confidenceInterval, minCpuMillis, minMemoryBytes, samples, history);
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + ": must be a positive duration (value: " + value + ")");
        }
    }

    private static void fraction(String name, double value) {
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(name + ": must be in (0, 1] (value: " + value + ")");
        }
    }
}
