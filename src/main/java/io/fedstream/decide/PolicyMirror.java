package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.Topic;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mirrors the policies topic into a global store on every instance, keyed {@code kind/namespace/name},
 * and counts the changes it applies so that stages can rebuild what they derive from policies.
 */
public final class PolicyMirror {

    /** The global store: policy key to its latest event, exactly as on the topic (a DELETE event included). */
    public static final String STORE = "policies-store";

    private static final Logger LOG = LoggerFactory.getLogger(PolicyMirror.class);

    private final AtomicLong changes = new AtomicLong();

    /** Adds the global store and its source to the builder. */
    public void addTo(StreamsBuilder builder, Topic<String, PolicyEvent> policies) {
        builder.addGlobalStore(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), policies.valueSerde())
                        // A global store is restored from its source topic; a changelog would only copy it.
                        .withLoggingDisabled(),
                policies.name(),
                policies.consumedAs("policies-mirror"),
                () -> new MirrorProcessor(changes));
    }

    /** How many policy changes this instance has applied since it started; moves on every change. */
    public long changes() {
        return changes.get();
    }

    /** Keeps the store equal to the topic: what restoring the store from the topic would also produce. */
    private static final class MirrorProcessor implements Processor<String, PolicyEvent, Void, Void> {

        private final AtomicLong changes;
        private KeyValueStore<String, PolicyEvent> store;
        private ProcessorContext<Void, Void> context;

        MirrorProcessor(AtomicLong changes) {
            this.changes = changes;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            this.context = context;
            this.store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, PolicyEvent> record) {
            if (record.key() == null) {
                context.recordMetadata().ifPresent(source -> LOG.warn(
                        "Policy event without a key at {}-{}@{} ignored: policies are keyed kind/namespace/name",
                        source.topic(), source.partition(), source.offset()));
                return;
            }
            if (record.value() == null) {
                store.delete(record.key());
            } else {
                store.put(record.key(), record.value());
            }
            changes.incrementAndGet();
        }
    }
}
