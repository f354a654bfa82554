package io.fedstream.serde;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * JSON for a stage's private bookkeeping records (state store values never read outside one stage); the topics'
 * contracts stay Avro. Unknown fields are ignored so that a record may grow a field without a migration.
 */
public final class JsonRecordSerde<T> implements Serde<T> {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Class<T> type;

    public JsonRecordSerde(Class<T> type) {
        this.type = type;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> {
            if (value == null) {
                return null;
            }
            try {
                return JSON.writeValueAsBytes(value);
            } catch (IOException e) {
                throw new SerializationException("cannot write " + type.getSimpleName() + " as JSON: " + e.getMessage(), e);
            }
        };
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try {
                return JSON.readValue(bytes, type);
            } catch (IOException e) {
                throw new SerializationException("cannot read " + type.getSimpleName() + " from JSON: " + e.getMessage(), e);
            }
        };
    }
}
