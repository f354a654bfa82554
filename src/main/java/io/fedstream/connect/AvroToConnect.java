package io.fedstream.connect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Translates Avro schemas and generic Avro values into Kafka Connect schemas and values: a record becomes a
 * {@link Struct}, a union with null an optional schema, an enum a string that remembers its symbols.
 */
final class AvroToConnect {

    /** Parameter of a string schema that was an Avro enum: the enum's full name. */
    static final String ENUM_NAME = "fedstream.avro.enum";
    /** Parameter of a string schema that was an Avro enum: its symbols, comma-separated, in order. */
    static final String ENUM_SYMBOLS = "fedstream.avro.enum.symbols";
    /** Name of the struct a union of several non-null branches becomes: one optional field per branch. */
    static final String UNION_NAME = "io.fedstream.connect.Union";
    private static final String DECIMAL_PRECISION = "connect.decimal.precision";
    private static final long MILLIS_PER_DAY = TimeUnit.DAYS.toMillis(1);

    private final Map<org.apache.avro.Schema, Schema> schemas = new ConcurrentHashMap<>();

    /** The Connect schema of an Avro schema; cached, since a topic's records share a handful of schemas. */
    Schema schema(org.apache.avro.Schema avro) {
        Schema cached = schemas.get(avro);
        if (cached == null) {
            cached = build(avro, false, new HashSet<>(), avro.getName());
            schemas.putIfAbsent(avro, cached);
        }
        return cached;
    }

    /** The Connect value of {@code value}, a generic Avro datum of schema {@code avro}, for {@code schema(avro)}. */
    Object value(org.apache.avro.Schema avro, Object value) {
        return convert(schema(avro), avro, value, avro.getName());
    }

    private Schema build(org.apache.avro.Schema avro, boolean optional, Set<String> enclosing, String path) {
        if (avro.getType() == org.apache.avro.Schema.Type.UNION) {
            List<org.apache.avro.Schema> branches = nonNullBranches(avro);
            boolean nullable = optional || branches.size() < avro.getTypes().size();
            if (branches.size() == 1) {
                return build(branches.get(0), nullable, enclosing, path);
            }
            SchemaBuilder union = union(branches, enclosing, path);
            return nullable ? union.optional().build() : union.build();
        }
        SchemaBuilder builder = switch (avro.getType()) {
            case UNION -> throw new IllegalStateException("unions are built above");
            case RECORD -> record(avro, enclosing, path);
            case ENUM -> SchemaBuilder.string()
                    .parameter(ENUM_NAME, avro.getFullName())
                    .parameter(ENUM_SYMBOLS, String.join(",", avro.getEnumSymbols()));
            case ARRAY -> SchemaBuilder.array(build(avro.getElementType(), false, enclosing, path + "[]"));
            case MAP -> SchemaBuilder.map(Schema.STRING_SCHEMA, build(avro.getValueType(), false, enclosing, path + "{}"));
            case STRING -> SchemaBuilder.string();
            case BYTES, FIXED -> avro.getLogicalType() instanceof LogicalTypes.Decimal decimal
                    ? Decimal.builder(decimal.getScale()).parameter(DECIMAL_PRECISION, Integer.toString(decimal.getPrecision()))
                    : SchemaBuilder.bytes();
            case INT -> intBuilder(avro.getLogicalType());
            case LONG -> avro.getLogicalType() instanceof LogicalTypes.TimestampMillis ? Timestamp.builder() : SchemaBuilder.int64();
            case FLOAT -> SchemaBuilder.float32();
            case DOUBLE -> SchemaBuilder.float64();
            case BOOLEAN -> SchemaBuilder.bool();
            case NULL -> throw new DataException("Field '" + path + "' has Avro type null, which Connect cannot represent");
        };
        return optional ? builder.optional().build() : builder.build();
    }

    private SchemaBuilder intBuilder(LogicalType logicalType) {
        if (logicalType instanceof LogicalTypes.Date) {
            return Date.builder();
        }
        if (logicalType instanceof LogicalTypes.TimeMillis) {
            return Time.builder();
        }
        return SchemaBuilder.int32();
    }

    private SchemaBuilder record(org.apache.avro.Schema avro, Set<String> enclosing, String path) {
        if (!enclosing.add(avro.getFullName())) {
            throw new DataException("Field '" + path + "' is of recursive record type " + avro.getFullName()
                    + ", which a Connect schema cannot represent");
        }
        SchemaBuilder struct = SchemaBuilder.struct().name(avro.getFullName());
        if (avro.getDoc() != null) {
            struct.doc(avro.getDoc());
        }
        for (org.apache.avro.Schema.Field field : avro.getFields()) {
            struct.field(field.name(), fieldSchema(field, enclosing, path + "." + field.name()));
        }
        enclosing.remove(avro.getFullName());
        return struct;
    }

    private Schema fieldSchema(org.apache.avro.Schema.Field field, Set<String> enclosing, String path) {
        org.apache.avro.Schema avro = field.schema();
        Schema bare = build(avro, false, enclosing, path);
        if (!field.hasDefaultValue() || bare.type() == Schema.Type.STRUCT) {
            return bare;
        }
        Object avroDefault = GenericData.get().getDefaultValue(field);
        if (avroDefault == null) {
            return bare;
        }
        // A builder must be copied to take a default; Connect checks the default against the schema.
        SchemaBuilder withDefault = copy(bare).defaultValue(convert(bare, avro, avroDefault, path));
        return withDefault.build();
    }

    private static SchemaBuilder copy(Schema schema) {
        SchemaBuilder builder = switch (schema.type()) {
            case ARRAY -> SchemaBuilder.array(schema.valueSchema());
            case MAP -> SchemaBuilder.map(schema.keySchema(), schema.valueSchema());
            default -> SchemaBuilder.type(schema.type());
        };
        builder.name(schema.name()).version(schema.version()).doc(schema.doc());
        if (schema.parameters() != null) {
            builder.parameters(schema.parameters());
        }
        return schema.isOptional() ? builder.optional() : builder;
    }

    private SchemaBuilder union(List<org.apache.avro.Schema> branches, Set<String> enclosing, String path) {
        SchemaBuilder struct = SchemaBuilder.struct().name(UNION_NAME);
        for (org.apache.avro.Schema branch : branches) {
            String name = branchName(branch);
            struct.field(name, build(branch, true, enclosing, path + "<" + name + ">"));
        }
        return struct;
    }

    private Object convert(Schema schema, org.apache.avro.Schema avro, Object value, String path) {
        if (value == null) {
            if (!schema.isOptional()) {
                throw new DataException("Field '" + path + "' is null, but its schema " + avro + " does not allow null");
            }
            return null;
        }
        try {
            return switch (avro.getType()) {
                case UNION -> unionValue(schema, avro, value, path);
                case RECORD -> struct(schema, avro, (IndexedRecord) value, path);
                case ENUM, STRING -> value.toString();
                case ARRAY -> list(schema, avro, (Collection<?>) value, path);
                case MAP -> map(schema, avro, (Map<?, ?>) value, path);
                case BYTES -> bytesValue(schema, bytes((ByteBuffer) value));
                case FIXED -> bytesValue(schema, ((GenericFixed) value).bytes().clone());
                case INT -> intValue(schema, value);
                case LONG -> Timestamp.LOGICAL_NAME.equals(schema.name()) ? timestamp(value) : value;
                case FLOAT, DOUBLE, BOOLEAN -> value;
                case NULL -> null;
            };
        } catch (ClassCastException e) {
            throw new DataException("Field '" + path + "' holds a " + value.getClass().getName() + " where its schema "
                    + avro + " expects another type", e);
        }
    }

    private Object unionValue(Schema schema, org.apache.avro.Schema avro, Object value, String path) {
        org.apache.avro.Schema branch = avro.getTypes().get(GenericData.get().resolveUnion(avro, value));
        if (schema.type() != Schema.Type.STRUCT || !UNION_NAME.equals(schema.name())) {
            return convert(schema, branch, value, path);
        }
        Struct union = new Struct(schema);
        String name = branchName(branch);
        union.put(name, convert(schema.field(name).schema(), branch, value, path + "<" + name + ">"));
        return union;
    }

    private Struct struct(Schema schema, org.apache.avro.Schema avro, IndexedRecord record, String path) {
        Struct struct = new Struct(schema);
        for (org.apache.avro.Schema.Field field : avro.getFields()) {
            Field target = schema.field(field.name());
            struct.put(target, convert(target.schema(), field.schema(), record.get(field.pos()), path + "." + field.name()));
        }
        return struct;
    }

    private List<Object> list(Schema schema, org.apache.avro.Schema avro, Collection<?> values, String path) {
        List<Object> list = new ArrayList<>(values.size());
        int i = 0;
        for (Object element : values) {
            list.add(convert(schema.valueSchema(), avro.getElementType(), element, path + "[" + i++ + "]"));
        }
        return list;
    }

    private Map<String, Object> map(Schema schema, org.apache.avro.Schema avro, Map<?, ?> values, String path) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : values.entrySet()) {
            String key = entry.getKey().toString();
            map.put(key, convert(schema.valueSchema(), avro.getValueType(), entry.getValue(), path + "{" + key + "}"));
        }
        return map;
    }

    private static Object bytesValue(Schema schema, byte[] bytes) {
        if (Decimal.LOGICAL_NAME.equals(schema.name())) {
            return new BigDecimal(new BigInteger(bytes), Integer.parseInt(schema.parameters().get(Decimal.SCALE_FIELD)));
        }
        return bytes;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    // Generic Avro data holds logical types as their underlying ints and longs; a model with conversions would
    // hand over java.time values instead, so both are accepted.
    private static Object intValue(Schema schema, Object value) {
        if (Date.LOGICAL_NAME.equals(schema.name())) {
            long days = value instanceof LocalDate date ? date.toEpochDay() : ((Integer) value).longValue();
            return new java.util.Date(days * MILLIS_PER_DAY);
        }
        if (Time.LOGICAL_NAME.equals(schema.name())) {
            long millis = value instanceof LocalTime time ? time.toNanoOfDay() / 1_000_000 : ((Integer) value).longValue();
            return new java.util.Date(millis);
        }
        return value;
    }

    private static java.util.Date timestamp(Object value) {
        return new java.util.Date(value instanceof Instant instant ? instant.toEpochMilli() : (Long) value);
    }

    private static List<org.apache.avro.Schema> nonNullBranches(org.apache.avro.Schema union) {
        return union.getTypes().stream().filter(t -> t.getType() != org.apache.avro.Schema.Type.NULL).toList();
    }

    /** A union branch's field name: a named type's full name with '.' as '_', else the type's name. */
    static String branchName(org.apache.avro.Schema branch) {
        return switch (branch.getType()) {
            case RECORD, ENUM, FIXED -> branch.getFullName().replace('.', '_');
            default -> branch.getType().getName();
        };
    }
}
