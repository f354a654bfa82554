package io.fedstream.agent;

import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.Topic;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.propagate.CustomizationsInForce;
import io.fedstream.propagate.PublishedCustomizations;
import io.fedstream.runtime.TopicReader;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the interpreter customizations of {@code fedstream.policies}, from its beginning and then every second, without
 * a consumer group, and hands each change to the copies' watch ({@link PropagatedCopies}) with the kinds it concerns: the
 * agent interprets its copies' health with them, as Karmada's work status controller does with the
 * ResourceInterpreterCustomizations of the control plane. A broker that cannot be reached is logged and read again on the
 * next tick.
 */
final class CustomizationWatch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CustomizationWatch.class);
    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private final TopicReader reader;
    private final Topic<String, PolicyEvent> topic;
    private final PublishedCustomizations customizations;
    private final String cluster;
    private final ScheduledExecutorService timer;
    /** Whether the customizations directory's kinds were handed on: with the first reading, topic records or none. */
    private boolean configuredHandedOn;

    CustomizationWatch(Properties consumerProperties, Topic<String, PolicyEvent> topic, InterpreterExtensions configured, String cluster) {
        this.reader = new TopicReader(consumerProperties, topic.name());
        this.topic = topic;
        this.customizations = new PublishedCustomizations(configured);
        this.cluster = cluster;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fedstream-agent-customizations-" + cluster);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Starts reading; {@code changed} gets the customizations in force and the kinds ({@code apiVersion/kind}) whose changed. */
    void start(BiConsumer<CustomizationsInForce, Set<String>> changed) {
        timer.scheduleWithFixedDelay(() -> read(changed), 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void read(BiConsumer<CustomizationsInForce, Set<String>> changed) {
        Set<String> kinds = new LinkedHashSet<>();
        if (!configuredHandedOn) {
            kinds.addAll(customizations.configuredKinds());
            configuredHandedOn = true;
        }
        try {
            reader.catchUp(READ_TIMEOUT, record -> kinds.addAll(customizations.accept(record.key(), manifest(record))));
        } catch (RuntimeException e) {
            LOG.warn("cluster {}: cannot read the customizations on {} ({}); reading again in {}", cluster, topic.name(), e.getMessage(), EVERY);
        }
        if (!kinds.isEmpty()) {
            CustomizationsInForce inForce = customizations.inForce();
            inForce.refusedByKind().forEach((kind, why) -> LOG.warn("cluster {}: {}", cluster, why));
            changed.accept(inForce, kinds);
        }
    }

    /** The manifest of a customization record, or null for a deletion, a tombstone or a record that cannot be read. */
    private String manifest(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null || !InterpreterExtensions.POLICY_KINDS.stream().anyMatch(kind -> record.key().startsWith(kind + "/"))) {
            return null;
        }
        try {
            PolicyEvent event = topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
            return event == null || event.getOp() == Op.DELETE ? null : event.getManifest();
        } catch (RuntimeException e) {
            LOG.warn("cluster {}: skipping unreadable policy {} at {}-{}@{}: {}", cluster, record.key(), record.topic(), record.partition(),
                    record.offset(), e.toString());
            return null;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reader.close();
    }
}
