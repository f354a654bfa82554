package io.fedstream.recommend.stage;

import io.fedstream.config.Topic;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.interpret.FieldError;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes one input's bytes into a {@link RightsizeSignal}; bytes that do not decode, or a value its check refuses,
 * become {@link RightsizeSignal.Malformed} with the original bytes, naming topic, partition and offset (and field and
 * value), so that the task dead-letters them and goes on.
 */
final class SignalDecoder<V> implements FixedKeyProcessor<String, byte[], RightsizeSignal> {

    static final String STAGE = "rightsize";
    private static final Logger LOG = LoggerFactory.getLogger(SignalDecoder.class);

    private final String topic;
    private final Deserializer<V> values;
    private final BiFunction<String, V, Optional<FieldError>> check;
    private final Function<V, RightsizeSignal> signal;
    private final boolean deadLettersUndecodable;
    private FixedKeyProcessorContext<String, RightsizeSignal> context;

    /**
     * @param deadLettersUndecodable false for an input another stage of the topology reads and dead-letters already (the
     *                               bindings), so that one bad record is one dead letter; its bytes are then skipped
     */
    SignalDecoder(Topic<String, V> input, BiFunction<String, V, Optional<FieldError>> check, Function<V, RightsizeSignal> signal,
                  boolean deadLettersUndecodable) {
        this.topic = input.name();
        this.values = input.valueSerde().deserializer();
        this.check = check;
        this.signal = signal;
        this.deadLettersUndecodable = deadLettersUndecodable;
    }

    /** Every decoded value is taken in as it is (null too: a removal). */
    static <V> BiFunction<String, V, Optional<FieldError>> acceptAll() {
        return (key, value) -> Optional.empty();
    }

    @Override
    public void init(FixedKeyProcessorContext<String, RightsizeSignal> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, byte[]> record) {
        RecordMetadata source = context.recordMetadata().orElse(null);
        String from = source == null ? topic : source.topic();
        int partition = source == null ? -1 : source.partition();
        long offset = source == null ? -1 : source.offset();
        V value;
        try {
            value = values.deserialize(from, record.value());
        } catch (RuntimeException e) {
            if (deadLettersUndecodable) {
                malformed(record, DeadLetter.undecodable(from, partition, offset, e));
            } else {
                LOG.warn("Skipped an undecodable record {}-{}@{} (dead-lettered where it is first read): {}", from, partition, offset,
                        e.toString());
            }
            return;
        }
        Optional<FieldError> problem = check.apply(record.key(), value);
        if (problem.isPresent()) {
            FieldError error = problem.get();
            malformed(record, new DeadLetter(STAGE, error.message(), error.field(), error.value(), from, partition, offset));
            return;
        }
        context.forward(record.withValue(signal.apply(value)));
    }

    private void malformed(FixedKeyRecord<String, byte[]> record, DeadLetter letter) {
        context.forward(record.withValue((RightsizeSignal) new RightsizeSignal.Malformed(letter, record.value())).withHeaders(letter.headers()));
    }
}
