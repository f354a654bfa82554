package io.fedstream.bench;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * When each of a round's expected items completed (epoch ms, the broker's append time of the record that completed
 * it), and from that the steady-state rate: items per second between two fractions of the expected total, which
 * leaves out start-up and the tail.
 */
final class Completions {

    private final int expected;
    private final long[] times;
    private int count;

    Completions(int expected) {
        if (expected < 1) {
            throw new IllegalArgumentException("expected must be at least 1, got " + expected);
        }
        this.expected = expected;
        this.times = new long[expected];
    }

    /** One more item completed at {@code atMillis}; more than expected is a bug of the caller. */
    void add(long atMillis) {
        if (count == expected) {
            throw new IllegalStateException("more than the " + expected + " expected items completed");
        }
        times[count++] = atMillis;
    }

    int count() {
        return count;
    }

    boolean isComplete() {
        return count == expected;
    }

    /** The earliest completion (epoch ms); only once one completed. */
    long first() {
        if (count == 0) {
            throw new IllegalStateException("nothing completed yet");
        }
        return Arrays.stream(times, 0, count).min().getAsLong();
    }

    /** The latest completion (epoch ms); only once one completed. */
    long last() {
        if (count == 0) {
            throw new IllegalStateException("nothing completed yet");
        }
        return Arrays.stream(times, 0, count).max().getAsLong();
    }

    /**
     * Items per second from the completion at fraction {@code from} of the expected total to the one at {@code to}
     * (e.g. 0.1 and 0.9); empty when both fall in the same millisecond, too few items to measure a rate. Only once
     * every expected item completed.
     */
    OptionalDouble steadyRate(double from, double to) {
        long millis = spanMillis(from, to);
        int items = index(to) - index(from);
        return items == 0 || millis <= 0 ? OptionalDouble.empty() : OptionalDouble.of(items * 1000.0 / millis);
    }

    /** Milliseconds from the completion at fraction {@code from} of the expected total to the one at {@code to}. */
    long spanMillis(double from, double to) {
        if (!(0 <= from && from < to && to <= 1)) {
            throw new IllegalArgumentException("need 0 <= from < to <= 1, got " + from + " and " + to);
        }
        if (!isComplete()) {
            throw new IllegalStateException(count + " of " + expected + " items completed; the rate needs all");
        }
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted[index(to)] - sorted[index(from)];
    }

    private int index(double fraction) {
        return (int) Math.floor(fraction * (expected - 1));
    }
}
