package io.fedstream.serde;

import java.util.Map;
import org.apache.avro.generic.GenericContainer;
import org.apache.kafka.common.serialization.Serde;

/** Pairs an {@link AvroSerializer} and an {@link AvroDeserializer} of the same type for Kafka Streams. */
public final class AvroSerde<T extends GenericContainer> implements Serde<T> {

    private final AvroSerializer<T> serializer;
    private final AvroDeserializer<T> deserializer;

    AvroSerde(AvroSerializer<T> serializer, AvroDeserializer<T> deserializer) {
        this.serializer = serializer;
        this.deserializer = deserializer;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        // Configured at construction: see AvroSerdes.
    }

    @Override
    public AvroSerializer<T> serializer() {
        return serializer;
    }

    @Override
    public AvroDeserializer<T> deserializer() {
        return deserializer;
    }
}
