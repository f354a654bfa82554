package io.fedstream.recommend;

import java.util.Arrays;

/**
 * The VPA recommender's decaying histogram ({@code pkg/recommender/util/decaying_histogram.go} over
 * {@code histogram.go}): a sample of time t weighs {@code weight * 2^((t - reference) / halfLife)}, so a sample one
 * half-life older counts half as much. Only relative weights matter, so the reference moves forward (rescaling every
 * bucket) whenever the exponent would pass 100. Times are epoch milliseconds.
 */
public final class DecayingHistogram {

    private static final int MAX_DECAY_EXPONENT = 100;

    private final HistogramBuckets buckets;
    private final long halfLifeMillis;
    private final double[] weights;
    private double totalWeight;
    private int minBucket;
    private int maxBucket;
    private long referenceMillis;

    /** An empty histogram. */
    public DecayingHistogram(HistogramBuckets buckets, long halfLifeMillis) {
        if (halfLifeMillis <= 0) {
            throw new IllegalArgumentException("half-life must be positive (value: " + halfLifeMillis + " ms)");
        }
        this.buckets = buckets;
        this.halfLifeMillis = halfLifeMillis;
        this.weights = new double[buckets.count()];
        this.minBucket = buckets.count() - 1;
        this.maxBucket = 0;
        this.referenceMillis = 0;
    }

    /** A histogram restored from {@link #state()}. */
    public static DecayingHistogram restore(HistogramBuckets buckets, long halfLifeMillis, State state) {
        DecayingHistogram histogram = new DecayingHistogram(buckets, halfLifeMillis);
        if (state.firstBucket() < 0 || state.firstBucket() + state.weights().length > buckets.count()) {
            throw new IllegalArgumentException("histogram state: buckets " + state.firstBucket() + ".."
                    + (state.firstBucket() + state.weights().length - 1) + " outside [0.." + (buckets.count() - 1) + "]");
        }
        System.arraycopy(state.weights(), 0, histogram.weights, state.firstBucket(), state.weights().length);
        histogram.totalWeight = state.totalWeight();
        histogram.referenceMillis = state.referenceMillis();
        if (state.weights().length > 0) {
            histogram.minBucket = state.firstBucket();
            histogram.maxBucket = state.firstBucket() + state.weights().length - 1;
            histogram.trimEmptyEnds();
        }
        return histogram;
    }

    /** Adds a sample of {@code value} with {@code weight}, decayed from {@code atMillis}. */
    public void add(double value, double weight, long atMillis) {
        addRaw(value, weight * decayFactor(atMillis));
    }

    /** Takes back a sample added earlier with the same value, weight and time (a memory peak that was passed). */
    public void subtract(double value, double weight, long atMillis) {
        double decayed = weight * decayFactor(atMillis);
        int bucket = buckets.bucketOf(value);
        totalWeight = safeSubtract(totalWeight, decayed);
        weights[bucket] = safeSubtract(weights[bucket], decayed);
        trimEmptyEnds();
    }

    /**
     * The smallest bucket end below which at least {@code percentile} of the weight lies: VPA answers the start of the
     * next bucket, so the answer exceeds the true percentile by less than one bucket (5% plus the first bucket's size).
     * 0 when empty.
     */
    public double percentile(double percentile) {
        if (isEmpty()) {
            return 0.0;
        }
        double threshold = percentile * totalWeight;
        double partialSum = 0.0;
        int bucket = minBucket;
        for (; bucket < maxBucket; bucket++) {
            partialSum += weights[bucket];
            if (partialSum >= threshold) {
                break;
            }
        }
        return bucket < buckets.count() - 1 ? buckets.startOf(bucket + 1) : buckets.startOf(bucket);
    }

    public boolean isEmpty() {
        return weights[minBucket] < buckets.epsilon();
    }

    /** What a store keeps: the weights of the non-empty range of buckets, the total and the reference time. */
    public State state() {
        if (isEmpty()) {
            return new State(referenceMillis, 0.0, 0, new double[0]);
        }
        return new State(referenceMillis, totalWeight, minBucket, Arrays.copyOfRange(weights, minBucket, maxBucket + 1));
    }

    private void addRaw(double value, double weight) {
        if (weight < 0) {
            throw new IllegalArgumentException("a sample's weight must not be negative (value: " + weight + ")");
        }
        int bucket = buckets.bucketOf(value);
        weights[bucket] += weight;
        totalWeight += weight;
        if (bucket < minBucket && weights[bucket] >= buckets.epsilon()) {
            minBucket = bucket;
        }
        if (bucket > maxBucket && weights[bucket] >= buckets.epsilon()) {
            maxBucket = bucket;
        }
    }

    private double decayFactor(long atMillis) {
        if (atMillis > referenceMillis + halfLifeMillis * MAX_DECAY_EXPONENT) {
            shiftReference(atMillis);
        }
        return Math.pow(2.0, (double) (atMillis - referenceMillis) / halfLifeMillis);
    }

    /** Moves the reference to the multiple of the half-life nearest {@code atMillis}, scaling every weight to match. */
    private void shiftReference(long atMillis) {
        long newReference = Math.round((double) atMillis / halfLifeMillis) * halfLifeMillis;
        int exponent = (int) Math.floor((double) (referenceMillis - newReference) / halfLifeMillis + 0.5);
        double factor = Math.scalb(1.0, exponent);
        for (int bucket = minBucket; bucket <= maxBucket; bucket++) {
            weights[bucket] *= factor;
        }
        totalWeight *= factor;
        referenceMillis = newReference;
        trimEmptyEnds();
    }

    private double safeSubtract(double value, double subtracted) {
        double left = value - subtracted;
        return left < buckets.epsilon() ? 0.0 : left;
    }

    private void trimEmptyEnds() {
        int last = buckets.count() - 1;
        while (weights[minBucket] < buckets.epsilon() && minBucket < last) {
            minBucket++;
        }
        while (weights[maxBucket] < buckets.epsilon() && maxBucket > 0) {
            maxBucket--;
        }
    }

    /** A histogram as stored: {@code weights[i]} is the weight of bucket {@code firstBucket + i}. */
    public record State(long referenceMillis, double totalWeight, int firstBucket, double[] weights) {}
}
