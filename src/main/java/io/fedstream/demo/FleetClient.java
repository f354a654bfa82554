package io.fedstream.demo;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.runtime.ShutdownSignal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * What a person (or the demo) does with the fleet through Kafka: publish workload and policy events, read back
 * bindings and quota statuses.
 */
public final class FleetClient implements AutoCloseable {

    private final Topics topics;
    private final KafkaProducer<String, WorkloadEvent> producer;
    private final KafkaProducer<String, PolicyEvent> policyProducer;
    private final KafkaConsumer<String, ResourceBinding> bindings;
    private final KafkaConsumer<String, QuotaStatus> quotaStatuses;
    private final KafkaConsumer<byte[], byte[]> deadLetters;
    private final Map<String, ResourceBinding> latest = new LinkedHashMap<>();
    private final Map<String, QuotaStatus> latestStatuses = new LinkedHashMap<>();
    private long deadLetterCount;

    public FleetClient(FedstreamConfig config, Topics topics) {
        this.topics = topics;
        this.producer = new KafkaProducer<>(config.producerProperties(),
                topics.workloads().keySerde().serializer(), topics.workloads().valueSerde().serializer());
        this.policyProducer = new KafkaProducer<>(config.producerProperties(),
                topics.policies().keySerde().serializer(), topics.policies().valueSerde().serializer());
        this.bindings = new KafkaConsumer<>(readCommitted(config),
                topics.bindings().keySerde().deserializer(), topics.bindings().valueSerde().deserializer());
        this.quotaStatuses = new KafkaConsumer<>(readCommitted(config),
                topics.quotaStatus().keySerde().deserializer(), topics.quotaStatus().valueSerde().deserializer());
        this.deadLetters = new KafkaConsumer<>(readCommitted(config), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        bindings.subscribe(List.of(topics.bindings().name()));
        quotaStatuses.subscribe(List.of(topics.quotaStatus().name()));
        deadLetters.subscribe(List.of(topics.deadLetters().name()));
    }

    private static Properties readCommitted(FedstreamConfig config) {
        Properties properties = config.consumerProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "fedstream-cli-" + UUID.randomUUID());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return properties;
    }

    /** Publishes the events and waits until the broker acknowledged every one. */
    public void publish(Map<String, WorkloadEvent> events) throws ExecutionException, InterruptedException {
        for (Map.Entry<String, WorkloadEvent> event : events.entrySet()) {
            producer.send(new ProducerRecord<>(topics.workloads().name(), event.getKey(), event.getValue()));
        }
        producer.flush();
    }

    /** Publishes policy events (quotas, policies, customizations) and waits until the broker acknowledged every one. */
    public void publishPolicies(Map<String, PolicyEvent> events) throws ExecutionException, InterruptedException {
        for (Map.Entry<String, PolicyEvent> event : events.entrySet()) {
            policyProducer.send(new ProducerRecord<>(topics.policies().name(), event.getKey(), event.getValue()));
        }
        policyProducer.flush();
    }

    /** Reads bindings until every key has one, the timeout passes or Ctrl-C; returns them in key order given. */
    public Map<String, ResourceBinding> awaitBindings(List<String> keys, Duration timeout, ShutdownSignal signal)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!latest.keySet().containsAll(keys) && System.nanoTime() < deadline && !signal.poll(Duration.ZERO)) {
            pollBindings();
            deadLetterCount += deadLetters.poll(Duration.ZERO).count();
        }
        deadLetterCount += deadLetters.poll(Duration.ofMillis(500)).count();
        Map<String, ResourceBinding> ordered = new LinkedHashMap<>();
        keys.stream().filter(latest::containsKey).forEach(key -> ordered.put(key, latest.get(key)));
        return ordered;
    }

    /** Reads bindings until the workload's latest one satisfies {@code condition}; empty on timeout or Ctrl-C. */
    Optional<ResourceBinding> awaitBinding(String key, Predicate<ResourceBinding> condition, Duration timeout, ShutdownSignal signal)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && !signal.poll(Duration.ZERO)) {
            ResourceBinding binding = latest.get(key);
            if (binding != null && condition.test(binding)) {
                return Optional.of(binding);
            }
            pollBindings();
        }
        return Optional.empty();
    }

    /** Reads quota statuses until the quota {@code namespace/name} has one; empty on timeout or Ctrl-C. */
    Optional<QuotaStatus> awaitQuotaStatus(String quotaKey, Duration timeout, ShutdownSignal signal) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!latestStatuses.containsKey(quotaKey) && System.nanoTime() < deadline && !signal.poll(Duration.ZERO)) {
            for (ConsumerRecord<String, QuotaStatus> record : quotaStatuses.poll(Duration.ofMillis(200))) {
                if (record.value() == null) {
                    latestStatuses.remove(record.key());
                } else {
                    latestStatuses.put(record.key(), record.value());
                }
            }
        }
        return Optional.ofNullable(latestStatuses.get(quotaKey));
    }

    private void pollBindings() {
        for (ConsumerRecord<String, ResourceBinding> record : bindings.poll(Duration.ofMillis(200))) {
            if (record.value() == null) {
                latest.remove(record.key());
            } else {
                latest.put(record.key(), record.value());
            }
        }
    }

    public long deadLetterCount() {
        return deadLetterCount;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        policyProducer.close(Duration.ofSeconds(5));
        bindings.close(Duration.ofSeconds(5));
        quotaStatuses.close(Duration.ofSeconds(5));
        deadLetters.close(Duration.ofSeconds(5));
    }
}
