package io.fedstream.api;

import java.time.Duration;

/** When one request must be answered by: a list page ends at it (with a continue token), a single read fails past it. */
final class RequestDeadline {

    private final long deadlineNanos;

    private RequestDeadline(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    static RequestDeadline in(Duration limit) {
        return new RequestDeadline(System.nanoTime() + limit.toNanos());
    }

    /** No deadline: for reads bounded otherwise, e.g. one object by name. */
    static RequestDeadline never() {
        return new RequestDeadline(Long.MAX_VALUE);
    }

    /** The earlier of this deadline and {@code limit} from now, e.g. the budget a peer gives for its part. */
    RequestDeadline atMost(Duration limit) {
        long candidate = System.nanoTime() + limit.toNanos();
        return deadlineNanos == Long.MAX_VALUE || candidate - deadlineNanos < 0 ? new RequestDeadline(candidate) : this;
    }

    boolean passed() {
        return deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos >= 0;
    }

    /** What is left, zero once passed. */
    Duration remaining() {
        if (deadlineNanos == Long.MAX_VALUE) {
            return Duration.ofDays(1);
        }
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }
}
