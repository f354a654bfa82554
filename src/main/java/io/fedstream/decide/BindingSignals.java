package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.config.Topic;
import io.fedstream.dlq.DeadLetter;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the signal of each {@code fedstream.bindings} record: the binding decoded once, with the bytes it came in, which
 * the task stores as they are instead of encoding the binding again; a record that cannot be decoded becomes the dead
 * letter the deserialization handler makes of any other topic's.
 */
final class BindingSignals implements FixedKeyProcessor<String, byte[], PlaceFailoverSignal> {

    private static final Logger LOG = LoggerFactory.getLogger(BindingSignals.class);

    private final String topic;
    private final Deserializer<ResourceBinding> values;
    private FixedKeyProcessorContext<String, PlaceFailoverSignal> context;

    BindingSignals(Topic<String, ResourceBinding> bindings) {
        this.topic = bindings.name();
        this.values = bindings.valueSerde().deserializer();
    }

    @Override
    public void init(FixedKeyProcessorContext<String, PlaceFailoverSignal> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, byte[]> record) {
        byte[] bytes = record.value();
        RecordMetadata source = context.recordMetadata().orElse(null);
        String from = source == null ? topic : source.topic();
        ResourceBinding binding;
        try {
            binding = values.deserialize(from, bytes);
        } catch (RuntimeException e) {
            // The deserialization handler catches whatever a deserializer throws; so does this step, to dead-letter alike.
            DeadLetter letter = DeadLetter.undecodable(from, source == null ? -1 : source.partition(), source == null ? -1 : source.offset(), e);
            LOG.warn("Undecodable binding {}-{}@{} sent to the dead letters: {}", from, letter.partition(), letter.offset(), letter.reason());
            context.forward(record.withValue(new PlaceFailoverSignal.BindingUndecodable(letter, bytes)));
            return;
        }
        context.forward(record.withValue(new PlaceFailoverSignal.BindingChanged(binding, bytes)));
    }
}
