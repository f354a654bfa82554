package io.fedstream.decide;

import java.time.Duration;

/**
 * A re-scale ({@link Rescaling}) waiting for the retry punctuator, as its workload's record keeps the wait
 * ({@link WaitingWorkloads}): no schedule found, every schedule refused, or another change of the workload under way.
 * The punctuator does nothing for it before {@code dueAt}, so a re-scale that never finds a schedule costs one schedule
 * per back-off, not one per tick.
 *
 * @param retries the rounds of this generation that ended without a re-scale so far (no schedule found, every schedule
 *                refused, or another change of the workload under way); the back-off doubles with each
 * @param dueAt when the punctuator next looks at it (epoch ms)
 */
record RescaleWait(long generation, int retries, long dueAt) {

    /**
     * The longest back-off between two retries of a re-scale that finds no schedule: Karmada's scheduler moves a binding
     * that stays unschedulable back to its active queue after at most this long ({@code
     * pkg/scheduler/internal/queue/scheduling_queue.go}, {@code DefaultBindingMaxInUnschedulableBindingsDuration}).
     */
    static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    private static final String PREFIX = "rescale/";

    /**
     * The {@code retries}th round (from 1) ended at {@code now} without a re-scale: tried again after {@code interval},
     * doubled for every round before, at most {@link #MAX_BACKOFF}.
     */
    static RescaleWait backingOff(long generation, int retries, long now, Duration interval) {
        long backoff = MAX_BACKOFF.toMillis();
        if (retries <= 30) {
            backoff = Math.min(backoff, interval.toMillis() << Math.max(0, retries - 1));
        }
        return new RescaleWait(generation, retries, now + backoff);
    }

    /** The wait the record's value says, or null when the value is not a re-scale's (a workload waiting to be placed). */
    static RescaleWait parse(String value) {
        if (value == null || !value.startsWith(PREFIX)) {
            return null;
        }
        String[] parts = value.substring(PREFIX.length()).split("/");
        if (parts.length != 3) {
            throw new IllegalArgumentException("a re-scale wait reads rescale/<generation>/<retries>/<dueAt> (value: " + value + ")");
        }
        return new RescaleWait(Long.parseLong(parts[0]), Integer.parseInt(parts[1]), Long.parseLong(parts[2]));
    }

    String encoded() {
        return PREFIX + generation + "/" + retries + "/" + dueAt;
    }

    boolean due(long now) {
        return now >= dueAt;
    }
}
