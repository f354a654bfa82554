package io.fedstream.serde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaPairCompatibility;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/** Writes Avro records (specific or generic) in the Confluent wire format, finding the schema id in a registry. */
public final class AvroSerializer<T extends GenericContainer> implements Serializer<T> {

    private static final int NO_FRAME = -1;

    private record SubjectSchema(String subject, Schema schema) {
    }

    private record LatestTarget(RegisteredSchema latest, long expiresAtNanos) {
    }

    private static final ThreadLocal<WriteBuffer> WRITE_BUFFERS = ThreadLocal.withInitial(WriteBuffer::new);

    private final SchemaRegistry registry;
    private final AvroSerdeConfig config;
    private final GenericData model;
    private final LongSupplier nanoTime;
    // Avro's datum writers hold no per-write state, so one per schema serves every stream thread.
    private final Map<Schema, DatumWriter<Object>> writers = new ConcurrentHashMap<>();
    private final Map<SubjectSchema, LatestTarget> latestTargets = new ConcurrentHashMap<>();

    /** {@code model} is the class's {@code SpecificData} for generated classes (it knows their logical types). */
    AvroSerializer(SchemaRegistry registry, AvroSerdeConfig config, GenericData model, LongSupplier nanoTime) {
        this.registry = registry;
        this.config = config;
        this.model = model;
        this.nanoTime = nanoTime;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        // Configured at construction by AvroSerdes: Kafka Streams does not configure serdes passed to Consumed/Produced.
    }

    @Override
    public byte[] serialize(String topic, T data) {
        if (data == null) {
            return null;
        }
        Schema schema = data.getSchema();
        String subject = subjectName(topic, schema);
        if (config.useLatestVersion()) {
            RegisteredSchema latest = latestAccepting(subject, schema);
            if (!latest.schema().equals(schema)) {
                Object resolved = resolve(data, schema, latest.schema(), topic);
                return write(resolved, latest.schema(), GenericData.get(), topic, latest.id());
            }
            return write(data, schema, model, topic, latest.id());
        }
        return write(data, schema, model, topic, registeredId(subject, schema));
    }

    /**
     * Asks the registry now what the first {@link #serialize} of a {@code schema} record to {@code topic} would ask it
     * (register, look up, or check against the subject's latest version), and returns the id it would write with; the
     * registry's cache keeps the answer. It throws what that {@code serialize} would throw.
     */
    public int prepare(String topic, Schema schema) {
        String subject = subjectName(topic, schema);
        return config.useLatestVersion() ? latestAccepting(subject, schema).id() : registeredId(subject, schema);
    }

    /**
     * Makes together, in as few round trips as the registry allows, the registrations that {@link #prepare} would make
     * for each topic and its schema; nothing when this serializer only looks schemas up ({@code auto.register.schemas}
     * false, or {@code use.latest.version}). A registry's refusal is left to {@code prepare}, which meets it again and
     * names the topic it concerns; a registry that does not answer is said at once, not waited for again topic by topic.
     */
    public void registerTogether(Map<String, Schema> schemasByTopic) {
        if (!config.autoRegisterSchemas() || config.useLatestVersion()) {
            return;
        }
        try {
            Map<String, Schema> schemasBySubject = new LinkedHashMap<>();
            schemasByTopic.forEach((topic, schema) -> schemasBySubject.put(subjectName(topic, schema), schema));
            registry.registerAll(schemasBySubject);
        } catch (SchemaRegistryException e) {
            if (e.isTransient()) {
                throw e;
            }
            // Refused: prepare, topic by topic, says which topic and why.
        } catch (SerializationException noSubject) {
            // prepare, topic by topic, says which topic and why.
        }
    }

    private int registeredId(String subject, Schema schema) {
        return config.autoRegisterSchemas() ? registry.register(subject, schema) : lookupRegistered(subject, schema);
    }

    private String subjectName(String topic, Schema schema) {
        try {
            return config.subjectNameStrategy().subjectName(topic, config.isKey(), schema);
        } catch (IllegalArgumentException e) {
            throw new SerializationException("No subject for topic '" + topic + "' with "
                    + config.subjectNameStrategy() + ": " + e.getMessage(), e);
        }
    }

    private int lookupRegistered(String subject, Schema schema) {
        try {
            return registry.lookup(subject, schema);
        } catch (SchemaRegistryException e) {
            if (e.httpStatus() == 404) {
                throw new SerializationException("Schema " + schema.getFullName() + " is not registered under subject '"
                        + subject + "' and auto.register.schemas is false: register it first (" + e.getMessage() + ")", e);
            }
            throw e;
        }
    }

    private RegisteredSchema latestAccepting(String subject, Schema schema) {
        SubjectSchema key = new SubjectSchema(subject, schema);
        long now = nanoTime.getAsLong();
        LatestTarget cached = latestTargets.get(key);
        if (cached != null && now - cached.expiresAtNanos() < 0) {
            return cached.latest();
        }
        RegisteredSchema latest = registry.latestVersion(subject);
        if (!latest.schema().equals(schema)) {
            SchemaPairCompatibility compatibility =
                    SchemaCompatibility.checkReaderWriterCompatibility(latest.schema(), schema);
            if (compatibility.getType() != SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
                throw new SerializationException("use.latest.version: version " + latest.version() + " (id "
                        + latest.id() + ") of subject '" + subject + "' cannot read records written with "
                        + schema.getFullName() + ": " + compatibility.getResult().getIncompatibilities().stream()
                                .map(i -> i.getType() + " at " + i.getLocation())
                                .collect(Collectors.joining("; ")));
            }
        }
        latestTargets.put(key, new LatestTarget(latest, now + config.latestTtl().toNanos()));
        return latest;
    }

    // The bytes must be decodable with the latest schema as writer schema, so the record is resolved into it first;
    // writing the record directly with the latest schema would pick fields by position and corrupt it.
    private Object resolve(T data, Schema own, Schema latest, String topic) {
        byte[] ownBytes = write(data, own, model, topic, NO_FRAME);
        try {
            return new GenericDatumReader<>(own, latest, GenericData.get())
                    .read(null, DecoderFactory.get().binaryDecoder(ownBytes, null));
        } catch (IOException | AvroRuntimeException e) {
            throw new SerializationException("Cannot convert " + own.getFullName() + " to the latest schema of topic '"
                    + topic + "': " + e.getMessage(), e);
        }
    }

    /** Encodes {@code datum}, framed with {@code id} unless it is {@link #NO_FRAME}. */
    private byte[] write(Object datum, Schema schema, GenericData data, String topic, int id) {
        DatumWriter<Object> writer = data == model ? writers.computeIfAbsent(schema, this::newWriter)
                : new GenericDatumWriter<>(schema, data);
        WriteBuffer buffer = WRITE_BUFFERS.get();
        ByteArrayOutputStream out = buffer.bytes;
        out.reset();
        if (id != NO_FRAME) {
            out.write(WireFormat.MAGIC_BYTE);
            out.writeBytes(ByteBuffer.allocate(4).putInt(id).array());
        }
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, buffer.encoder);
        buffer.encoder = encoder;
        try {
            writer.write(datum, encoder);
            encoder.flush();
        } catch (IOException | RuntimeException e) {
            // The encoder may still hold bytes of the failed record, which it would hand to the next one.
            WRITE_BUFFERS.remove();
            throw new SerializationException("Cannot serialize " + schema.getFullName() + " for topic '" + topic + "'"
                    + (id != NO_FRAME ? " with schema id " + id : "") + ": " + e, e);
        }
        byte[] bytes = out.toByteArray();
        if (bytes.length > WriteBuffer.KEPT_BYTES) {
            WRITE_BUFFERS.remove();
        }
        return bytes;
    }

    /**
     * A thread's output buffer, kept from record to record with the buffered encoder that fills it. A fresh 128-byte
     * buffer grew by copies to the size of each binding, and the direct encoder wrote it byte by byte: 6-10% of the
     * workload stream thread in a profile of 100,000 workloads (docs/benchmarks.md).
     */
    private static final class WriteBuffer {
        /** A buffer grown past this by one large record is not kept. */
        static final int KEPT_BYTES = 1 << 20;

        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(8 * 1024);
        BinaryEncoder encoder;
    }

    private DatumWriter<Object> newWriter(Schema schema) {
        return model instanceof SpecificData specific ? new SpecificDatumWriter<>(schema, specific)
                : new GenericDatumWriter<>(schema, model);
    }
}
