package io.fedstream.cli;

import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.Topic;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.InvalidCustomizationException;
import io.fedstream.runtime.TopicReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;

/**
 * The InterpreterCustomizations and Trainer runtimes in force on the policies topic, read to its end, so that
 * {@code apply} interprets a workload as the bind stage will: with what an earlier {@code apply} published.
 */
final class PublishedInterpreterPolicies {

    private PublishedInterpreterPolicies() {}

    /**
     * {@code configured} with the published policies on top, in the order the bind stage applies them (by kind, then by
     * key); a published policy the bind stage would refuse is left out, as it leaves it out. A topic that does not exist
     * yet holds none.
     *
     * @throws ReadException naming the topic and broker when the topic cannot be read to its end within {@code timeout}
     */
    static InterpreterExtensions on(InterpreterExtensions configured, Properties consumerProperties,
            Topic<String, PolicyEvent> topic, String bootstrapServers, Duration timeout) {
        Map<String, String> manifests = read(consumerProperties, topic, bootstrapServers, timeout);
        InterpreterExtensions extensions = configured;
        List<String> keys = manifests.keySet().stream()
                .sorted(Comparator.comparing((String key) -> ManifestRouter.INTERPRETER_KINDS.indexOf(kind(key)))
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
        for (String key : keys) {
            try {
                extensions = extensions.with(InterpreterExtensions.load(
                        manifests.get(key).getBytes(StandardCharsets.UTF_8), "policy " + key));
            } catch (InvalidCustomizationException e) {
                // The bind stage logs and skips it; apply checks what is published, not what was.
            }
        }
        return extensions;
    }

    /** The latest manifest of every interpreter policy on the topic, by key; a DELETE or tombstone takes one back. */
    private static Map<String, String> read(Properties consumerProperties, Topic<String, PolicyEvent> topic,
            String bootstrapServers, Duration timeout) {
        Map<String, String> manifests = new HashMap<>();
        try (TopicReader reader = new TopicReader(consumerProperties, topic.name())) {
            reader.catchUp(timeout, record -> {
                if (ManifestRouter.INTERPRETER_KINDS.contains(kind(record.key()))) {
                    remember(manifests, record, topic);
                }
            });
        } catch (TopicReader.NotAtEnd e) {
            throw new ReadException(e.getMessage() + " on Kafka at " + bootstrapServers, e);
        } catch (KafkaException e) {
            String cause = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new ReadException("cannot read topic " + topic.name() + " on Kafka at " + bootstrapServers + ": " + cause
                    + (cause.endsWith(".") ? "" : ".") + " Is the broker running? (`fedstream run --embedded` starts one.)", e);
        }
        return manifests;
    }

    private static void remember(Map<String, String> manifests, ConsumerRecord<String, byte[]> record,
            Topic<String, PolicyEvent> topic) {
        PolicyEvent event;
        try {
            event = record.value() == null ? null : topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            // The mirror dead-letters such a record, so the bind stage never sees it either.
            return;
        }
        if (event == null || event.getOp() == Op.DELETE || event.getManifest() == null) {
            manifests.remove(record.key());
        } else {
            manifests.put(record.key(), event.getManifest());
        }
    }

    private static String kind(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? key : key.substring(0, slash);
    }

    /** The policies topic could not be read: the broker is down, or the topic was not read to its end in time. */
    static final class ReadException extends RuntimeException {
        ReadException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
