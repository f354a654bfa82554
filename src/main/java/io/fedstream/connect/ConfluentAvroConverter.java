package io.fedstream.connect;

import io.fedstream.serde.AvroDatum;
import io.fedstream.serde.AvroDeserializer;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.AvroSerializer;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.SchemaRegistryException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.ConverterConfig;
import org.apache.kafka.connect.storage.ConverterType;

/**
 * A Kafka Connect converter for the Confluent wire format (magic byte 0, schema id, Avro binary) that reads schemas
 * from any registry speaking the Confluent REST API with fedstream's own client: records become Connect structs,
 * so sinks such as Debezium's JDBC sink can store fedstream's topics as rows.
 */
public final class ConfluentAvroConverter implements Converter {

    private AvroDeserializer<Object> deserializer;
    private AvroSerializer<GenericRecord> serializer;
    private final AvroToConnect avroToConnect = new AvroToConnect();
    private final ConnectToAvro connectToAvro = new ConnectToAvro();

    @Override
    public ConfigDef config() {
        return ConfluentAvroConverterConfig.configDef();
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        Map<String, Object> withType = new HashMap<>(configs);
        withType.put(ConverterConfig.TYPE_CONFIG, (isKey ? ConverterType.KEY : ConverterType.VALUE).getName());
        ConfluentAvroConverterConfig config = new ConfluentAvroConverterConfig(withType);
        ConfluentRegistryClient registry = config.registryClient();
        AvroSerdes serdes = new AvroSerdes(registry, config.serdeConfig(isKey));
        this.deserializer = serdes.genericDatumDeserializer();
        this.serializer = serdes.generic(isKey).serializer();
    }

    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
        AvroDatum<Object> datum;
        try {
            datum = deserializer().decode(topic, value);
        } catch (SerializationException | SchemaRegistryException e) {
            throw failure("Cannot read a record of topic '" + topic + "' in the Confluent Avro format", e);
        }
        if (datum == null) {
            return SchemaAndValue.NULL;
        }
        Schema schema = avroToConnect.schema(datum.schema());
        return new SchemaAndValue(schema, avroToConnect.value(datum.schema(), datum.value()));
    }

    @Override
    public byte[] fromConnectData(String topic, Schema schema, Object value) {
        if (value == null) {
            return null;
        }
        if (schema == null || schema.type() != Schema.Type.STRUCT) {
            throw new DataException("Topic '" + topic + "': this converter writes Connect structs with a schema as Avro"
                    + " records; got " + (schema == null ? "no schema" : "a schema of type " + schema.type()));
        }
        GenericRecord record = (GenericRecord) connectToAvro.value(schema, value);
        try {
            return serializer().serialize(topic, record);
        } catch (SerializationException | SchemaRegistryException e) {
            throw failure("Cannot write a record to topic '" + topic + "' in the Confluent Avro format", e);
        }
    }

    // A registry that does not answer, or answers 5xx, may come back: Connect retries a RetriableException
    // (errors.retry.timeout) and fails the task on a DataException.
    private static ConnectException failure(String what, RuntimeException e) {
        Throwable cause = e;
        while (cause != null && !(cause instanceof SchemaRegistryException)) {
            cause = cause.getCause();
        }
        if (cause instanceof SchemaRegistryException registry && registry.isTransient()) {
            return new RetriableException(what + ": " + e.getMessage(), e);
        }
        return new DataException(what + ": " + e.getMessage(), e);
    }

    private AvroDeserializer<Object> deserializer() {
        if (deserializer == null) {
            throw new IllegalStateException("ConfluentAvroConverter used before configure()");
        }
        return deserializer;
    }

    private AvroSerializer<GenericRecord> serializer() {
        if (serializer == null) {
            throw new IllegalStateException("ConfluentAvroConverter used before configure()");
        }
        return serializer;
    }
}
