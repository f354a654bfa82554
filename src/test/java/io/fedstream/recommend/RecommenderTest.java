package io.fedstream.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The VPA estimate of one template: hand-computed cases, and a random week against {@link VpaFormula}. */
class RecommenderTest {

    private static final long START = Instant.parse("2026-11-01T00:00:00Z").toEpochMilli();
    private static final long MINUTE = 60_000;
    private final RecommendationSettings settings = RecommendationSettings.vpaDefaults();
    private final Recommender recommender = new Recommender(settings);

    @Test
    void vpasBucketsAre176ForCpuAndEachStartsWhereTheFormulaSays() {
        assertThat(HistogramBuckets.CPU_CORES.count()).isEqualTo(176);
        // 0.5 core: log1.05(0.5 * 0.05 / 0.01 + 1) = log1.05(3.5) = 25.68, so bucket 25, which ends at 0.01 * (1.05^26 - 1) / 0.05 = 0.511135.
        assertThat(HistogramBuckets.CPU_CORES.bucketOf(0.5)).isEqualTo(25);
        assertThat(HistogramBuckets.CPU_CORES.startOf(26)).isCloseTo(0.511135, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(HistogramBuckets.CPU_CORES.bucketOf(5000)).as("beyond the range: the last bucket").isEqualTo(175);
    }

    @Test
    void aSteadyHalfCoreAndGibibyteForADayIsRecommendedAtTheBucketEndsPlusFifteenPercent() {
        TemplateHistory history = new TemplateHistory(settings);
        for (long minute = 0; minute <= 24 * 60; minute++) {
            history.record(List.of(new PodSample("web-1", 500, 1L << 30)), START + minute * MINUTE);
        }
        Estimate.Recommended recommended = (Estimate.Recommended) recommender.estimate(history);
        // CPU: bucket end 511.13m -> 511, plus 15% truncated (76) = 587.
        assertThat(recommended.target().cpuMillis()).isEqualTo(587);
        // Memory: 1 GiB = 1073741824 B lies in bucket floor(log1.05(1073741824 * 0.05 / 1e7 + 1)) = floor(log1.05(6.3687)) = 37,
        // which ends at 1e7 * (1.05^38 - 1) / 0.05 = 1,077,095,457 (truncated to the byte), plus 15%.
        long memoryBucketEnd = (long) (1e7 * (Math.pow(1.05, 38) - 1) / 0.05);
        assertThat(recommended.target().memoryBytes()).isEqualTo(memoryBucketEnd + (long) (memoryBucketEnd * 0.15));
        // One day of history at one sample a minute: confidence 1, so the upper bound is twice the 95th percentile's.
        assertThat(recommended.confidence()).isEqualTo(1.0);
        assertThat(recommended.upperBound().cpuMillis()).isEqualTo(2 * 587);
        assertThat(recommended.samples()).isEqualTo(24 * 60 + 1);
    }

    @Test
    void anIdlePodIsRecommendedThePodMinimum() {
        TemplateHistory history = new TemplateHistory(settings);
        for (long minute = 0; minute <= 120; minute++) {
            history.record(List.of(new PodSample("idle", 0, 1024)), START + minute * MINUTE);
        }
        Estimate.Recommended recommended = (Estimate.Recommended) recommender.estimate(history);
        assertThat(recommended.target()).isEqualTo(new Estimate.Amounts(25, 250L * 1024 * 1024));
    }

    @Test
    void beforeTheMinimumHistoryThereIsNoRecommendationButWhatIsMissing() {
        TemplateHistory history = new TemplateHistory(settings);
        for (long minute = 0; minute < 30; minute++) {
            history.record(List.of(new PodSample("a", 100, 1 << 20), new PodSample("b", 100, 1 << 20)), START + minute * MINUTE);
        }
        Estimate estimate = recommender.estimate(history);
        assertThat(estimate).isEqualTo(new Estimate.TooLittleHistory(60, 60, 29 * MINUTE, 60 * MINUTE));
        assertThat(((Estimate.TooLittleHistory) estimate).reason()).isEqualTo("too little history: 60 of 60 samples over 29 of 60 minutes");
    }

    @Test
    void aRepeatedIntervalCountsOnce() {
        TemplateHistory history = new TemplateHistory(settings);
        history.record(List.of(new PodSample("a", 100, 1 << 20)), START);
        history.record(List.of(new PodSample("a", 900, 1 << 20)), START);
        assertThat(history.sampleCount()).isEqualTo(1);
    }

    @Test
    void aHigherMemorySampleInTheSameIntervalReplacesThePeakInsteadOfAddingOne() {
        TemplateHistory history = new TemplateHistory(settings);
        history.record(List.of(new PodSample("a", 100, 100_000_000)), START);
        history.record(List.of(new PodSample("a", 100, 900_000_000)), START + MINUTE);
        // One peak only: its median is the 900 MB bucket's end, not the 100 MB one's.
        assertThat(history.memoryBytes(0.5)).isGreaterThan(900_000_000).isLessThan(900_000_000 * 1.05 + 1e7);
        assertThat(history.state().pods()).singleElement().satisfies(pod -> assertThat(pod.peakBytes()).isEqualTo(900_000_000));
    }

    @Test
    void aRandomWeekOfThreePodsMatchesTheFormulaComputedFromTheSamples() {
        Random random = new Random(43);
        TemplateHistory history = new TemplateHistory(settings);
        List<VpaFormula.Sample> samples = new ArrayList<>();
        for (long minute = 0; minute < 7 * 24 * 60; minute += 5) {
            List<PodSample> interval = new ArrayList<>();
            for (String pod : List.of("tm-1", "tm-2", "tm-3")) {
                long cpu = (long) (800 + 400 * random.nextGaussian() + (minute > 6 * 24 * 60 ? 600 : 0));
                long memory = (long) ((2L << 30) + (512L << 20) * random.nextDouble());
                PodSample sample = new PodSample(pod, Math.max(0, cpu), memory);
                interval.add(sample);
                samples.add(new VpaFormula.Sample(START + minute * MINUTE, pod, sample.cpuMillis(), memory));
            }
            history.record(interval, START + minute * MINUTE);
        }
        Estimate.Recommended got = (Estimate.Recommended) recommender.estimate(history);
        VpaFormula.Expected expected = VpaFormula.expected(samples);

        assertThat(got.confidence()).isCloseTo(expected.confidence(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(got.target().cpuMillis()).matches(expected.cpuTarget()::holds, "in " + expected.cpuTarget());
        assertThat(got.lowerBound().cpuMillis()).matches(expected.cpuLower()::holds, "in " + expected.cpuLower());
        assertThat(got.upperBound().cpuMillis()).matches(expected.cpuUpper()::holds, "in " + expected.cpuUpper());
        assertThat(got.target().memoryBytes()).matches(expected.memoryTarget()::holds, "in " + expected.memoryTarget());
        assertThat(got.lowerBound().memoryBytes()).matches(expected.memoryLower()::holds, "in " + expected.memoryLower());
        assertThat(got.upperBound().memoryBytes()).matches(expected.memoryUpper()::holds, "in " + expected.memoryUpper());
    }

    @Test
    void aRestoredHistoryEstimatesAsTheOriginal() {
        TemplateHistory history = new TemplateHistory(settings);
        Random random = new Random(7);
        for (long minute = 0; minute < 3 * 24 * 60; minute += 10) {
            history.record(List.of(new PodSample("p", random.nextInt(2000), random.nextInt(1 << 30))), START + minute * MINUTE);
        }
        TemplateHistory restored = TemplateHistory.restore(settings, history.state());
        assertThat(recommender.estimate(restored)).isEqualTo(recommender.estimate(history));
        restored.record(List.of(new PodSample("p", 5000, 1 << 30)), START + 4 * 24 * 60 * MINUTE);
        history.record(List.of(new PodSample("p", 5000, 1 << 30)), START + 4 * 24 * 60 * MINUTE);
        assertThat(recommender.estimate(restored)).isEqualTo(recommender.estimate(history));
    }

    @Test
    void badSettingsAndSamplesAreRefusedNamingFieldAndValue() {
        assertThatThrownBy(() -> new PodSample("p", -1, 0)).hasMessage("cpuMillis: must not be negative (value: -1)");
        assertThatThrownBy(() -> settings.withMinimumHistory(-1, Duration.ZERO))
                .hasMessageStartingWith("minimums must not be negative");
        assertThatThrownBy(() -> new DecayingHistogram(HistogramBuckets.CPU_CORES, 0)).hasMessage("half-life must be positive (value: 0 ms)");
    }
}
