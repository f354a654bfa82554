package io.fedstream.runtime;

import io.fedstream.Fedstream;
import java.time.Duration;
import java.util.List;
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

/**
 * Owns the two KafkaStreams clients of one instance, the workload client and the health client (the cluster watch on
 * its own stream thread, so heartbeats never wait behind workloads): provisions topics, starts both, waits until both
 * run, stops when either fails, and closes both cleanly.
 */
public final class StreamsRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaStreams streams;
    private final KafkaStreams health;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Throwable failure;

    public StreamsRunner(Fedstream fedstream) {
        this(fedstream, fedstream.streamsProperties(), fedstream.healthStreamsProperties());
    }

    /** Also tells every instance where this one's query API listens ({@code application.server}), for both clients. */
    public StreamsRunner(Fedstream fedstream, HostInfo queryEndpoint) {
        this(fedstream, withApplicationServer(fedstream.streamsProperties(), queryEndpoint),
                withApplicationServer(fedstream.healthStreamsProperties(), queryEndpoint));
    }

    private StreamsRunner(Fedstream fedstream, Properties workloadProperties, Properties healthProperties) {
        new TopicProvisioner(fedstream.config()).ensure(fedstream.topics());
        this.streams = watched("workload", new KafkaStreams(fedstream.workloadTopology(), workloadProperties));
        this.health = watched("health", new KafkaStreams(fedstream.healthTopology(), healthProperties));
    }

    /** Either client's failure or stop is this runner's: logged the same way, and it ends {@link #awaitStop}. */
    private KafkaStreams watched(String client, KafkaStreams streams) {
        streams.setUncaughtExceptionHandler(exception -> {
            failure = exception;
            LOG.error("Kafka Streams ({} client) failed; shutting down", client, exception);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        streams.setStateListener((now, before) -> {
            LOG.info("Kafka Streams ({} client) {} -> {}", client, before, now);
            if (now == KafkaStreams.State.ERROR || now == KafkaStreams.State.NOT_RUNNING) {
                stopped.countDown();
            }
        });
        return streams;
    }

    private static Properties withApplicationServer(Properties properties, HostInfo endpoint) {
        properties.put(StreamsConfig.APPLICATION_SERVER_CONFIG, endpoint.host() + ":" + endpoint.port());
        return properties;
    }

    /** Starts processing and waits until every task of both clients runs, failing after the timeout. */
    public StreamsRunner start(Duration timeout) throws InterruptedException {
        health.start();
        streams.start();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (streams.state() != KafkaStreams.State.RUNNING || health.state() != KafkaStreams.State.RUNNING) {
            if (failure != null || streams.state() == KafkaStreams.State.ERROR || health.state() == KafkaStreams.State.ERROR) {
                throw new IllegalStateException("Kafka Streams failed to start: " + failure, failure);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Kafka Streams not running after " + timeout + " (workload client " + streams.state()
                        + ", health client " + health.state() + ")");
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return this;
    }

    /** Blocks until either client stops by itself (an error) or the timeout passes; true when one stopped. */
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The workload client: every stage but the cluster watch. */
    public KafkaStreams streams() {
        return streams;
    }

    /** The health client: the cluster watch. */
    public KafkaStreams health() {
        return health;
    }

    /** The fatal error that stopped a client, if any. */
    public Throwable failure() {
        return failure;
    }

    /**
     * Closes both clients and leaves their consumer groups, so that the other instances take over this one's
     * partitions at once instead of after the session timeout (45 s by default): a stopped brain must not leave its
     * namespaces undecided.
     */
    @Override
    public void close() {
        CloseOptions leave = CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(CLOSE_TIMEOUT);
        for (KafkaStreams client : List.of(streams, health)) {
            client.close(leave);
        }
    }
}
