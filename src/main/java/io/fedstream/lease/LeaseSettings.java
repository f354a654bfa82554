package io.fedstream.lease;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Objects;

/**
 * The terms of every lease: grants are accounted in chunks per time bucket of {@code bucket}; the allocator counts a
 * chunk until its bucket's end plus {@code ttl} (the time a cluster's heartbeats may take to count placed pods as
 * allocated) and the task may place into it until its bucket's start plus half the TTL, so that every pod placed under
 * a chunk stays counted for at least half the TTL after it was placed. The tasks ask for headroom of at most {@code
 * headroomMax} of the cluster's free room together, each its {@link #taskHeadroomShare}; {@code partitions} is the
 * number of namespace tasks (the partitions of the
 * workload topics, of the lease-requests and of the lease-grants topics). When an allocator first sees a cluster it offers
 * {@code offerShare} of the cluster's free room, split equally between the tasks, before any of them asks. Every instance
 * must use the same terms.
 */
public record LeaseSettings(Duration bucket, Duration ttl, BigDecimal headroomMax, int partitions, BigDecimal offerShare) {

    /** The defaults of {@code FedstreamConfig}: 10 s buckets, a 5 min TTL, headroom up to a quarter of the free room. */
    public static final Duration DEFAULT_BUCKET = Duration.ofSeconds(10);
    public static final Duration DEFAULT_TTL = Duration.ofMinutes(5);
    public static final BigDecimal DEFAULT_HEADROOM_MAX = new BigDecimal("0.25");
    /**
     * The default offer: together as much as the tasks may ask as headroom together. Safe since a task decides with every
     * policy published before its instance started (docs/placement.md, "Policies published before the start").
     */
    public static final BigDecimal DEFAULT_OFFER_SHARE = DEFAULT_HEADROOM_MAX;

    public LeaseSettings {
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(headroomMax, "headroomMax");
        Objects.requireNonNull(offerShare, "offerShare");
        if (bucket.isNegative() || bucket.isZero()) {
            throw new IllegalArgumentException("bucket must be positive (value: " + bucket + ")");
        }
        if (bucket.toMillis() > (ttl.toMillis() - 1) / 2) {
            // A grant late in its bucket would otherwise be usable for no time at all.
            throw new IllegalArgumentException("bucket must be shorter than half the ttl (value: " + bucket + ", ttl " + ttl + ")");
        }
        if (headroomMax.signum() < 0 || headroomMax.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("headroomMax must be between 0 and 1 (value: " + headroomMax + ")");
        }
        if (offerShare.signum() < 0 || offerShare.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("offerShare must be between 0 and 1 (value: " + offerShare + ")");
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1 (value: " + partitions + ")");
        }
    }

    public static LeaseSettings defaults(int partitions) {
        return new LeaseSettings(DEFAULT_BUCKET, DEFAULT_TTL, DEFAULT_HEADROOM_MAX, partitions, DEFAULT_OFFER_SHARE);
    }

    /**
     * The share of a cluster's free room one task may ask as headroom: {@code headroomMax} divided among the
     * {@code partitions} tasks, so that every task's headroom together never takes the room another task's waiting
     * workloads need (a burst that reaches every task at once, a cluster's failover, would otherwise oversubscribe the
     * survivors with headroom and have their allocators ask every task for room back).
     */
    public BigDecimal taskHeadroomShare() {
        return headroomMax.divide(BigDecimal.valueOf(partitions), MathContext.DECIMAL64);
    }

    /** The bucket a grant made at {@code now} is accounted in. */
    public long bucketOf(long now) {
        return Math.floorDiv(now, bucket.toMillis());
    }

    /** Until when the allocator counts a chunk of this bucket (exclusive). */
    public long countedUntil(long bucketNumber) {
        return Math.addExact(Math.multiplyExact(bucketNumber + 1, bucket.toMillis()), ttl.toMillis());
    }

    /** Until when a task may place into a chunk of this bucket (exclusive). */
    public long usableUntil(long bucketNumber) {
        return Math.addExact(Math.multiplyExact(bucketNumber, bucket.toMillis()), ttl.toMillis() / 2);
    }

    /**
     * How long a task waits for the answer to a request before it asks again. Only a request the allocator dead-letters
     * goes unanswered, and the task writes none such; waiting as long as a chunk is usable keeps a slow allocator from
     * being asked twice.
     */
    public long answerTimeoutMs() {
        return ttl.toMillis() / 2;
    }
}
