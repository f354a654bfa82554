package io.fedstream.runtime;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What to do when a stream thread dies: a transient error (a timeout, a retriable Kafka error, a migrated task)
 * replaces the thread, unless threads died that way {@value #MAX_REPLACEMENTS} times within the stall bound; anything
 * else shuts the client down, and {@code run} exits 1.
 */
final class StreamThreadPolicy implements StreamsUncaughtExceptionHandler {

    static final int MAX_REPLACEMENTS = 5;
    private static final Logger LOG = LoggerFactory.getLogger(StreamThreadPolicy.class);

    private final long windowNanos;
    private final LongSupplier nanoTime;
    private final Deque<Long> replacements = new ArrayDeque<>();

    StreamThreadPolicy(Duration window, LongSupplier nanoTime) {
        this.windowNanos = window.toNanos();
        this.nanoTime = nanoTime;
    }

    @Override
    public synchronized StreamThreadExceptionResponse handle(Throwable exception) {
        if (!isTransient(exception)) {
            LOG.error("A stream thread failed with a fatal error; shutting Kafka Streams down", exception);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        }
        long now = nanoTime.getAsLong();
        while (!replacements.isEmpty() && now - replacements.peekFirst() > windowNanos) {
            replacements.removeFirst();
        }
        if (replacements.size() >= MAX_REPLACEMENTS) {
            LOG.error("A stream thread failed with a transient error for the {}th time within {} ms; shutting Kafka Streams down",
                    MAX_REPLACEMENTS + 1, windowNanos / 1_000_000, exception);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        }
        replacements.addLast(now);
        LOG.warn("A stream thread failed with a transient error; replacing it", exception);
        return StreamThreadExceptionResponse.REPLACE_THREAD;
    }

    /** A timeout, a retriable error or a migrated task anywhere in the cause chain. */
    static boolean isTransient(Throwable exception) {
        for (Throwable t = exception; t != null; t = t.getCause()) {
            // Kafka's TimeoutException is a RetriableException.
            if (t instanceof RetriableException || t instanceof TaskMigratedException || t instanceof TimeoutException) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
