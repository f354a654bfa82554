package io.fedstream.runtime;

import io.fedstream.Fedstream;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.decide.PolicySnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the two KafkaStreams clients of one instance, the workload client and the health client (the cluster watch on
 * its own stream thread, so heartbeats never wait behind workloads): provisions topics, starts both, waits until both
 * run, watches that both keep making progress (a fatal error or a stall beyond {@code streams.stall.timeout.ms} in
 * either stops the runner) and that the brokers answer, tells the probes the truth of it, and closes both cleanly.
 */
public final class StreamsRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CLOSE_TIMEOUT_WITHOUT_BROKER = Duration.ofSeconds(5);
    private static final Duration MAX_CHECK_INTERVAL = Duration.ofSeconds(1);
    /** A stream thread that has not polled for this long is blocked: the instance is not ready, though not yet dead. */
    private static final Duration MAX_READY_STALL = Duration.ofSeconds(10);

    private final KafkaStreams streams;
    private final KafkaStreams health;
    private final List<Client> clients;
    private final AutoCloseable clientMetrics;
    private final Duration checkInterval;
    private final Duration stallBound;
    private final BrokerReachability broker;
    private final Properties adminProperties;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fedstream-streams-watchdog");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Throwable failure;

    /** One client and the watchdog that checks its progress. */
    private record Client(String name, KafkaStreams streams, StreamsWatchdog watchdog) {
    }

    public StreamsRunner(Fedstream fedstream) {
        this(fedstream, fedstream.streamsProperties(), fedstream.healthStreamsProperties());
    }

    /** Also tells every instance where this one's query API listens ({@code application.server}), for both clients. */
    public StreamsRunner(Fedstream fedstream, HostInfo queryEndpoint) {
        this(fedstream, withApplicationServer(fedstream.streamsProperties(), queryEndpoint),
                withApplicationServer(fedstream.healthStreamsProperties(), queryEndpoint));
    }

    private StreamsRunner(Fedstream fedstream, Properties workloadProperties, Properties healthProperties) {
        Topology workloadTopology = fedstream.workloadTopology();
        Topology healthTopology = fedstream.healthTopology();
        TopologyDescription workloadDescription = workloadTopology.describe();
        // The registry answers while the broker creates the topics: two other processes, no reason to wait for each in turn.
        CompletableFuture<Void> schemas = SchemaPreflight.start(List.of(workloadDescription, healthTopology.describe()), fedstream.topics(),
                fedstream.internalValueTopics());
        List<NewTopic> repartitionTopics = new ArrayList<>(RepartitionTopics.of(workloadTopology, workloadProperties));
        repartitionTopics.addAll(RepartitionTopics.of(healthTopology, healthProperties));
        Duration bound = fedstream.config().streamsStallTimeout();
        this.stallBound = bound;
        this.adminProperties = fedstream.config().adminProperties();
        this.broker = BrokerReachability.of(adminProperties);
        this.checkInterval = bound.dividedBy(10).compareTo(MAX_CHECK_INTERVAL) < 0 ? bound.dividedBy(10) : MAX_CHECK_INTERVAL;
        // For the reset command that a refusal of an earlier engine's state names.
        List<String> inputTopics = inputTopics(workloadDescription, fedstream.topics());
        KafkaStreams workloadClient = null;
        KafkaStreams healthClient = null;
        try (TopicProvisioner.Creation topics = new TopicProvisioner(fedstream.config()).list(fedstream.topics(), repartitionTopics)) {
            EarlierEngineState.requireNone(topics.existing(), fedstream.config(), inputTopics);
            // The namespace tasks decide with every policy published before this start (docs/placement.md): read them now,
            // while the other checks run.
            CompletableFuture<PolicySnapshot> policies =
                    PolicySnapshotReader.start(fedstream.config().consumerProperties(), fedstream.topics().policies(), bound,
                            topics.existing().contains(fedstream.topics().policies().name()));
            topics.createMissing();
            // Building the two clients is this process's work, creating the topics the broker's: each goes on beside the other.
            workloadClient = watched("workload", new KafkaStreams(workloadTopology, StreamsTimeouts.derive(workloadProperties, bound)), bound);
            healthClient = watched("health", new KafkaStreams(healthTopology, StreamsTimeouts.derive(healthProperties, bound)), bound);
            topics.await();
            BesideTheStart.await(schemas);
            fedstream.policiesAtStart().taken(BesideTheStart.await(policies));
        } catch (RuntimeException e) {
            closeUnstarted(workloadClient, e);
            closeUnstarted(healthClient, e);
            throw e;
        }
        this.streams = workloadClient;
        this.health = healthClient;
        this.clients = List.of(new Client("workload", streams, new StreamsWatchdog(bound)), new Client("health", health, new StreamsWatchdog(bound)));
        this.clientMetrics = fedstream.metrics().observe(streams, health);
    }

    /** A client built for a start that failed before it began: closed, its own failure to close told with the cause. */
    private static void closeUnstarted(KafkaStreams client, RuntimeException cause) {
        if (client == null) {
            return;
        }
        try {
            client.close(CLOSE_TIMEOUT_WITHOUT_BROKER);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /** Either client's failure or stop is this runner's: the same thread policy, logged the same way, and it ends {@link #awaitStop}. */
    private KafkaStreams watched(String client, KafkaStreams streams, Duration bound) {
        StreamThreadPolicy policy = new StreamThreadPolicy(bound, System::nanoTime);
        streams.setUncaughtExceptionHandler(exception -> {
            StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse response = policy.handle(exception);
            if (response != StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD) {
                failure = exception;
                LOG.error("Kafka Streams ({} client) failed; shutting down", client, exception);
            }
            return response;
        });
        streams.setStateListener((now, before) -> {
            LOG.info("Kafka Streams ({} client) {} -> {}", client, before, now);
            if (now == KafkaStreams.State.ERROR || now == KafkaStreams.State.NOT_RUNNING) {
                stopped.countDown();
            }
        });
        return streams;
    }

    /** fedstream's topics among the topology's sources, in {@link Topics#all()} order: not its internal topics, not its global stores'. */
    static List<String> inputTopics(TopologyDescription topology, Topics topics) {
        Set<String> read = new HashSet<>();
        topology.subtopologies().forEach(subtopology -> subtopology.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Source source && source.topicSet() != null) {
                read.addAll(source.topicSet());
            }
        }));
        return topics.all().stream().map(Topic::name).filter(read::contains).toList();
    }

    private static Properties withApplicationServer(Properties properties, HostInfo endpoint) {
        properties.put(StreamsConfig.APPLICATION_SERVER_CONFIG, endpoint.host() + ":" + endpoint.port());
        return properties;
    }

    /**
     * Starts processing and waits until every task of both clients runs, failing after the timeout. On failure it closes
     * both clients (the caller has no runner to close) and throws.
     */
    public StreamsRunner start(Duration timeout) throws InterruptedException {
        health.start();
        streams.start();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (streams.state() != KafkaStreams.State.RUNNING || health.state() != KafkaStreams.State.RUNNING) {
            if (failure != null || streams.state() == KafkaStreams.State.ERROR || health.state() == KafkaStreams.State.ERROR) {
                close();
                throw new IllegalStateException("Kafka Streams failed to start: " + failure, failure);
            }
            if (System.nanoTime() > deadline) {
                String openTransactions = HangingTransactions.describeOpen(adminProperties);
                close();
                throw new IllegalStateException("Kafka Streams not running after " + timeout + " (workload client " + streams.state()
                        + ", health client " + health.state() + ")" + (openTransactions.isEmpty() ? "" : "; " + openTransactions));
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        watch.scheduleWithFixedDelay(this::check, checkInterval.toMillis(), checkInterval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    private void check() {
        broker.check();
        Optional<Duration> outage = broker.unreachableFor();
        if (outage.isPresent() && outage.get().compareTo(stallBound) > 0) {
            // A client may poll on without a broker for ever (nothing to fetch, nothing to commit): the outage itself is the stall.
            if (failure == null) {
                failure = new StalledException("no Kafka broker answered for longer than streams.stall.timeout.ms (" + stallBound.toMillis() + " ms)");
                LOG.error("Kafka at {} has been unreachable for longer than streams.stall.timeout.ms ({} ms); stopping",
                        broker.bootstrapServers(), stallBound.toMillis());
            }
            stopped.countDown();
            return;
        }
        for (Client client : clients) {
            client.watchdog().observe(System.nanoTime(), client.streams().state(), StreamsWatchdog.pollTotals(client.streams().metrics()))
                    .ifPresent(reason -> {
                        if (failure == null) {
                            failure = new StalledException(client.name() + " client: " + reason);
                            LOG.error("Kafka Streams ({} client) is stalled: {}; stopping", client.name(), reason);
                        }
                        stopped.countDown();
                    });
        }
    }

    /**
     * Alive (the probe {@code /healthz}): no fatal error, neither client in ERROR or shutting down, and neither stalled
     * nor without a broker for half the stall bound, so that a kubelet restarts the instance before the watchdog ends it.
     */
    public boolean alive() {
        Duration half = stallBound.dividedBy(2);
        return failure == null && clients.stream().map(client -> client.streams().state()).noneMatch(state ->
                state == KafkaStreams.State.ERROR || state == KafkaStreams.State.PENDING_ERROR
                        || state == KafkaStreams.State.PENDING_SHUTDOWN || state == KafkaStreams.State.NOT_RUNNING)
                && stalledFor().compareTo(half) < 0
                && broker.unreachableFor().map(outage -> outage.compareTo(half) < 0).orElse(true);
    }

    /**
     * Ready for queries (the probe {@code /readyz}): alive, both clients RUNNING, not rebalancing, the brokers answering,
     * and no stream thread blocked for long.
     */
    public boolean ready() {
        Duration blocked = stallBound.dividedBy(4).compareTo(MAX_READY_STALL) < 0 ? stallBound.dividedBy(4) : MAX_READY_STALL;
        return alive() && streams.state() == KafkaStreams.State.RUNNING && health.state() == KafkaStreams.State.RUNNING
                && broker.reachable() && stalledFor().compareTo(blocked) < 0;
    }

    /** What the probes answer beside ok or not: the clients' state, and why the instance is not ready when it is not. */
    public String state() {
        String state = streams.state().toString();
        if (!broker.reachable()) {
            return state + ", Kafka at " + broker.bootstrapServers() + " unreachable for "
                    + BrokerReachability.humanDuration(broker.unreachableFor().orElse(Duration.ZERO));
        }
        Duration stalled = stalledFor();
        return stalled.compareTo(MAX_CHECK_INTERVAL.multipliedBy(5)) > 0
                ? state + ", no progress for " + BrokerReachability.humanDuration(stalled) : state;
    }

    private Duration stalledFor() {
        long now = System.nanoTime();
        return clients.stream().map(client -> client.watchdog().stalledFor(now)).max(Duration::compareTo).orElse(Duration.ZERO);
    }

    /**
     * Why the runner stopped, in one line for the operator: the broker and how long it was unreachable when that is the
     * cause, then what Kafka Streams reported.
     */
    public String stopReason() {
        String cause = String.valueOf(failure);
        return broker.unreachableFor().map(outage -> "the Kafka broker at " + broker.bootstrapServers() + " has been unreachable for "
                + BrokerReachability.humanDuration(outage) + broker.unreachableSince().map(since -> " (since " + since + ")").orElse("")
                + "; " + cause).orElse(cause);
    }

    /** Blocks until either client stops by itself (an error, a stall) or the timeout passes; true when one stopped. */
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
     * partitions at once instead of after the session timeout (10 s by default): a stopped brain must not leave its
     * namespaces undecided.
     */
    @Override
    public void close() {
        try {
            clientMetrics.close();
        } catch (Exception e) {
            LOG.warn("Kafka Streams metrics not unbound: {}", e.toString());
        }
        watch.shutdownNow();
        // Without a broker there is no group to leave nor transaction to end: waiting for them would only delay the exit.
        CloseOptions leave = CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(broker.reachable() ? CLOSE_TIMEOUT : CLOSE_TIMEOUT_WITHOUT_BROKER);
        for (KafkaStreams client : List.of(streams, health)) {
            client.close(leave);
        }
        broker.close();
    }

    /** Kafka Streams made no progress for longer than {@code streams.stall.timeout.ms}. */
    public static final class StalledException extends RuntimeException {
        StalledException(String message) {
            super(message);
        }
    }
}
