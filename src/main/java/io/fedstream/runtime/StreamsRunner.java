package io.fedstream.runtime;

import io.fedstream.Fedstream;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the KafkaStreams life-cycle: provisions topics, starts, waits until running, watches that it keeps making
 * progress (a fatal error or a stall beyond {@code streams.stall.timeout.ms} stops it), and closes cleanly.
 */
public final class StreamsRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private static final Duration MAX_CHECK_INTERVAL = Duration.ofSeconds(1);

    private final KafkaStreams streams;
    private final AutoCloseable clientMetrics;
    private final StreamsWatchdog watchdog;
    private final Duration checkInterval;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fedstream-streams-watchdog");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Throwable failure;

    public StreamsRunner(Fedstream fedstream) {
        this(fedstream, fedstream.streamsProperties());
    }

    /** Also tells every instance where this one's query API listens ({@code application.server}). */
    public StreamsRunner(Fedstream fedstream, HostInfo queryEndpoint) {
        this(fedstream, withApplicationServer(fedstream.streamsProperties(), queryEndpoint));
    }

    private StreamsRunner(Fedstream fedstream, Properties properties) {
        new TopicProvisioner(fedstream.config()).ensure(fedstream.topics());
        Duration bound = fedstream.config().streamsStallTimeout();
        this.watchdog = new StreamsWatchdog(bound);
        this.checkInterval = bound.dividedBy(10).compareTo(MAX_CHECK_INTERVAL) < 0 ? bound.dividedBy(10) : MAX_CHECK_INTERVAL;
        this.streams = new KafkaStreams(fedstream.topology(), StreamsTimeouts.derive(properties, bound));
        StreamThreadPolicy policy = new StreamThreadPolicy(bound, System::nanoTime);
        this.clientMetrics = fedstream.metrics().observe(streams);
        streams.setUncaughtExceptionHandler(exception -> {
            StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse response = policy.handle(exception);
            if (response != StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD) {
                failure = exception;
            }
            return response;
        });
        streams.setStateListener((now, before) -> {
            LOG.info("Kafka Streams {} -> {}", before, now);
            if (now == KafkaStreams.State.ERROR || now == KafkaStreams.State.NOT_RUNNING) {
                stopped.countDown();
            }
        });
    }

    private static Properties withApplicationServer(Properties properties, HostInfo endpoint) {
        properties.put(StreamsConfig.APPLICATION_SERVER_CONFIG, endpoint.host() + ":" + endpoint.port());
        return properties;
    }

    /** Starts processing and waits until every task runs, failing after the timeout. */
    public StreamsRunner start(Duration timeout) throws InterruptedException {
        streams.start();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (streams.state() != KafkaStreams.State.RUNNING) {
            if (failure != null || streams.state() == KafkaStreams.State.ERROR) {
                throw new IllegalStateException("Kafka Streams failed to start: " + failure, failure);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Kafka Streams not running after " + timeout + " (state " + streams.state() + ")");
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        watch.scheduleWithFixedDelay(this::check, checkInterval.toMillis(), checkInterval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    private void check() {
        watchdog.observe(System.nanoTime(), streams.state(), StreamsWatchdog.pollTotals(streams.metrics())).ifPresent(reason -> {
            if (failure == null) {
                failure = new StalledException(reason);
                LOG.error("Kafka Streams is stalled: {}; stopping", reason);
            }
            stopped.countDown();
        });
    }

    /** Alive: no fatal error, no stall beyond the bound, and not in ERROR or shutting down (the probe {@code /healthz}). */
    public boolean alive() {
        KafkaStreams.State state = streams.state();
        return failure == null && state != KafkaStreams.State.ERROR && state != KafkaStreams.State.PENDING_ERROR
                && state != KafkaStreams.State.PENDING_SHUTDOWN && state != KafkaStreams.State.NOT_RUNNING;
    }

    /** Ready for queries: alive and RUNNING, not rebalancing (the probe {@code /readyz}). */
    public boolean ready() {
        return alive() && streams.state() == KafkaStreams.State.RUNNING;
    }

    /** Blocks until the streams stop by themselves (an error, a stall) or the timeout passes; true when they stopped. */
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public KafkaStreams streams() {
        return streams;
    }

    /** The fatal error that stopped the streams, if any. */
    public Throwable failure() {
        return failure;
    }

    /**
     * Closes and leaves the consumer group, so that the other instances take over this one's partitions at once instead
     * of after the session timeout (45 s by default): a stopped brain must not leave its namespaces undecided.
     */
    @Override
    public void close() {
        try {
            clientMetrics.close();
        } catch (Exception e) {
            LOG.warn("Kafka Streams metrics not unbound: {}", e.toString());
        }
        watch.shutdownNow();
        streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(CLOSE_TIMEOUT));
    }

    /** Kafka Streams made no progress for longer than {@code streams.stall.timeout.ms}. */
    public static final class StalledException extends RuntimeException {
        StalledException(String message) {
            super(message);
        }
    }
}
