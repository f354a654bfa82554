package io.fedstream.connect;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Translates Connect schemas and values into Avro schemas and generic values, the reverse of {@link AvroToConnect}:
 * what that class made of an Avro record (enums and multi-branch unions included) comes back as the same Avro types.
 */
final class ConnectToAvro {

    private static final String DEFAULT_NAMESPACE = "io.fedstream.connect";
    private static final String DEFAULT_RECORD_NAME = "ConnectRecord";
    private static final String DECIMAL_PRECISION = "connect.decimal.precision";
    private static final int DEFAULT_DECIMAL_PRECISION = 64;
    private static final long MILLIS_PER_DAY = TimeUnit.DAYS.toMillis(1);

    private final Map<Schema, org.apache.avro.Schema> schemas = new ConcurrentHashMap<>();

    /** The Avro schema of a Connect schema; cached per Connect schema. */
    org.apache.avro.Schema schema(Schema connect) {
        org.apache.avro.Schema cached = schemas.get(connect);
        if (cached == null) {
            cached = build(connect, new HashMap<>(), rootPath(connect));
            schemas.putIfAbsent(connect, cached);
        }
        return cached;
    }

    /** The generic Avro datum of {@code value}, a Connect value of {@code connect}, for {@code schema(connect)}. */
    Object value(Schema connect, Object value) {
        return convert(connect, schema(connect), value, rootPath(connect));
    }

    private static String rootPath(Schema connect) {
        return connect.name() != null ? connect.name() : DEFAULT_RECORD_NAME;
    }

    private org.apache.avro.Schema build(Schema connect, Map<String, org.apache.avro.Schema> named, String path) {
        org.apache.avro.Schema bare = switch (connect.type()) {
            case STRUCT -> AvroToConnect.UNION_NAME.equals(connect.name()) ? union(connect, named, path)
                    : record(connect, named, path);
            case STRING -> connect.parameters() != null && connect.parameters().containsKey(AvroToConnect.ENUM_NAME)
                    ? enumSchema(connect, named) : org.apache.avro.Schema.create(org.apache.avro.Schema.Type.STRING);
            case INT8, INT16 -> org.apache.avro.Schema.create(org.apache.avro.Schema.Type.INT);
            case INT32 -> intSchema(connect);
            case INT64 -> Timestamp.LOGICAL_NAME.equals(connect.name())
                    ? LogicalTypes.timestampMillis().addToSchema(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.LONG))
                    : org.apache.avro.Schema.create(org.apache.avro.Schema.Type.LONG);
            case FLOAT32 -> org.apache.avro.Schema.create(org.apache.avro.Schema.Type.FLOAT);
            case FLOAT64 -> org.apache.avro.Schema.create(org.apache.avro.Schema.Type.DOUBLE);
            case BOOLEAN -> org.apache.avro.Schema.create(org.apache.avro.Schema.Type.BOOLEAN);
            case BYTES -> Decimal.LOGICAL_NAME.equals(connect.name()) ? decimalSchema(connect)
                    : org.apache.avro.Schema.create(org.apache.avro.Schema.Type.BYTES);
            case ARRAY -> org.apache.avro.Schema.createArray(build(connect.valueSchema(), named, path + "[]"));
            case MAP -> {
                if (connect.keySchema().type() != Schema.Type.STRING) {
                    throw new DataException("Field '" + path + "' is a map with " + connect.keySchema().type()
                            + " keys; Avro maps have string keys only");
                }
                yield org.apache.avro.Schema.createMap(build(connect.valueSchema(), named, path + "{}"));
            }
        };
        if (!connect.isOptional() || bare.getType() == org.apache.avro.Schema.Type.UNION) {
            return bare;
        }
        return org.apache.avro.Schema.createUnion(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.NULL), bare);
    }

    private org.apache.avro.Schema record(Schema connect, Map<String, org.apache.avro.Schema> named, String path) {
        String fullName = avroName(connect.name() != null ? connect.name() : DEFAULT_NAMESPACE + "." + path.replace('.', '_'));
        org.apache.avro.Schema known = named.get(fullName);
        if (known != null) {
            return known;
        }
        int dot = fullName.lastIndexOf('.');
        org.apache.avro.Schema record = org.apache.avro.Schema.createRecord(fullName.substring(dot + 1), connect.doc(),
                dot < 0 ? null : fullName.substring(0, dot), false);
        named.put(fullName, record);
        List<org.apache.avro.Schema.Field> fields = new ArrayList<>();
        for (Field field : connect.fields()) {
            org.apache.avro.Schema fieldSchema = build(field.schema(), named, path + "." + field.name());
            fields.add(new org.apache.avro.Schema.Field(field.name(), fieldSchema, field.schema().doc(),
                    defaultOf(field.schema())));
        }
        record.setFields(fields);
        return record;
    }

    // Avro defaults are JSON-like values; an optional field defaults to null, which must then be the union's
    // first branch, as build() puts it.
    private static Object defaultOf(Schema connect) {
        if (connect.isOptional()) {
            return JsonProperties.NULL_VALUE;
        }
        Object value = connect.defaultValue();
        if (value == null) {
            return null;
        }
        return switch (connect.type()) {
            case INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN -> value instanceof java.util.Date date
                    ? (Object) date.getTime() : value;
            case STRING -> value;
            case ARRAY -> ((List<?>) value).isEmpty() ? List.of() : null;
            case MAP -> ((Map<?, ?>) value).isEmpty() ? Map.of() : null;
            default -> null;
        };
    }

    private org.apache.avro.Schema union(Schema connect, Map<String, org.apache.avro.Schema> named, String path) {
        List<org.apache.avro.Schema> branches = new ArrayList<>();
        if (connect.isOptional()) {
            branches.add(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.NULL));
        }
        for (Field field : connect.fields()) {
            org.apache.avro.Schema branch = build(field.schema(), named, path + "<" + field.name() + ">");
            branches.add(branch.isUnion() ? nonNull(branch) : branch);
        }
        return org.apache.avro.Schema.createUnion(branches);
    }

    private static org.apache.avro.Schema enumSchema(Schema connect, Map<String, org.apache.avro.Schema> named) {
        String fullName = connect.parameters().get(AvroToConnect.ENUM_NAME);
        org.apache.avro.Schema known = named.get(fullName);
        if (known != null) {
            return known;
        }
        int dot = fullName.lastIndexOf('.');
        String symbols = connect.parameters().getOrDefault(AvroToConnect.ENUM_SYMBOLS, "");
        org.apache.avro.Schema enumSchema = org.apache.avro.Schema.createEnum(fullName.substring(dot + 1), null,
                dot < 0 ? null : fullName.substring(0, dot), Arrays.asList(symbols.split(",")));
        named.put(fullName, enumSchema);
        return enumSchema;
    }

    private static org.apache.avro.Schema intSchema(Schema connect) {
        org.apache.avro.Schema schema = org.apache.avro.Schema.create(org.apache.avro.Schema.Type.INT);
        if (Date.LOGICAL_NAME.equals(connect.name())) {
            return LogicalTypes.date().addToSchema(schema);
        }
        if (Time.LOGICAL_NAME.equals(connect.name())) {
            return LogicalTypes.timeMillis().addToSchema(schema);
        }
        return schema;
    }

    private static org.apache.avro.Schema decimalSchema(Schema connect) {
        int scale = Integer.parseInt(connect.parameters().get(Decimal.SCALE_FIELD));
        String precision = connect.parameters().get(DECIMAL_PRECISION);
        return LogicalTypes.decimal(precision == null ? DEFAULT_DECIMAL_PRECISION : Integer.parseInt(precision), scale)
                .addToSchema(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.BYTES));
    }

    private Object convert(Schema connect, org.apache.avro.Schema avro, Object value, String path) {
        if (value == null) {
            if (!connect.isOptional()) {
                throw new DataException("Field '" + path + "' is null, but its Connect schema is not optional");
            }
            return null;
        }
        org.apache.avro.Schema target = avro.isUnion() && !AvroToConnect.UNION_NAME.equals(connect.name())
                ? nonNull(avro) : avro;
        try {
            return switch (connect.type()) {
                case STRUCT -> AvroToConnect.UNION_NAME.equals(connect.name()) ? unionValue(connect, target, (Struct) value, path)
                        : record(connect, target, (Struct) value, path);
                case STRING -> target.getType() == org.apache.avro.Schema.Type.ENUM ? symbol(target, (String) value, path) : value;
                case INT8, INT16 -> ((Number) value).intValue();
                case INT32 -> intValue(connect, value);
                case INT64 -> value instanceof java.util.Date date ? date.getTime() : value;
                case FLOAT32, FLOAT64, BOOLEAN -> value;
                case BYTES -> bytes(connect, target, value);
                case ARRAY -> list(connect, target, (List<?>) value, path);
                case MAP -> map(connect, target, (Map<?, ?>) value, path);
            };
        } catch (ClassCastException e) {
            throw new DataException("Field '" + path + "' holds a " + value.getClass().getName()
                    + " where its Connect schema of type " + connect.type() + " expects another type", e);
        }
    }

    private GenericData.Record record(Schema connect, org.apache.avro.Schema avro, Struct struct, String path) {
        GenericData.Record record = new GenericData.Record(avro);
        for (Field field : connect.fields()) {
            record.put(field.name(), convert(field.schema(), avro.getField(field.name()).schema(), struct.get(field),
                    path + "." + field.name()));
        }
        return record;
    }

    private Object unionValue(Schema connect, org.apache.avro.Schema avro, Struct union, String path) {
        List<org.apache.avro.Schema> branches = avro.getTypes().stream()
                .filter(t -> t.getType() != org.apache.avro.Schema.Type.NULL).toList();
        for (int i = 0; i < connect.fields().size(); i++) {
            Field field = connect.fields().get(i);
            Object branchValue = union.get(field);
            if (branchValue != null) {
                return convert(field.schema(), branches.get(i), branchValue, path + "<" + field.name() + ">");
            }
        }
        if (!connect.isOptional()) {
            throw new DataException("Field '" + path + "' is a union with no branch set, and null is not allowed");
        }
        return null;
    }

    private static GenericData.EnumSymbol symbol(org.apache.avro.Schema avro, String symbol, String path) {
        if (!avro.hasEnumSymbol(symbol)) {
            throw new DataException("Field '" + path + "' holds '" + symbol + "', which is not a symbol of "
                    + avro.getFullName() + " " + avro.getEnumSymbols());
        }
        return new GenericData.EnumSymbol(avro, symbol);
    }

    private static Object intValue(Schema connect, Object value) {
        if (Date.LOGICAL_NAME.equals(connect.name())) {
            return (int) Math.floorDiv(((java.util.Date) value).getTime(), MILLIS_PER_DAY);
        }
        if (Time.LOGICAL_NAME.equals(connect.name())) {
            return (int) ((java.util.Date) value).getTime();
        }
        return value;
    }

    private static ByteBuffer bytes(Schema connect, org.apache.avro.Schema avro, Object value) {
        if (Decimal.LOGICAL_NAME.equals(connect.name())) {
            int scale = ((LogicalTypes.Decimal) avro.getLogicalType()).getScale();
            return ByteBuffer.wrap(((BigDecimal) value).setScale(scale, RoundingMode.UNNECESSARY).unscaledValue().toByteArray());
        }
        return value instanceof ByteBuffer buffer ? buffer.duplicate() : ByteBuffer.wrap((byte[]) value);
    }

    private List<Object> list(Schema connect, org.apache.avro.Schema avro, List<?> values, String path) {
        List<Object> list = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            list.add(convert(connect.valueSchema(), avro.getElementType(), values.get(i), path + "[" + i + "]"));
        }
        return list;
    }

    private Map<String, Object> map(Schema connect, org.apache.avro.Schema avro, Map<?, ?> values, String path) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : values.entrySet()) {
            String key = (String) entry.getKey();
            map.put(key, convert(connect.valueSchema(), avro.getValueType(), entry.getValue(), path + "{" + key + "}"));
        }
        return map;
    }

    private static org.apache.avro.Schema nonNull(org.apache.avro.Schema union) {
        List<org.apache.avro.Schema> branches = union.getTypes().stream()
                .filter(t -> t.getType() != org.apache.avro.Schema.Type.NULL).toList();
        return branches.size() == 1 ? branches.get(0) : org.apache.avro.Schema.createUnion(branches);
    }

    /** A Connect schema name as an Avro full name: every character Avro does not allow in a name becomes '_'. */
    private static String avroName(String connectName) {
        StringBuilder name = new StringBuilder(connectName.length());
        for (String part : connectName.split("\\.", -1)) {
            String clean = part.replaceAll("[^A-Za-z0-9_]", "_");
            if (clean.isEmpty() || Character.isDigit(clean.charAt(0))) {
                clean = "_" + clean;
            }
            name.append(name.length() == 0 ? "" : ".").append(clean);
        }
        return name.toString();
    }
}
