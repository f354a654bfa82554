package io.fedstream.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka (combined KRaft broker and controller) running inside this JVM, for
 * {@code fedstream demo} and {@code fedstream run --embedded}.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final String HOST = "127.0.0.1";
    private static final int NODE_ID = 1;
    private static final int DEDUPE_BUFFER_BYTES = 16 * 1024 * 1024;
    private static final String META_PROPERTIES = "meta.properties";

    /**
     * How to start the broker.
     *
     * @param port the broker (client) port on 127.0.0.1; 0 picks a free port
     * @param dataDir where logs and metadata live; {@code null} means a temporary directory
     *     deleted on close. A given directory is kept, and reused (not re-formatted) next time.
     * @param brokerProperties extra server properties; they override the single-node defaults
     * @param startTimeout how long to wait for the broker to answer {@code describeCluster}
     */
    public record Options(int port, Path dataDir, Map<String, String> brokerProperties, Duration startTimeout) {

        public static final int DEFAULT_PORT = 9092;
        public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);

        public Options {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("Invalid broker port " + port + ": must be 0 (any free port) to 65535");
            }
            brokerProperties = Map.copyOf(Objects.requireNonNull(brokerProperties, "brokerProperties"));
            Objects.requireNonNull(startTimeout, "startTimeout");
            if (startTimeout.isNegative() || startTimeout.isZero()) {
                throw new IllegalArgumentException("startTimeout must be positive, got " + startTimeout);
            }
        }

        /** Port 9092, a temporary data directory, no extra properties, 60 s start timeout. */
        public static Options defaults() {
            return new Options(DEFAULT_PORT, null, Map.of(), DEFAULT_START_TIMEOUT);
        }

        public Options withPort(int newPort) {
            return new Options(newPort, dataDir, brokerProperties, startTimeout);
        }

        public Options withDataDir(Path newDataDir) {
            return new Options(port, newDataDir, brokerProperties, startTimeout);
        }

        public Options withBrokerProperties(Map<String, String> newBrokerProperties) {
            return new Options(port, dataDir, newBrokerProperties, startTimeout);
        }

        public Options withStartTimeout(Duration newStartTimeout) {
            return new Options(port, dataDir, brokerProperties, newStartTimeout);
        }
    }

    /** The broker could not be started; the message says why (port in use, format failure, timeout). */
    public static final class StartException extends RuntimeException {
        StartException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final KafkaRaftServer server;
    private final Path dataDir;
    private final boolean deleteOnClose;
    private final int port;
    private final Duration startupTime;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedKafka(KafkaRaftServer server, Path dataDir, boolean deleteOnClose, int port, Duration startupTime) {
        this.server = server;
        this.dataDir = dataDir;
        this.deleteOnClose = deleteOnClose;
        this.port = port;
        this.startupTime = startupTime;
    }

    /** Starts a broker with {@link Options#defaults()}. */
    public static EmbeddedKafka start() {
        return start(Options.defaults());
    }

    /**
     * Formats the storage (unless the given data directory is already formatted), starts the
     * broker and returns once it answers {@code describeCluster}.
     *
     * @throws StartException when the port is taken, formatting fails or the broker is not ready in time
     */
    public static EmbeddedKafka start(Options options) {
        long startNanos = System.nanoTime();
        int port = options.port() == 0 ? freePort() : requireFreePort(options.port());
        int controllerPort = freePort();
        boolean temporary = options.dataDir() == null;
        Path dataDir = temporary ? createTempDir() : createDirs(options.dataDir());

        KafkaRaftServer server = null;
        try {
            Properties props = serverProperties(port, controllerPort, dataDir, options.brokerProperties());
            Path propertiesFile = dataDir.resolve("server.properties");
            writeProperties(props, propertiesFile);
            Path logDir = Path.of(props.getProperty("log.dirs"));
            if (!Files.exists(logDir.resolve(META_PROPERTIES))) {
                format(propertiesFile);
            }
            long formattedNanos = System.nanoTime();
            server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
            try {
                server.startup();
            } catch (RuntimeException e) {
                throw new StartException(describeStartFailure(e, port), e);
            }
            long startedNanos = System.nanoTime();
            String bootstrap = HOST + ":" + port;
            awaitReady(bootstrap, options.startTimeout());
            long readyNanos = System.nanoTime();
            Duration took = Duration.ofNanos(readyNanos - startNanos);
            LOG.info("Embedded Kafka ready at {} in {} ms (format {} ms, start {} ms, first answer {} ms; data dir {})",
                    bootstrap, took.toMillis(), millis(formattedNanos - startNanos), millis(startedNanos - formattedNanos),
                    millis(readyNanos - startedNanos), dataDir);
            return new EmbeddedKafka(server, dataDir, temporary, port, took);
        } catch (RuntimeException e) {
            shutdownQuietly(server);
            if (temporary) {
                TemporaryDirectories.delete(dataDir);
            }
            throw e;
        }
    }

    /** {@code 127.0.0.1:<port>}, for the {@code bootstrap.servers} of clients. */
    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    /** The broker port actually bound (useful after asking for port 0). */
    public int port() {
        return port;
    }

    public Path dataDir() {
        return dataDir;
    }

    /** Wall-clock time from {@link #start(Options)} until the broker answered. */
    public Duration startupTime() {
        return startupTime;
    }

    /** Creates the topics, ignoring those that already exist (so a persistent data dir can be reused). */
    public void createTopics(Collection<NewTopic> topics) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            Map<String, KafkaFuture<Void>> results = admin.createTopics(topics).values();
            for (Map.Entry<String, KafkaFuture<Void>> result : results.entrySet()) {
                try {
                    result.getValue().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("Could not create topic " + result.getKey() + ": " + e.getCause().getMessage(), e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topics", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("Timed out creating topics on " + bootstrapServers(), e);
        }
    }

    /** Stops the broker and, for a temporary data directory, deletes it. Safe to call more than once. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        shutdownQuietly(server);
        if (deleteOnClose) {
            TemporaryDirectories.delete(dataDir);
        }
        LOG.info("Embedded Kafka at {} stopped", bootstrapServers());
    }

    static Properties serverProperties(int port, int controllerPort, Path dataDir, Map<String, String> extra) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        p.put("listeners", "PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + port);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", dataDir.resolve("logs").toString());
        // A single node cannot meet the production replication defaults of the internal topics.
        p.put("offsets.topic.replication.factor", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("min.insync.replicas", "1");
        p.put("default.replication.factor", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // The log cleaner takes its whole dedupe buffer from the Java heap at start: Kafka's 128 MiB does not fit beside
        // fedstream in the heap it ships with (-Xmx224m, fedstream-jvm.options), and the broker halted with an
        // OutOfMemoryError. 16 MiB maps about 600,000 keys per cleaning pass, more than a changelog partition holds here.
        p.put("log.cleaner.dedupe.buffer.size", Integer.toString(DEDUPE_BUFFER_BYTES));
        // Topics are created explicitly, so a typo in a topic name fails instead of creating a topic.
        p.put("auto.create.topics.enable", "false");
        p.putAll(extra);
        Properties props = new Properties();
        props.putAll(p);
        return props;
    }

    private static void format(Path propertiesFile) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String clusterId = Uuid.randomUuid().toString();
        int rc;
        try (PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            rc = StorageTool.execute(new String[] {"format", "-t", clusterId, "-c", propertiesFile.toString()}, print);
        } catch (RuntimeException e) {
            throw new StartException("Could not format Kafka storage with " + propertiesFile + ": " + e.getMessage()
                    + outputSuffix(out), e);
        }
        if (rc != 0) {
            throw new StartException("Could not format Kafka storage with " + propertiesFile + " (exit code " + rc + ")"
                    + outputSuffix(out), null);
        }
    }

    private static String outputSuffix(ByteArrayOutputStream out) {
        String text = out.toString(StandardCharsets.UTF_8).strip();
        return text.isEmpty() ? "" : "; storage tool said: " + text;
    }

    private static void awaitReady(String bootstrap, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Throwable last = null;
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 2_000,
                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 200))) {
            while (System.nanoTime() < deadline) {
                try {
                    var nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2_000))
                            .nodes().get(2_500, TimeUnit.MILLISECONDS);
                    if (!nodes.isEmpty()) {
                        return;
                    }
                } catch (ExecutionException e) {
                    last = e.getCause();
                } catch (TimeoutException e) {
                    last = e;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StartException("Interrupted while waiting for the embedded Kafka at " + bootstrap, e);
                }
                sleep(100);
            }
        }
        throw new StartException("Embedded Kafka at " + bootstrap + " was not ready within " + timeout.toMillis()
                + " ms" + (last == null ? "" : ": last error: " + last), last);
    }

    private static String describeStartFailure(RuntimeException e, int port) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage());
            // Kafka's own message names the address, which may come from the extra properties.
            if (message.contains("failed to bind to")) {
                return "Could not start embedded Kafka: " + message.replaceAll("\\.$", "")
                        + "; pick another port, or 0 for a free one";
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException) {
                return "Could not start embedded Kafka: port " + port + " on " + HOST
                        + " (or the controller port) is already in use; pick another port, or 0 for a free one";
            }
        }
        return "Could not start embedded Kafka on port " + port + ": " + e;
    }

    private static int requireFreePort(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
            return port;
        } catch (IOException e) {
            throw new StartException("Could not start embedded Kafka: port " + port + " on " + HOST
                    + " is already in use; pick another port, or 0 for a free one", e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new StartException("Could not find a free port on " + HOST, e);
        }
    }

    private static void writeProperties(Properties props, Path file) {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            props.store(writer, "Written by fedstream EmbeddedKafka");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + file, e);
        }
    }

    private static Path createTempDir() {
        try {
            return Files.createTempDirectory("fedstream-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create a temporary directory for the embedded Kafka", e);
        }
    }

    private static Path createDirs(Path dir) {
        try {
            return Files.createDirectories(dir).toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create the embedded Kafka data directory " + dir, e);
        }
    }

    private static void shutdownQuietly(KafkaRaftServer server) {
        if (server == null) {
            return;
        }
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            LOG.warn("Error while stopping the embedded Kafka", e);
        }
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartException("Interrupted while waiting for the embedded Kafka", e);
        }
    }
}
