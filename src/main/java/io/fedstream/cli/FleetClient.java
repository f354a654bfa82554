package io.fedstream.cli;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** What a person (or the demo) does with the fleet through Kafka: publish workload events and read back bindings. */
final class FleetClient implements AutoCloseable {

    private final Topics topics;
    private final KafkaProducer<String, WorkloadEvent> producer;
    private final KafkaConsumer<String, ResourceBinding> bindings;
    private final KafkaConsumer<byte[], byte[]> deadLetters;
    private long deadLetterCount;

    FleetClient(FedstreamConfig config, Topics topics) {
        this.topics = topics;
        this.producer = new KafkaProducer<>(config.producerProperties(),
                topics.workloads().keySerde().serializer(), topics.workloads().valueSerde().serializer());
        this.bindings = new KafkaConsumer<>(readCommitted(config),
                topics.bindings().keySerde().deserializer(), topics.bindings().valueSerde().deserializer());
        this.deadLetters = new KafkaConsumer<>(readCommitted(config), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        bindings.subscribe(List.of(topics.bindings().name()));
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
    void publish(Map<String, WorkloadEvent> events) throws ExecutionException, InterruptedException {
        for (Map.Entry<String, WorkloadEvent> event : events.entrySet()) {
            producer.send(new ProducerRecord<>(topics.workloads().name(), event.getKey(), event.getValue()));
        }
        producer.flush();
    }

    /** Reads bindings until every key has one, the timeout passes or Ctrl-C; returns them in key order given. */
    Map<String, ResourceBinding> awaitBindings(List<String> keys, Duration timeout, ShutdownSignal signal)
            throws InterruptedException {
        Map<String, ResourceBinding> latest = new LinkedHashMap<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!latest.keySet().containsAll(keys) && System.nanoTime() < deadline && !signal.poll(Duration.ZERO)) {
            for (ConsumerRecord<String, ResourceBinding> record : bindings.poll(Duration.ofMillis(200))) {
                if (record.value() == null) {
                    latest.remove(record.key());
                } else {
                    latest.put(record.key(), record.value());
                }
            }
            deadLetterCount += deadLetters.poll(Duration.ZERO).count();
        }
        deadLetterCount += deadLetters.poll(Duration.ofMillis(500)).count();
        Map<String, ResourceBinding> ordered = new LinkedHashMap<>();
        keys.stream().filter(latest::containsKey).forEach(key -> ordered.put(key, latest.get(key)));
        return ordered;
    }

    long deadLetterCount() {
        return deadLetterCount;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        bindings.close(Duration.ofSeconds(5));
        deadLetters.close(Duration.ofSeconds(5));
    }
}
