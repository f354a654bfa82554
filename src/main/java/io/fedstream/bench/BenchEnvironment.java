package io.fedstream.bench;

import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What every round of the benchmark shares: the broker in its own JVM, a schema registry served over HTTP from this
 * JVM (so the measured JVMs and this one agree on schema ids), an admin client, and the work directory.
 */
final class BenchEnvironment implements AutoCloseable {

    private static final Duration BROKER_START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(60);

    private final Path workDir;
    private final ChildJvm broker;
    private final String bootstrap;
    private final InProcessSchemaRegistry registry;
    private final RegistryHttpServer registryServer;
    private final Admin admin;

    private BenchEnvironment(Path workDir, ChildJvm broker, String bootstrap, InProcessSchemaRegistry registry,
            RegistryHttpServer registryServer, Admin admin) {
        this.workDir = workDir;
        this.broker = broker;
        this.bootstrap = bootstrap;
        this.registry = registry;
        this.registryServer = registryServer;
        this.admin = admin;
    }

    /** Starts the broker JVM (data under {@code workDir}) and the registry; fails with the broker's output if it does not start. */
    static BenchEnvironment start(Path workDir) throws InterruptedException {
        ChildJvm broker = ChildJvm.start("broker", List.of(), BrokerProcess.class.getName(),
                List.of(workDir.resolve("broker").toString()), workDir.resolve("logs/broker.log"), List.of(BrokerProcess.READY));
        try {
            String bootstrap = broker.awaitLine(BrokerProcess.READY, BROKER_START_TIMEOUT).line()
                    .substring(BrokerProcess.READY.length()).trim();
            InProcessSchemaRegistry registry = new InProcessSchemaRegistry();
            RegistryHttpServer registryServer = RegistryHttpServer.start(registry, 0);
            Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
            return new BenchEnvironment(workDir, broker, bootstrap, registry, registryServer, admin);
        } catch (IOException e) {
            broker.close();
            throw new UncheckedIOException("cannot serve the schema registry on loopback", e);
        } catch (RuntimeException | InterruptedException e) {
            broker.close();
            throw e;
        }
    }

    Path workDir() {
        return workDir;
    }

    ChildJvm broker() {
        return broker;
    }

    String bootstrapServers() {
        return bootstrap;
    }

    InProcessSchemaRegistry registry() {
        return registry;
    }

    String registryUrl() {
        return registryServer.url();
    }

    /** Creates the topics and waits until the broker confirmed them. */
    void createTopics(Collection<NewTopic> topics) {
        try {
            admin.createTopics(topics).all().get(ADMIN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create the bench topics " + topics + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the broker did not create the bench topics within " + ADMIN_TIMEOUT.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }

    /** A new topic of {@code partitions} partitions whose records carry the broker's append time. */
    static NewTopic timedTopic(String name, int partitions, Map<String, String> extraConfigs) {
        Map<String, String> configs = new HashMap<>(extraConfigs);
        configs.put("message.timestamp.type", "LogAppendTime");
        return new NewTopic(name, partitions, (short) 1).configs(configs);
    }

    /** Producer settings for this broker: idempotent, {@code acks=all}, by namespace, batched as a bulk loader would. */
    Properties producerProperties() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, io.fedstream.config.NamespacePartitioner.class.getName());
        properties.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return properties;
    }

    /**
     * A consumer of committed records only (what exactly-once apps have committed), assigned every partition of
     * {@code topics} from the beginning; no consumer group.
     */
    KafkaConsumer<byte[], byte[]> readFromStart(List<String> topics) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            List<PartitionInfo> infos = partitionsOf(consumer, topic);
            if (infos.isEmpty()) {
                consumer.close();
                throw new IllegalStateException("topic " + topic + " does not exist; the bench creates every topic it reads first");
            }
            infos.forEach(info -> partitions.add(new TopicPartition(info.topic(), info.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return consumer;
    }

    /**
     * The topic's partitions as the broker's metadata shows them, asked again for up to the admin timeout: a topic just
     * created may not be in the metadata the broker serves yet (it was, once, in a run of `bench failover`).
     */
    private static List<PartitionInfo> partitionsOf(KafkaConsumer<byte[], byte[]> consumer, String topic) {
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        List<PartitionInfo> infos = consumer.partitionsFor(topic, ADMIN_TIMEOUT);
        while (infos.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return infos;
            }
            infos = consumer.partitionsFor(topic, ADMIN_TIMEOUT);
        }
        return infos;
    }

    /**
     * Counts the committed records of every topic whose name starts with one of {@code prefixes}, {@code except} one,
     * reading each from the start to its last stable offset (so transaction markers and aborted records are not counted).
     */
    WrittenRecords countRecords(List<String> prefixes, String except) {
        Predicate<String> ofInterest = topic -> !topic.equals(except) && prefixes.stream().anyMatch(topic::startsWith);
        List<String> topics;
        try {
            topics = admin.listTopics().names().get(ADMIN_TIMEOUT.toSeconds(), TimeUnit.SECONDS).stream().filter(ofInterest).sorted().toList();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot list the broker's topics: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing topics", e);
        }
        Map<String, Long> counts = new HashMap<>();
        if (topics.isEmpty()) {
            return new WrittenRecords(counts, prefixes);
        }
        try (KafkaConsumer<byte[], byte[]> consumer = readFromStart(topics)) {
            Map<TopicPartition, Long> ends = new HashMap<>(consumer.endOffsets(consumer.assignment(), ADMIN_TIMEOUT));
            ends.entrySet().removeIf(end -> end.getValue() == 0);
            topics.forEach(topic -> counts.put(topic, 0L));
            long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
            while (!ends.isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + ends.keySet() + " to their ends within " + ADMIN_TIMEOUT.toSeconds() + " s");
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    Long end = ends.get(partition);
                    if (end != null && record.offset() < end) {
                        counts.merge(record.topic(), 1L, Long::sum);
                    }
                }
                ends.keySet().removeIf(partition -> consumer.position(partition) >= ends.get(partition));
            }
        }
        return new WrittenRecords(counts, prefixes);
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(10));
        registryServer.close();
        broker.close();
    }
}
