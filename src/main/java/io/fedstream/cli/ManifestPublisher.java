package io.fedstream.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.health.ClusterManifest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes planned documents as WorkloadEvents, PolicyEvents and (Karmada Clusters) heartbeats: every value is
 * encoded (registering its schema) before the first record is sent, and the broker must acknowledge each one within a
 * bounded time.
 */
final class ManifestPublisher {

    /** How long a send may wait for the broker's metadata or its acknowledgement, unless kafka.producer.* says otherwise. */
    static final Duration TIMEOUT = Duration.ofSeconds(15);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FedstreamConfig config;
    private final Topics topics;

    ManifestPublisher(FedstreamConfig config, Topics topics) {
        this.config = config;
        this.topics = topics;
    }

    /**
     * Sends every event with the given op and source and returns once all are acknowledged.
     *
     * @throws BadManifestsException naming every document too large for the producer or its topic; nothing was sent
     * @throws PublishException naming the broker, topic or key that failed; the events before it may be published
     */
    void publish(List<PlannedEvent> events, Op op, String source, Instant observedAt) throws BadManifestsException {
        List<ProducerRecord<String, byte[]>> records = encode(events, op, source, observedAt);
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerProperties(), new StringSerializer(),
                new ByteArraySerializer());
        try {
            checkTopics(producer, records);
            checkSizes(records, events);
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (ProducerRecord<String, byte[]> record : records) {
                sent.add(send(producer, record));
            }
            producer.flush();
            for (int i = 0; i < sent.size(); i++) {
                await(sent.get(i), records.get(i));
            }
        } finally {
            // Bounded: a broker that went away must not keep the command waiting for ever.
            producer.close(CLOSE_TIMEOUT);
        }
    }

    private List<ProducerRecord<String, byte[]>> encode(List<PlannedEvent> events, Op op, String source, Instant observedAt) {
        List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
        for (PlannedEvent event : events) {
            String topic = topicOf(event);
            try {
                byte[] value = switch (event.destination()) {
                    case WORKLOADS -> topics.workloads().valueSerde().serializer().serialize(topic, WorkloadEvent.newBuilder()
                            .setOp(op).setManifest(event.manifestJson()).setObservedAt(observedAt).setSource(source).build());
                    case POLICIES -> topics.policies().valueSerde().serializer().serialize(topic, PolicyEvent.newBuilder()
                            .setOp(op).setManifest(event.manifestJson()).setObservedAt(observedAt).setSource(source).build());
                    case CLUSTER_HEALTH -> topics.clusterHealth().valueSerde().serializer().serialize(topic,
                            heartbeat(event, observedAt, source));
                };
                records.add(new ProducerRecord<>(topic, event.key(), value));
            } catch (RuntimeException e) {
                throw new PublishException("cannot encode " + event.displayName() + " for " + topic + ": " + e.getMessage(), e);
            }
        }
        return records;
    }

    /** Fails before anything is sent when the broker does not answer or a topic is missing. */
    private void checkTopics(KafkaProducer<String, byte[]> producer, List<ProducerRecord<String, byte[]>> records) {
        Set<String> names = new LinkedHashSet<>();
        records.forEach(record -> names.add(record.topic()));
        for (String topic : names) {
            try {
                producer.partitionsFor(topic);
            } catch (KafkaException e) {
                throw new PublishException("cannot publish to topic " + topic + " on Kafka at " + config.kafkaBootstrapServers()
                        + ": " + e.getMessage() + " Is the broker running, and does the topic exist? (`fedstream run` creates its topics.)", e);
            }
        }
    }

    /** Refuses the whole set, naming every document too large, before anything is sent. */
    private void checkSizes(List<ProducerRecord<String, byte[]>> records, List<PlannedEvent> events) throws BadManifestsException {
        RecordLimits limits = RecordLimits.of(producerProperties(), maxMessageBytes(records));
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            limits.refusal(records.get(i), events.get(i).displayName()).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            throw new BadManifestsException(problems);
        }
    }

    /** Each topic's {@code max.message.bytes}, as the broker describes it. */
    private Map<String, Integer> maxMessageBytes(List<ProducerRecord<String, byte[]>> records) {
        List<ConfigResource> topics = records.stream().map(ProducerRecord::topic).distinct()
                .map(topic -> new ConfigResource(ConfigResource.Type.TOPIC, topic)).toList();
        Properties admin = config.adminProperties();
        admin.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.minusSeconds(5).toMillis());
        admin.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        try (Admin client = Admin.create(admin)) {
            Map<String, Integer> limits = new HashMap<>();
            client.describeConfigs(topics).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).forEach((topic, described) -> {
                ConfigEntry entry = described.get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG);
                if (entry != null && entry.value() != null) {
                    limits.put(topic.name(), Integer.parseInt(entry.value()));
                }
            });
            return limits;
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new PublishException("cannot read the topics' max.message.bytes from Kafka at " + config.kafkaBootstrapServers() + ": "
                    + (e.getCause() == null ? e : e.getCause()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishException("interrupted while reading the topics' limits", e);
        }
    }

    private Future<RecordMetadata> send(KafkaProducer<String, byte[]> producer, ProducerRecord<String, byte[]> record) {
        try {
            return producer.send(record);
        } catch (KafkaException e) {
            throw new PublishException("cannot send " + record.key() + " to " + record.topic() + ": " + e.getMessage(), e);
        }
    }

    private void await(Future<RecordMetadata> sent, ProducerRecord<String, byte[]> record) {
        try {
            sent.get();
        } catch (ExecutionException e) {
            throw new PublishException("Kafka at " + config.kafkaBootstrapServers() + " did not accept " + record.key()
                    + " on " + record.topic() + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishException("interrupted while publishing " + record.key(), e);
        }
    }

    private String topicOf(PlannedEvent event) {
        return switch (event.destination()) {
            case WORKLOADS -> topics.workloads().name();
            case POLICIES -> topics.policies().name();
            case CLUSTER_HEALTH -> topics.clusterHealth().name();
        };
    }

    /** A Cluster manifest as a heartbeat at {@code observedAt}, so that a person or a script can report a cluster's health. */
    private static ClusterHealthEvent heartbeat(PlannedEvent event, Instant observedAt, String source) {
        try {
            return ClusterManifest.heartbeat(JSON.readTree(event.manifestJson()), observedAt, source);
        } catch (JsonProcessingException | ClusterManifest.InvalidClusterException e) {
            throw new IllegalStateException("the router checked this Cluster: " + e.getMessage(), e);
        }
    }

    /** acks=all and idempotence from the configuration, and timeouts short enough for a person waiting. */
    private Properties producerProperties() {
        Properties properties = config.producerProperties();
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "fedstream-cli");
        properties.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TIMEOUT.toMillis());
        properties.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.minusSeconds(5).toMillis());
        properties.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        return properties;
    }

    /** The broker or registry failed us: a runtime failure, exit code 1. */
    static final class PublishException extends RuntimeException {
        PublishException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
