package io.fedstream.serde;

import java.util.function.LongSupplier;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;

/** Builds Avro serdes that share one registry and one configuration; the composition root holds one. */
public final class AvroSerdes {

    private final SchemaRegistry registry;
    private final AvroSerdeConfig config;
    private final LongSupplier nanoTime;

    public AvroSerdes(SchemaRegistry registry, AvroSerdeConfig config) {
        this(registry, config, System::nanoTime);
    }

    AvroSerdes(SchemaRegistry registry, AvroSerdeConfig config, LongSupplier nanoTime) {
        this.registry = registry;
        this.config = config;
        this.nanoTime = nanoTime;
    }

    /** A serde for a generated class: it writes the class's schema and reads any writer schema into the class. */
    public <T extends SpecificRecord> AvroSerde<T> specific(Class<T> type, boolean isKey) {
        SpecificData model = SpecificData.getForClass(type);
        // The generated classes write themselves field by field (customEncode), the same bytes as Avro's generic writer,
        // which walks the schema and looks each field up for every record. The model is the class's own (MODEL$).
        model.setCustomCoders(true);
        Schema readerSchema = model.getSchema(type);
        return new AvroSerde<>(new AvroSerializer<>(registry, config.withKey(isKey), model, nanoTime),
                new AvroDeserializer<>(registry, readerSchema, model));
    }

    /** A serde for {@link GenericRecord}s: it writes each record's own schema and reads records in the writer schema. */
    public AvroSerde<GenericRecord> generic(boolean isKey) {
        GenericData model = GenericData.get();
        return new AvroSerde<>(new AvroSerializer<>(registry, config.withKey(isKey), model, nanoTime),
                new AvroDeserializer<>(registry, null, model));
    }

    /**
     * A deserializer of any Avro value, not only records, in its writer schema: records as {@link GenericRecord},
     * strings as {@code Utf8}, enums as {@code GenericEnumSymbol}; {@link AvroDeserializer#decode} gives the schema.
     */
    public AvroDeserializer<Object> genericDatumDeserializer() {
        return new AvroDeserializer<>(registry, null, GenericData.get());
    }

    public SchemaRegistry registry() {
        return registry;
    }
}
