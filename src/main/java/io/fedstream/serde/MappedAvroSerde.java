package io.fedstream.serde;

import java.util.Objects;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A serde of a domain type that is stored as a generated Avro record (schemas/internal): each value is mapped to its
 * record and written by the record's own serde ({@link AvroSerdes#specific}), and read back the same way round. For a
 * type with behaviour of its own that stays free of Avro, e.g. a state store's value; the mapping lives next to it.
 *
 * <p>Every failure is a {@link SerializationException} that names the domain type, so that a value that cannot be read
 * (bytes that are not Avro in the Confluent wire format, or a record the mapping refuses) says what it should have been
 * as well as where it came from (the topic: a store's changelog names the store).
 *
 * @param <T> the domain type
 * @param <A> the generated Avro record it is stored as
 */
public final class MappedAvroSerde<T, A extends SpecificRecord> implements Serde<T> {

    private final String type;
    private final Serde<A> avro;
    private final Function<? super T, ? extends A> toAvro;
    private final Function<? super A, ? extends T> fromAvro;

    /**
     * @param type the domain type, named in errors
     * @param avro the serde of the generated record
     * @param toAvro the record a value is stored as
     * @param fromAvro the value a stored record stands for
     */
    public MappedAvroSerde(Class<T> type, Serde<A> avro, Function<? super T, ? extends A> toAvro, Function<? super A, ? extends T> fromAvro) {
        this.type = type.getSimpleName();
        this.avro = Objects.requireNonNull(avro, "avro");
        this.toAvro = Objects.requireNonNull(toAvro, "toAvro");
        this.fromAvro = Objects.requireNonNull(fromAvro, "fromAvro");
    }

    @Override
    public Serializer<T> serializer() {
        Serializer<A> records = avro.serializer();
        return (topic, value) -> {
            if (value == null) {
                return null;
            }
            A record;
            try {
                record = toAvro.apply(value);
            } catch (RuntimeException e) {
                throw new SerializationException("Cannot write " + type + " for topic '" + topic + "' as Avro: " + e, e);
            }
            try {
                return records.serialize(topic, record);
            } catch (SerializationException e) {
                throw new SerializationException("Cannot write " + type + ": " + e.getMessage(), e);
            }
        };
    }

    @Override
    public Deserializer<T> deserializer() {
        Deserializer<A> records = avro.deserializer();
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            A record;
            try {
                record = records.deserialize(topic, bytes);
            } catch (SerializationException e) {
                throw new SerializationException("Cannot read " + type + ": " + e.getMessage(), e);
            }
            try {
                return fromAvro.apply(record);
            } catch (RuntimeException e) {
                throw new SerializationException("Cannot read " + type + " from topic '" + topic + "': its stored "
                        + record.getSchema().getFullName() + " does not map to one: " + e, e);
            }
        };
    }
}
