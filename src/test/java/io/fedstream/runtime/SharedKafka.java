package io.fedstream.runtime;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one real Kafka broker shared by every integration test of a test JVM; see {@link KafkaClusterExtension}. */
public final class SharedKafka implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SharedKafka.class);

    /** Which kind of broker backs the tests. */
    public enum Backend {
        /** {@code KafkaClusterTestKit}: a combined KRaft node inside the test JVM. */
        IN_PROCESS,
        /** Testcontainers' {@code KafkaContainer} on the apache/kafka image. */
        TESTCONTAINERS
    }

    private final Backend backend;
    private final String bootstrapServers;
    private final Duration startupTime;
    private final AutoCloseable broker;
    private final AtomicBoolean closed = new AtomicBoolean();

    SharedKafka(Backend backend, String bootstrapServers, Duration startupTime, AutoCloseable broker) {
        this.backend = backend;
        this.bootstrapServers = bootstrapServers;
        this.startupTime = startupTime;
        this.broker = broker;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public Backend backend() {
        return backend;
    }

    public Duration startupTime() {
        return startupTime;
    }

    /** Properties with only {@code bootstrap.servers}, to start a client or a Kafka Streams config from. */
    public Properties clientProperties() {
        Properties props = new Properties();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return props;
    }

    /** A new admin client; the caller closes it. */
    public Admin admin() {
        return Admin.create(clientProperties());
    }

    /** Creates topics with replication factor 1 and waits until they exist. */
    public void createTopics(int partitions, String... names) {
        createTopics(List.of(names).stream().map(name -> new NewTopic(name, partitions, (short) 1)).toList());
    }

    /** Creates the topics and waits until they exist; an existing topic is an error, since names are unique per test. */
    public void createTopics(Collection<NewTopic> topics) {
        try (Admin admin = admin()) {
            admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Could not create topics " + topics + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topics " + topics, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("Timed out creating topics " + topics, e);
        }
    }

    /** Stops the broker; JUnit calls this once when the root context closes. Later calls do nothing. */
    @Override
    public void close() throws Exception {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        LOG.info("Stopping the shared {} Kafka at {}", backend, bootstrapServers);
        broker.close();
    }

    @Override
    public String toString() {
        return "SharedKafka[" + backend + " at " + bootstrapServers + "]";
    }

    static Map<String, String> singleNodeBrokerSettings() {
        return Map.of(
                "offsets.topic.replication.factor", "1",
                "transaction.state.log.replication.factor", "1",
                "transaction.state.log.min.isr", "1",
                "share.coordinator.state.topic.replication.factor", "1",
                "share.coordinator.state.topic.min.isr", "1",
                "min.insync.replicas", "1",
                "group.initial.rebalance.delay.ms", "0",
                "auto.create.topics.enable", "false");
    }
}
