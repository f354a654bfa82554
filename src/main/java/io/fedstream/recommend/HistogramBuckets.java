package io.fedstream.recommend;

/**
 * The VPA recommender's exponential bucketing ({@code pkg/recommender/util/histogram_options.go},
 * {@code NewExponentialHistogramOptions}): bucket 0 covers {@code [0, firstBucketSize)}, bucket n has size
 * {@code firstBucketSize * ratio^n}, and the last bucket starts at or above {@code maxValue}, holding everything larger.
 */
public record HistogramBuckets(double maxValue, double firstBucketSize, double ratio, double epsilon, int count) {

    /** VPA's CPU buckets, in cores: the first 0.01 core wide, each 5% wider than the one before, up to 1000 cores. */
    public static final HistogramBuckets CPU_CORES = of(1000.0, 0.01, 1.05, Weights.EPSILON);
    /** VPA's memory buckets, in bytes: the first 10 MB (1e7) wide, each 5% wider, up to 1 TB (1e12). */
    public static final HistogramBuckets MEMORY_BYTES = of(1e12, 1e7, 1.05, Weights.EPSILON);

    public HistogramBuckets {
        if (!(maxValue > 0) || !(firstBucketSize > 0) || !(ratio > 1) || !(epsilon > 0)) {
            throw new IllegalArgumentException("maxValue, firstBucketSize and epsilon must be > 0 and ratio > 1 (values: "
                    + maxValue + ", " + firstBucketSize + ", " + ratio + ", " + epsilon + ")");
        }
    }

    /** The buckets VPA's options describe; their count follows from the other four. */
    public static HistogramBuckets of(double maxValue, double firstBucketSize, double ratio, double epsilon) {
        int count = (int) Math.ceil(log(ratio, maxValue * (ratio - 1) / firstBucketSize + 1)) + 1;
        return new HistogramBuckets(maxValue, firstBucketSize, ratio, epsilon, count);
    }

    /** The bucket a value falls in; values outside the range go to the first or the last bucket. */
    public int bucketOf(double value) {
        if (value < firstBucketSize) {
            return 0;
        }
        int bucket = (int) log(ratio, value * (ratio - 1) / firstBucketSize + 1);
        return Math.min(bucket, count - 1);
    }

    /** Where a bucket starts: {@code firstBucketSize * (ratio^bucket - 1) / (ratio - 1)}. */
    public double startOf(int bucket) {
        if (bucket < 0 || bucket >= count) {
            throw new IndexOutOfBoundsException("bucket " + bucket + " outside [0.." + (count - 1) + "]");
        }
        return bucket == 0 ? 0.0 : firstBucketSize * (Math.pow(ratio, bucket) - 1) / (ratio - 1);
    }

    private static double log(double base, double x) {
        return Math.log(x) / Math.log(base);
    }

    /** VPA's sample weights ({@code pkg/recommender/model/aggregations_config.go}). */
    static final class Weights {
        /** The weight of one CPU sample before decay ({@code minSampleWeight}). */
        static final double CPU_SAMPLE = 0.1;
        /** The weight of one memory peak before decay. */
        static final double MEMORY_PEAK = 1.0;
        /** The least weight a bucket holds to count as non-empty: {@code 0.001 * minSampleWeight}. */
        static final double EPSILON = 0.001 * CPU_SAMPLE;

        private Weights() {}
    }
}
