package io.fedstream.serde;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Maps Avro records to and from natural JSON, field by field: unions are plain values or null, enums are
 * symbols, timestamps are ISO-8601 strings (epoch millis accepted), bytes are base64, and a string field
 * may be given as a JSON object (a manifest), which is stored as its JSON text.
 */
public final class AvroJson {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private AvroJson() {}

    /** Builds a generated record from JSON; the exception names the path of the first bad field. */
    public static <T extends SpecificRecord> T toSpecific(JsonNode json, Class<T> type) {
        Schema schema = SpecificData.get().getSchema(type);
        GenericRecord generic = (GenericRecord) fromJson(json, schema, "value");
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
            new GenericDatumWriter<GenericRecord>(schema).write(generic, encoder);
            encoder.flush();
            return new SpecificDatumReader<>(type)
                    .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Renders a generated record as JSON. */
    public static ObjectNode toJson(SpecificRecord record) {
        Schema schema = record.getSchema();
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
            @SuppressWarnings("unchecked")
            SpecificDatumWriter<SpecificRecord> writer = new SpecificDatumWriter<>((Class<SpecificRecord>) record.getClass());
            writer.write(record, encoder);
            encoder.flush();
            GenericRecord generic = new GenericDatumReader<GenericRecord>(schema)
                    .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
            return (ObjectNode) toJson(generic, schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Renders a generic Avro datum of the given schema as JSON. */
    public static JsonNode toJson(Object datum, Schema schema) {
        return switch (schema.getType()) {
            case NULL -> NODES.nullNode();
            case RECORD -> {
                ObjectNode object = NODES.objectNode();
                GenericRecord record = (GenericRecord) datum;
                for (Schema.Field field : schema.getFields()) {
                    object.set(field.name(), toJson(record.get(field.pos()), field.schema()));
                }
                yield object;
            }
            case UNION -> datum == null
                    ? NODES.nullNode()
                    : toJson(datum, schema.getTypes().get(GenericData.get().resolveUnion(schema, datum)));
            case ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                for (Object item : (List<?>) datum) {
                    array.add(toJson(item, schema.getElementType()));
                }
                yield array;
            }
            case MAP -> {
                ObjectNode object = NODES.objectNode();
                new java.util.TreeMap<>((Map<?, ?>) datum)
                        .forEach((k, v) -> object.set(k.toString(), toJson(v, schema.getValueType())));
                yield object;
            }
            case LONG -> isTimestamp(schema)
                    ? NODES.textNode(Instant.ofEpochMilli((Long) datum).toString())
                    : NODES.numberNode((Long) datum);
            case INT -> NODES.numberNode((Integer) datum);
            case FLOAT -> NODES.numberNode((Float) datum);
            case DOUBLE -> NODES.numberNode((Double) datum);
            case BOOLEAN -> NODES.booleanNode((Boolean) datum);
            case BYTES -> NODES.textNode(Base64.getEncoder().encodeToString(toArray((ByteBuffer) datum)));
            case FIXED -> NODES.textNode(Base64.getEncoder().encodeToString(((GenericData.Fixed) datum).bytes()));
            case STRING, ENUM -> NODES.textNode(datum.toString());
        };
    }

    /** Builds a generic Avro datum of the given schema from JSON; {@code path} names the value in errors. */
    public static Object fromJson(JsonNode json, Schema schema, String path) {
        switch (schema.getType()) {
            case RECORD:
                return record(json, schema, path);
            case UNION:
                return union(json, schema, path);
            case NULL:
                expect(json == null || json.isNull(), path, "null", json);
                return null;
            case STRING:
                expect(json != null && !json.isNull() && !json.isNumber() && !json.isBoolean(), path, "a string", json);
                return json.isTextual() ? json.textValue() : json.toString();
            case ENUM:
                expect(json != null && json.isTextual() && schema.getEnumSymbols().contains(json.textValue()),
                        path, "one of " + schema.getEnumSymbols(), json);
                return new GenericData.EnumSymbol(schema, json.textValue());
            case LONG:
                return isTimestamp(schema) ? timestamp(json, path) : integral(json, path, true);
            case INT:
                return (int) (long) integral(json, path, false);
            case DOUBLE:
                expect(json != null && json.isNumber(), path, "a number", json);
                return json.doubleValue();
            case FLOAT:
                expect(json != null && json.isNumber(), path, "a number", json);
                return json.floatValue();
            case BOOLEAN:
                expect(json != null && json.isBoolean(), path, "true or false", json);
                return json.booleanValue();
            case BYTES:
                return ByteBuffer.wrap(base64(json, path));
            case ARRAY:
                expect(json != null && json.isArray(), path, "an array", json);
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < json.size(); i++) {
                    items.add(fromJson(json.get(i), schema.getElementType(), path + "[" + i + "]"));
                }
                return items;
            case MAP:
                expect(json != null && json.isObject(), path, "an object", json);
                Map<String, Object> map = new LinkedHashMap<>();
                json.fields().forEachRemaining(e ->
                        map.put(e.getKey(), fromJson(e.getValue(), schema.getValueType(), path + "." + e.getKey())));
                return map;
            default:
                throw new AvroJsonException(path + ": Avro type " + schema.getType() + " is not supported in JSON input");
        }
    }

    private static GenericRecord record(JsonNode json, Schema schema, String path) {
        expect(json != null && json.isObject(), path, "an object (" + schema.getName() + ")", json);
        GenericRecord record = new GenericData.Record(schema);
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (schema.getField(name) == null) {
                throw new AvroJsonException(path + "." + name + ": unknown field of " + schema.getName()
                        + "; known fields: " + schema.getFields().stream().map(Schema.Field::name).toList());
            }
        }
        for (Schema.Field field : schema.getFields()) {
            JsonNode value = json.get(field.name());
            if (value != null) {
                record.put(field.pos(), fromJson(value, field.schema(), path + "." + field.name()));
            } else if (field.hasDefaultValue()) {
                record.put(field.pos(), GenericData.get().deepCopy(field.schema(), GenericData.get().getDefaultValue(field)));
            } else {
                throw new AvroJsonException(path + "." + field.name() + ": required field of " + schema.getName() + " is missing");
            }
        }
        return record;
    }

    private static Object union(JsonNode json, Schema schema, String path) {
        if (json == null || json.isNull()) {
            expect(schema.getTypes().stream().anyMatch(t -> t.getType() == Schema.Type.NULL), path, "a value", json);
            return null;
        }
        AvroJsonException first = null;
        for (Schema branch : schema.getTypes()) {
            if (branch.getType() == Schema.Type.NULL) {
                continue;
            }
            try {
                return fromJson(json, branch, path);
            } catch (AvroJsonException e) {
                first = first == null ? e : first;
            }
        }
        throw first;
    }

    private static long timestamp(JsonNode json, String path) {
        if (json != null && json.isTextual()) {
            try {
                return Instant.parse(json.textValue()).toEpochMilli();
            } catch (DateTimeParseException e) {
                throw new AvroJsonException(path + ": expected an ISO-8601 instant such as 2026-01-01T00:00:00Z or epoch millis, got " + json);
            }
        }
        return integral(json, path, true);
    }

    private static long integral(JsonNode json, String path, boolean isLong) {
        expect(json != null && json.isIntegralNumber() && (isLong ? json.canConvertToLong() : json.canConvertToInt()),
                path, isLong ? "a whole number (long)" : "a whole number (int)", json);
        return json.longValue();
    }

    private static byte[] base64(JsonNode json, String path) {
        expect(json != null && json.isTextual(), path, "base64 text", json);
        try {
            return Base64.getDecoder().decode(json.textValue());
        } catch (IllegalArgumentException e) {
            throw new AvroJsonException(path + ": expected base64 text, got " + json + " (" + e.getMessage() + ")");
        }
    }

    private static boolean isTimestamp(Schema schema) {
        return schema.getLogicalType() instanceof LogicalTypes.TimestampMillis;
    }

    private static byte[] toArray(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static void expect(boolean ok, String path, String expected, JsonNode actual) {
        if (!ok) {
            throw new AvroJsonException(path + ": expected " + expected + ", got " + (actual == null ? "nothing" : actual));
        }
    }

    /** Parses JSON text (for callers that hold text rather than a tree). */
    public static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new AvroJsonException("not valid JSON: " + e.getOriginalMessage());
        }
    }
}
