package io.fedstream.runtime;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Locale;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.metadata.bootstrap.BootstrapMetadata;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Gives integration tests one real Kafka broker per test JVM: a {@link SharedKafka} and the
 * test's {@link KafkaTestNames} are injected as parameters.
 *
 * <p>The broker is Testcontainers' Kafka when a Docker engine is available, otherwise a
 * {@code KafkaClusterTestKit} node inside the JVM; {@value #BACKEND_PROPERTY}
 * ({@code auto}, {@code inprocess}, {@code testcontainers}) overrides the choice and
 * {@value #IMAGE_PROPERTY} the container image. The broker lives in JUnit's root store, which
 * closes it once after the last test (a JVM shutdown hook would race surefire's fork exit).
 */
public final class KafkaClusterExtension implements BeforeAllCallback, ParameterResolver {

    public static final String BACKEND_PROPERTY = "fedstream.test.kafka";
    public static final String IMAGE_PROPERTY = "fedstream.test.kafka.image";
    static final String DEFAULT_IMAGE = "apache/kafka:4.3.1";

    private static final Logger LOG = LoggerFactory.getLogger(KafkaClusterExtension.class);
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(KafkaClusterExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        // Start before the first test so its start-up time is not charged to one test's timeout.
        sharedKafka(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        return type == SharedKafka.class || type == KafkaTestNames.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext context) {
        Class<?> type = parameterContext.getParameter().getType();
        if (type == SharedKafka.class) {
            return sharedKafka(context);
        }
        if (type == KafkaTestNames.class) {
            // Stored per test (or per class for @BeforeAll), so every injection within one test agrees.
            return context.getStore(NAMESPACE).getOrComputeIfAbsent(KafkaTestNames.class,
                    key -> new KafkaTestNames(context.getRequiredTestClass().getSimpleName(),
                            context.getTestMethod().map(m -> m.getName()).orElse(null)),
                    KafkaTestNames.class);
        }
        throw new ParameterResolutionException("Cannot resolve " + type);
    }

    private static SharedKafka sharedKafka(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedKafka.class, key -> startConfiguredBackend(), SharedKafka.class);
    }

    private static SharedKafka startConfiguredBackend() {
        String mode = System.getProperty(BACKEND_PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        SharedKafka kafka = switch (mode) {
            case "inprocess" -> start(SharedKafka.Backend.IN_PROCESS);
            case "testcontainers" -> start(SharedKafka.Backend.TESTCONTAINERS);
            case "auto" -> start(dockerAvailable() ? SharedKafka.Backend.TESTCONTAINERS : SharedKafka.Backend.IN_PROCESS);
            default -> throw new IllegalArgumentException("Invalid value " + mode + " for system property "
                    + BACKEND_PROPERTY + ": expected auto, inprocess or testcontainers");
        };
        LOG.info("Shared Kafka for this test JVM: {} (mode {}), started in {} ms", kafka, mode, kafka.startupTime().toMillis());
        return kafka;
    }

    /** Starts a broker of the given backend; the caller closes it. */
    static SharedKafka start(SharedKafka.Backend backend) {
        return switch (backend) {
            case IN_PROCESS -> startInProcess();
            case TESTCONTAINERS -> Containers.start();
        };
    }

    /** Whether Testcontainers finds a Docker engine (false rather than an error when it does not). */
    static boolean dockerAvailable() {
        return Containers.dockerAvailable();
    }

    private static SharedKafka startInProcess() {
        long start = System.nanoTime();
        KafkaClusterTestKit cluster = null;
        try {
            TestKitNodes nodes = new TestKitNodes.Builder(productionBootstrapMetadata())
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build();
            KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
            SharedKafka.singleNodeBrokerSettings().forEach(builder::setConfigProp);
            cluster = builder.build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return new SharedKafka(SharedKafka.Backend.IN_PROCESS, cluster.bootstrapServers(),
                    Duration.ofNanos(System.nanoTime() - start), cluster);
        } catch (Exception e) {
            closeQuietly(cluster);
            throw new IllegalStateException("Could not start the in-process Kafka (KafkaClusterTestKit): " + e, e);
        }
    }

    /**
     * What {@code kafka-storage format} writes for a released broker: the latest production
     * metadata version and the default level of every production feature (transactions v2, the
     * new group protocol, ...). The test kit would otherwise use the latest <em>testing</em>
     * metadata version, which real brokers do not run.
     */
    private static BootstrapMetadata productionBootstrapMetadata() {
        MetadataVersion version = MetadataVersion.latestProduction();
        Map<String, Short> features = new HashMap<>();
        for (Feature feature : Feature.PRODUCTION_FEATURES) {
            if (feature != Feature.KRAFT_VERSION) {
                features.put(feature.featureName(), feature.defaultLevel(version));
            }
        }
        return BootstrapMetadata.fromVersions(version, features, "fedstream KafkaClusterExtension");
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            LOG.warn("Error while stopping a half-started Kafka", e);
        }
    }

    /** Kept apart so that Testcontainers classes load only when Docker is asked about. */
    private static final class Containers {

        static boolean dockerAvailable() {
            try {
                return DockerClientFactory.instance().isDockerAvailable();
            } catch (RuntimeException | LinkageError e) {
                LOG.info("Docker is not usable ({}); using the in-process Kafka", e.toString());
                return false;
            }
        }

        static SharedKafka start() {
            if (!dockerAvailable()) {
                throw new IllegalStateException(BACKEND_PROPERTY + "=testcontainers but no Docker engine is available;"
                        + " use " + BACKEND_PROPERTY + "=inprocess or auto");
            }
            long start = System.nanoTime();
            String image = System.getProperty(IMAGE_PROPERTY, DEFAULT_IMAGE);
            KafkaContainer container = new KafkaContainer(DockerImageName.parse(image))
                    // KafkaContainer sets the other single-node settings itself.
                    .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR", "1")
                    .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "1")
                    .withEnv("KAFKA_MIN_INSYNC_REPLICAS", "1")
                    .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0")
                    .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false");
            try {
                container.start();
            } catch (RuntimeException e) {
                closeQuietly(container::stop);
                throw new IllegalStateException("Could not start Kafka container " + image + ": " + e, e);
            }
            return new SharedKafka(SharedKafka.Backend.TESTCONTAINERS, container.getBootstrapServers(),
                    Duration.ofNanos(System.nanoTime() - start), container::stop);
        }
    }
}
