package io.fedstream.serde;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads Confluent-framed Avro records: the writer schema comes from the registry by id; a specific deserializer
 * resolves it to its generated class's schema, a generic one returns records in the writer schema.
 */
public final class AvroDeserializer<T> implements Deserializer<T> {

    private final SchemaRegistry registry;
    private final Schema readerSchema;
    private final GenericData model;
    // One reader per writer id: Avro readers keep their resolving decoders per thread, so they may be shared.
    private final Map<Integer, SchemaReader<T>> readers = new ConcurrentHashMap<>();

    /** A datum reader and the schema its values are in. */
    private record SchemaReader<T>(Schema schema, DatumReader<T> reader) {
    }

    /** {@code readerSchema} null means generic: read with the writer schema. */
    AvroDeserializer(SchemaRegistry registry, Schema readerSchema, GenericData model) {
        this.registry = registry;
        this.readerSchema = readerSchema;
        this.model = model;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        // Configured at construction by AvroSerdes: Kafka Streams does not configure serdes passed to Consumed/Produced.
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        AvroDatum<T> datum = decode(topic, data);
        return datum == null ? null : datum.value();
    }

    /** Like {@link #deserialize}, and also says which schema the value is in; null for null data. */
    public AvroDatum<T> decode(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        int id = WireFormat.schemaId(topic, data);
        SchemaReader<T> reader = readers.get(id);
        if (reader == null) {
            Schema writerSchema = registry.getById(id);
            reader = new SchemaReader<>(readerSchema != null ? readerSchema : writerSchema, newReader(writerSchema));
            readers.putIfAbsent(id, reader);
        }
        try {
            T value = reader.reader().read(null, DecoderFactory.get().binaryDecoder(data, WireFormat.HEADER_SIZE,
                    data.length - WireFormat.HEADER_SIZE, null));
            return new AvroDatum<>(id, reader.schema(), value);
        } catch (IOException | RuntimeException e) {
            throw new SerializationException("Cannot deserialize a record from topic '" + topic + "' with schema id " + id
                    + (readerSchema != null ? " into " + readerSchema.getFullName() : "") + ": " + e, e);
        }
    }

    private DatumReader<T> newReader(Schema writerSchema) {
        if (readerSchema == null) {
            return new GenericDatumReader<>(writerSchema, writerSchema, model);
        }
        try {
            return new SpecificDatumReader<>(writerSchema, readerSchema, (SpecificData) model);
        } catch (AvroRuntimeException e) {
            throw new SerializationException("Cannot read " + writerSchema.getFullName() + " as "
                    + readerSchema.getFullName() + ": " + e.getMessage(), e);
        }
    }
}
