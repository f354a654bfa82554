package io.fedstream.serde;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.avro.Schema;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A registry that keeps its schemas in a compacted one-partition Kafka topic, as Confluent's does: every answer comes
 * after reading the topic to its end, and a registration is a record written to the topic and read back. Processes
 * over one topic therefore agree: when two register different schemas as one version (or with one id) at once, the
 * record first in the topic wins everywhere and the other process registers again on top of it.
 */
public final class KafkaSchemaRegistry implements SchemaRegistry, AutoCloseable {

    /** The Kafka clients' settings (bootstrap servers, security) and how long one answer may wait for the broker. */
    public record Connection(Properties admin, Properties producer, Properties consumer, Duration timeout) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(KafkaSchemaRegistry.class);
    /** Registrations that keep losing races give up after this many attempts rather than loop. */
    private static final int MAX_ATTEMPTS = 10;
    private static final Duration POLL = Duration.ofMillis(100);
    private static final int READ_BACK_FETCH_WAIT_MS = 10;

    private final TopicPartition partition;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final KafkaProducer<byte[], byte[]> producer;
    private final Duration timeout;
    private final String name;
    private final SchemaCatalog catalog = new SchemaCatalog();

    private KafkaSchemaRegistry(String topic, KafkaConsumer<byte[], byte[]> consumer, KafkaProducer<byte[], byte[]> producer,
                                Duration timeout, String bootstrapServers) {
        this.partition = new TopicPartition(topic, 0);
        this.consumer = consumer;
        this.producer = producer;
        this.timeout = timeout;
        this.name = "the embedded registry (topic " + topic + " on Kafka at " + bootstrapServers + ")";
    }

    /**
     * Creates the topic when it is missing (one partition, compacted), reads it to the end and returns the registry.
     *
     * @throws SchemaRegistryException when the broker does not answer in time, or the topic has more than one partition
     */
    public static KafkaSchemaRegistry open(String topic, short replicationFactor, Connection connection) {
        String bootstrap = String.valueOf(connection.admin().get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
        ensureTopic(topic, replicationFactor, connection, bootstrap);
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProperties(connection),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
        KafkaProducer<byte[], byte[]> producer = null;
        try {
            producer = new KafkaProducer<>(producerProperties(connection), new ByteArraySerializer(), new ByteArraySerializer());
            KafkaSchemaRegistry registry = new KafkaSchemaRegistry(topic, consumer, producer, connection.timeout(), bootstrap);
            consumer.assign(List.of(registry.partition));
            consumer.seekToBeginning(List.of(registry.partition));
            registry.readToEnd();
            LOG.info("Schema registry on topic {}: {} subjects read", topic, registry.catalog.subjects().size());
            return registry;
        } catch (RuntimeException e) {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(1)));
            if (producer != null) {
                producer.close(Duration.ofSeconds(1));
            }
            throw e;
        }
    }

    @Override
    public synchronized int register(String subject, Schema schema) {
        RegisteredSchema existing = catalog.find(subject, schema);
        if (existing != null) {
            return existing.id();
        }
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            readToEnd();
            existing = catalog.find(subject, schema);
            if (existing != null) {
                return existing.id();
            }
            SchemaRecord next = catalog.next(subject, schema);
            readThrough(write(next));
            existing = catalog.find(subject, schema);
            if (existing != null) {
                return existing.id();
            }
            LOG.info("Another process registered version {} of subject {} (or id {}) first; registering {} again",
                    next.version(), subject, next.id(), schema.getFullName());
        }
        throw new SchemaRegistryException(500, 50001, "Error while registering the schema: too many concurrent registrations",
                "Schema " + schema.getFullName() + " could not be registered under subject '" + subject + "' in " + name
                        + ": other processes registered first " + MAX_ATTEMPTS + " times in a row");
    }

    /**
     * Writes every registration the catalog does not hold yet, then reads them back once: one round trip for all, where
     * one by one each takes its own (25-45 ms on this project's machines, 2026-12-07). Each is then confirmed as {@link
     * #register} would, which registers again the few that another process's registrations beat.
     */
    @Override
    public synchronized Map<String, Integer> registerAll(Map<String, Schema> schemasBySubject) {
        readToEnd();
        SchemaCatalog planned = catalog.copy();
        List<SchemaRecord> records = new ArrayList<>();
        schemasBySubject.forEach((subject, schema) -> {
            if (planned.find(subject, schema) == null) {
                SchemaRecord next = planned.next(subject, schema);
                planned.apply(next);
                records.add(next);
            }
        });
        if (!records.isEmpty()) {
            readThrough(writeAll(records));
        }
        Map<String, Integer> ids = new LinkedHashMap<>();
        schemasBySubject.forEach((subject, schema) -> ids.put(subject, register(subject, schema)));
        return ids;
    }

    @Override
    public synchronized int lookup(String subject, Schema schema) {
        RegisteredSchema existing = catalog.find(subject, schema);
        if (existing == null) {
            readToEnd();
            existing = catalog.find(subject, schema);
        }
        if (existing != null) {
            return existing.id();
        }
        throw catalog.latest(subject) == null
                ? SchemaRegistryException.subjectNotFound(subject, name)
                : SchemaRegistryException.notUnderSubject(subject, schema);
    }

    @Override
    public synchronized Schema getById(int id) {
        Schema schema = catalog.byId(id);
        if (schema == null) {
            readToEnd();
            schema = catalog.byId(id);
        }
        if (schema == null) {
            throw SchemaRegistryException.idNotFound(id, name);
        }
        return schema;
    }

    @Override
    public synchronized RegisteredSchema latestVersion(String subject) {
        readToEnd();
        RegisteredSchema latest = catalog.latest(subject);
        if (latest == null) {
            throw SchemaRegistryException.subjectNotFound(subject, name);
        }
        return latest;
    }

    @Override
    public synchronized List<String> subjects() {
        readToEnd();
        return catalog.subjects();
    }

    @Override
    public synchronized void checkReachable() {
        readToEnd();
    }

    @Override
    public synchronized void close() {
        producer.close(Duration.ofSeconds(5));
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
    }

    /** Applies every record up to the topic's current end. */
    private void readToEnd() {
        long end;
        try {
            end = consumer.endOffsets(List.of(partition), timeout).get(partition);
        } catch (KafkaException e) {
            throw unreachable("cannot find the end of the topic", e);
        }
        readUntil(end);
    }

    /** Applies every record up to and including {@code offset}. */
    private void readThrough(long offset) {
        readUntil(offset + 1);
    }

    private void readUntil(long end) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (consumer.position(partition, timeout) < end) {
                if (System.nanoTime() - deadline > 0) {
                    throw unreachable("read to offset " + consumer.position(partition) + " of " + end + " only", null);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    apply(record);
                }
            }
        } catch (KafkaException e) {
            throw unreachable("cannot read the topic", e);
        }
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        Optional<SchemaRecord> registration;
        try {
            registration = SchemasTopicFormat.read(record.key(), record.value());
        } catch (IllegalArgumentException e) {
            LOG.warn("Skipping record at offset {} of {}: {}", record.offset(), partition, e.getMessage());
            return;
        }
        registration.ifPresent(catalog::apply);
    }

    /** Writes the registration and returns its offset once the broker acknowledged it. */
    private long write(SchemaRecord record) {
        return writeAll(List.of(record));
    }

    /** Writes the registrations in order and returns the last one's offset once the broker acknowledged them all. */
    private long writeAll(List<SchemaRecord> records) {
        try {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (SchemaRecord record : records) {
                sent.add(producer.send(new ProducerRecord<>(partition.topic(), partition.partition(),
                        SchemasTopicFormat.key(record), SchemasTopicFormat.value(record))));
            }
            long last = -1;
            for (Future<RecordMetadata> written : sent) {
                last = written.get(timeout.toMillis(), TimeUnit.MILLISECONDS).offset();
            }
            return last;
        } catch (ExecutionException e) {
            throw unreachable("cannot write to the topic", e.getCause());
        } catch (TimeoutException | KafkaException e) {
            throw unreachable("cannot write to the topic", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable("interrupted while writing to the topic", e);
        }
    }

    private SchemaRegistryException unreachable(String what, Throwable cause) {
        return SchemaRegistryException.unreachable(name + ": " + what + " within " + timeout.toMillis() + " ms"
                + (cause == null ? "" : ": " + cause.getMessage()), cause);
    }

    private static void ensureTopic(String topic, short replicationFactor, Connection connection, String bootstrap) {
        long timeoutMs = connection.timeout().toMillis();
        int callTimeoutMs = (int) Math.min(timeoutMs, Integer.MAX_VALUE);
        try (Admin admin = Admin.create(connection.admin())) {
            try {
                // The calls carry the deadline themselves: a call still pending when the wait below gives up would
                // hold the admin client's close for Kafka's 60 s default API timeout.
                TopicDescription description = admin.describeTopics(List.of(topic), new DescribeTopicsOptions().timeoutMs(callTimeoutMs))
                        .allTopicNames().get(timeoutMs, TimeUnit.MILLISECONDS).get(topic);
                if (description.partitions().size() != 1) {
                    throw new SchemaRegistryException(500, 50001, "Invalid schemas topic",
                            "Topic " + topic + " on Kafka at " + bootstrap + " has " + description.partitions().size()
                                    + " partitions; a schema registry needs exactly 1 to keep one order of registrations."
                                    + " Name another topic with schema.registry.topic, or recreate it");
                }
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            NewTopic newTopic = new NewTopic(topic, 1, replicationFactor)
                    .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
            try {
                admin.createTopics(List.of(newTopic), new CreateTopicsOptions().timeoutMs(callTimeoutMs)).all()
                        .get(timeoutMs, TimeUnit.MILLISECONDS);
                LOG.info("Created the schemas topic {} (1 partition, compacted, replication factor {})", topic, replicationFactor);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw SchemaRegistryException.unreachable("Cannot find or create the schemas topic " + topic + " on Kafka at "
                    + bootstrap + " within " + timeoutMs + " ms: " + (cause.getMessage() == null ? cause.getClass().getName()
                    : cause.getMessage()), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SchemaRegistryException.unreachable("Interrupted while creating the schemas topic " + topic, e);
        }
    }

    private static Properties consumerProperties(Connection connection) {
        Properties properties = new Properties();
        properties.putAll(connection.consumer());
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // A registration reads its own record back; with Kafka's 500 ms the fetch already waiting at the broker when the
        // record lands held each registration about half a second (8 at a first start took 4.0 s, 2026-12-03). The
        // consumer fetches only while a registration or lookup reads, so the short wait costs nothing in between.
        properties.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, READ_BACK_FETCH_WAIT_MS);
        properties.remove(ConsumerConfig.GROUP_ID_CONFIG);
        properties.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "fedstream-schemas-reader");
        return properties;
    }

    private static Properties producerProperties(Connection connection) {
        Properties properties = new Properties();
        properties.putAll(connection.producer());
        int timeoutMs = (int) connection.timeout().toMillis();
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        properties.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeoutMs);
        properties.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.max(1, timeoutMs / 2));
        properties.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeoutMs);
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "fedstream-schemas-writer");
        return properties;
    }
}
