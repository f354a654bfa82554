package io.fedstream.runtime;

import io.fedstream.dlq.TransientFailure;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What to do when a stream thread dies: a transient error (a timeout, a Kafka client error such as a producer that an
 * outage left in an error state, a migrated task, a schema registry that did not answer) replaces the thread, unless
 * threads died that way {@value #MAX_REPLACEMENTS} times within the stall bound; anything
 * else shuts the client down, and {@code run} exits 1. A store in an earlier encoding shuts it down too, logged by the
 * runner's caller alone: its message is the operator's to act on, and a stack trace would bury it.
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

    /**
     * A failure that is no record's fault ({@link TransientFailure}: Kafka or the schema registry did not answer) is
     * transient wherever it is in the chain, even inside a serialization error. Otherwise the first telling cause decides:
     * a timeout, a migrated task, or any other error of the Kafka clients (a producer left in an error state by an
     * outage, an aborted transaction) is transient, as a new thread gets new clients; an authentication, authorization,
     * configuration or serialization error, or an error of our own code, is not.
     */
    static boolean isTransient(Throwable exception) {
        if (TransientFailure.in(exception)) {
            return true;
        }
        for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TaskMigratedException || t instanceof TimeoutException) {
                return true;
            }
            if (t instanceof AuthenticationException || t instanceof AuthorizationException || t instanceof ConfigException
                    || t instanceof InvalidConfigurationException || t instanceof UnsupportedVersionException
                    || t instanceof SerializationException) {
                return false;
            }
            if (t instanceof KafkaException && !(t instanceof StreamsException)) {
                return true;
            }
        }
        return false;
    }
}
