package io.fedstream.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/**
 * The JSON records of a registry's {@code _schemas} topic. Values are Confluent's ({@code subject}, {@code version},
 * {@code id}, {@code schema}, {@code deleted}), so a topic Confluent's registry wrote reads too. Keys are Confluent's
 * ({@code keytype} SCHEMA, {@code subject}, {@code version}, {@code magic}) plus the id and a fingerprint of the schema:
 * two processes that race for one version write different keys, so compaction never drops the record that won.
 */
final class SchemasTopicFormat {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemasTopicFormat() {}

    static byte[] key(SchemaRecord record) {
        return bytes(JSON.createObjectNode()
                .put("keytype", "SCHEMA")
                .put("subject", record.subject())
                .put("version", record.version())
                .put("magic", 1)
                .put("id", record.id())
                .put("fingerprint", fingerprint(record.schema())));
    }

    static byte[] value(SchemaRecord record) {
        return bytes(JSON.createObjectNode()
                .put("subject", record.subject())
                .put("version", record.version())
                .put("id", record.id())
                .put("schema", record.schema().toString())
                .put("deleted", false));
    }

    /**
     * The registration a record holds; empty for the records of other key types (NOOP, CONFIG, ...), tombstones,
     * deletions and schemas other than Avro.
     *
     * @throws IllegalArgumentException naming the field when a SCHEMA record is malformed
     */
    static Optional<SchemaRecord> read(byte[] key, byte[] value) {
        if (key == null || value == null || !"SCHEMA".equals(tree(key, "key").path("keytype").asText())) {
            return Optional.empty();
        }
        JsonNode node = tree(value, "value");
        if (node.path("deleted").asBoolean(false) || !node.path("schemaType").asText("AVRO").equals("AVRO")) {
            return Optional.empty();
        }
        String subject = text(node, "subject");
        int version = number(node, "version");
        int id = number(node, "id");
        try {
            return Optional.of(new SchemaRecord(subject, version, id, new Schema.Parser().parse(text(node, "schema"))));
        } catch (SchemaParseException e) {
            throw new IllegalArgumentException("schema: not an Avro schema: " + e.getMessage(), e);
        }
    }

    private static JsonNode tree(byte[] bytes, String what) {
        try {
            JsonNode node = JSON.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(what + ": not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new IllegalArgumentException(what + ": not JSON: " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isEmpty()) {
            throw new IllegalArgumentException(field + ": must be a non-empty string (value: " + value + ")");
        }
        return value.asText();
    }

    private static int number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.canConvertToInt() || !value.isIntegralNumber() || value.asInt() < 1) {
            throw new IllegalArgumentException(field + ": must be a positive integer (value: " + value + ")");
        }
        return value.asInt();
    }

    private static String fingerprint(Schema schema) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(schema.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }
}
