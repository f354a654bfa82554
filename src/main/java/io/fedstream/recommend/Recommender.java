package io.fedstream.recommend;

/**
 * The VPA recommender's estimate for one template ({@code pkg/recommender/logic/recommender.go},
 * {@code CreatePodResourceRecommender} and {@code estimator.go}): for target, lower and upper bound, the percentile of
 * the CPU samples and of the memory peaks, plus the safety margin; the upper bound times {@code (1 + 1/confidence)},
 * the lower bound times {@code (1 + 0.001/confidence)^-2}; then at least the pod minimum. Before the minimum history,
 * nothing.
 */
public final class Recommender {

    private final RecommendationSettings settings;

    public Recommender(RecommendationSettings settings) {
        this.settings = settings;
    }

    public RecommendationSettings settings() {
        return settings;
    }

    /** The template's estimate from its history. */
    public Estimate estimate(TemplateHistory history) {
        long span = history.lastSampleMillis() - history.firstSampleMillis();
        if (history.sampleCount() < settings.minSamples() || history.sampleCount() == 0 || span < settings.minHistory().toMillis()) {
            return new Estimate.TooLittleHistory(history.sampleCount(), settings.minSamples(), history.sampleCount() == 0 ? 0 : span,
                    settings.minHistory().toMillis());
        }
        double confidence = confidence(history);
        double upperFactor = Math.pow(1.0 + 1.0 / confidence, 1.0);
        double lowerFactor = Math.pow(1.0 + 0.001 / confidence, -2.0);
        return new Estimate.Recommended(
                amounts(history, settings.targetPercentile(), 1.0),
                amounts(history, settings.lowerBoundPercentile(), lowerFactor),
                amounts(history, settings.upperBoundPercentile(), upperFactor),
                history.sampleCount(), confidence);
    }

    /**
     * VPA's {@code getConfidence}: the smaller of the samples' lifespan in confidence intervals and their count per
     * minute of an interval (so one sample a minute for N days is N).
     */
    double confidence(TemplateHistory history) {
        double interval = settings.confidenceInterval().toMillis();
        double lifespan = (history.lastSampleMillis() - history.firstSampleMillis()) / interval;
        double samples = history.sampleCount() / (interval / 60_000.0);
        return Math.min(lifespan, samples);
    }

    private Estimate.Amounts amounts(TemplateHistory history, double percentile, double confidenceFactor) {
        // In VPA's units (millicores, bytes) and with its truncations: percentile, plus margin, times confidence factor.
        long cpu = scaled(withMargin(resourceAmount(history.cpuCores(percentile) * 1000.0)), confidenceFactor);
        long memory = scaled(withMargin(resourceAmount(history.memoryBytes(percentile))), confidenceFactor);
        return new Estimate.Amounts(Math.max(cpu, settings.minCpuMillis()), Math.max(memory, settings.minMemoryBytes()));
    }

    /** VPA's {@code cpuMarginEstimator}/{@code memoryMarginEstimator}: base plus base times the margin fraction. */
    private long withMargin(long base) {
        long sum = base + scaled(base, settings.safetyMargin());
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** VPA's {@code ScaleResource}: amount times factor, truncated, never negative, at most Long.MAX_VALUE. */
    private static long scaled(long amount, double factor) {
        return resourceAmount(amount * factor);
    }

    /** VPA's {@code resourceAmountFromFloat}. */
    private static long resourceAmount(double amount) {
        if (Double.isNaN(amount) || amount < 0) {
            return 0;
        }
        return amount >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) amount;
    }
}
