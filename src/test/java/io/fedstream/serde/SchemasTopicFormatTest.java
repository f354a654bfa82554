package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SchemasTopicFormatTest {

    @Test
    void aRecordReadsBackAsWritten() {
        SchemaRecord record = new SchemaRecord("pings-value", 2, 7, PING_V2);

        assertThat(SchemasTopicFormat.read(SchemasTopicFormat.key(record), SchemasTopicFormat.value(record))).contains(record);
    }

    @Test
    void racingRecordsForOneVersionHaveDifferentKeysSoCompactionKeepsBoth() {
        String first = text(SchemasTopicFormat.key(new SchemaRecord("pings-value", 2, 2, PING)));
        String second = text(SchemasTopicFormat.key(new SchemaRecord("pings-value", 2, 2, PING_V2)));

        assertThat(first).startsWith("{\"keytype\":\"SCHEMA\",\"subject\":\"pings-value\",\"version\":2,\"magic\":1,\"id\":2,");
        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void readsTheValuesConfluentsRegistryWrites() {
        String key = "{\"keytype\":\"SCHEMA\",\"subject\":\"pings-value\",\"version\":1,\"magic\":1}";
        String value = "{\"subject\":\"pings-value\",\"version\":1,\"id\":1,\"schema\":" + quoted(PING.toString()) + ",\"deleted\":false}";

        assertThat(SchemasTopicFormat.read(bytes(key), bytes(value))).contains(new SchemaRecord("pings-value", 1, 1, PING));
    }

    @Test
    void otherKeyTypesTombstonesDeletionsAndOtherSchemaTypesHoldNoRegistration() {
        String schemaKey = "{\"keytype\":\"SCHEMA\",\"subject\":\"s\",\"version\":1,\"magic\":1}";
        assertThat(SchemasTopicFormat.read(bytes("{\"keytype\":\"NOOP\",\"magic\":0}"), bytes("{}"))).isEmpty();
        assertThat(SchemasTopicFormat.read(bytes(schemaKey), null)).isEmpty();
        assertThat(SchemasTopicFormat.read(bytes(schemaKey), bytes("{\"subject\":\"s\",\"version\":1,\"id\":1,\"schema\":\"x\","
                + "\"deleted\":true}"))).isEmpty();
        assertThat(SchemasTopicFormat.read(bytes(schemaKey), bytes("{\"subject\":\"s\",\"version\":1,\"id\":1,\"schema\":\"x\","
                + "\"schemaType\":\"PROTOBUF\"}"))).isEmpty();
    }

    @Test
    void aMalformedSchemaRecordNamesItsField() {
        byte[] key = bytes("{\"keytype\":\"SCHEMA\",\"subject\":\"s\",\"version\":1,\"magic\":1}");

        assertThatThrownBy(() -> SchemasTopicFormat.read(key, bytes("{\"subject\":\"s\",\"version\":0,\"id\":1,\"schema\":\"x\"}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("version: must be a positive integer (value: 0)");
        assertThatThrownBy(() -> SchemasTopicFormat.read(key, bytes("{\"subject\":\"s\",\"version\":1,\"id\":1,\"schema\":\"{\"}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("schema: not an Avro schema: ");
        assertThatThrownBy(() -> SchemasTopicFormat.read(key, bytes("[1]")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("value: not a JSON object");
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
