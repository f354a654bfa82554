package io.fedstream.runtime;

import io.fedstream.Fedstream;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Owns the KafkaStreams life-cycle: provisions topics, starts, waits until running, and closes cleanly. */
public final class StreamsRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaStreams streams;
    private final AutoCloseable clientMetrics;
    private final CountDownLatch stopped = new CountDownLatch(1);
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
        this.streams = new KafkaStreams(fedstream.topology(), properties);
        this.clientMetrics = fedstream.metrics().observe(streams);
        streams.setUncaughtExceptionHandler(exception -> {
            failure = exception;
            LOG.error("Kafka Streams failed; shutting down", exception);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
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
        return this;
    }

    /** Blocks until the streams stop by themselves (an error) or the timeout passes; true when they stopped. */
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
        streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(CLOSE_TIMEOUT));
    }
}
