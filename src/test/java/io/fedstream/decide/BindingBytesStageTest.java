package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * The place-and-fail-over task keeps each binding in the bytes it arrived in on fedstream.bindings (no second
 * serialization), reads it back from them, and dead-letters a binding it cannot decode as the deserialization handler
 * does for every other topic.
 */
class BindingBytesStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String BINDINGS_TOPIC = "fedstream.bindings";

    @Test
    void aBindingWrittenInANewerSchemaIsStoredInItsOwnBytesAndReadFromThem() {
        fleet = new FleetDriver(stateDir).deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.<byte[]>store(PlaceFailoverStores.BINDINGS).get(WEB)).as("the admit stage's record, as written")
                .isEqualTo(fleet.bindingBytes.get(WEB));
        fleet.changelog(PlaceFailoverStores.BINDINGS);
        // Decoded and encoded again, these bytes would lose the field and the schema id: only a copy keeps them.
        byte[] newer = inNewerSchema(fleet.bindings.get(WEB));

        fleet.bindingRecord(WEB, newer);

        assertThat(fleet.<byte[]>store(PlaceFailoverStores.BINDINGS).get(WEB)).isEqualTo(newer);
        assertThat(fleet.changelog(PlaceFailoverStores.BINDINGS)).singleElement()
                .satisfies(entry -> assertThat(entry.value()).isEqualTo(newer));

        fleet.cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(6));

        assertThat(fleet.placement(WEB)).as("the waiting workload's retry read the stored bytes").isEqualTo("dc-1");
        assertThat(fleet.<byte[]>store(PlaceFailoverStores.BINDINGS).get(WEB)).isEqualTo(fleet.bindingBytes.get(WEB));
    }

    @Test
    void aBindingThatCannotBeDecodedIsOneDeadLetterWithTheDeserializationHandlersHeadersAndTheTaskCarriesOn() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        byte[] garbage = "{not avro}".getBytes(StandardCharsets.UTF_8);

        fleet.bindingRecord(WEB, garbage);

        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo(WEB);
            assertThat(letter.value()).isEqualTo(garbage);
            assertThat(headers(letter)).containsExactly(
                    Map.entry("stage", "deserialize"),
                    Map.entry("reason", "Record from topic '" + BINDINGS_TOPIC + "' starts with magic byte 0x7b, expected 0x00"
                            + " (Confluent wire format); first bytes: 7b 6e 6f 74 20 61 76 72 ..."),
                    Map.entry("topic", BINDINGS_TOPIC),
                    Map.entry("partition", "0"),
                    Map.entry("offset", "0"));
        });
        assertThat(fleet.<Object>store(PlaceFailoverStores.BINDINGS).get(WEB)).isNull();

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(3));

        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.deadLetters).hasSize(1);
    }

    /** The binding's bytes in its schema with one more optional field, set, as a newer version of fedstream would write them. */
    private byte[] inNewerSchema(ResourceBinding binding) {
        Schema current = ResourceBinding.getClassSchema();
        List<Schema.Field> fields = new ArrayList<>();
        current.getFields().forEach(field -> fields.add(new Schema.Field(field, field.schema())));
        fields.add(new Schema.Field("note", Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)),
                "a field a newer version added", Schema.Field.NULL_DEFAULT_VALUE));
        Schema newer = Schema.createRecord(current.getName(), current.getDoc(), current.getNamespace(), false, fields);
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
            new SpecificDatumWriter<>(ResourceBinding.class).write(binding, encoder);
            encoder.flush();
            GenericRecord record = new GenericDatumReader<GenericRecord>(current, newer)
                    .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
            record.put("note", "written by a newer version");
            return new AvroSerdes(fleet.registry(), AvroSerdeConfig.defaults()).generic(false).serializer().serialize(BINDINGS_TOPIC, record);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> headers(TestRecord<String, byte[]> record) {
        Map<String, String> out = new LinkedHashMap<>();
        Headers headers = record.headers();
        headers.forEach(header -> out.put(header.key(), new String(header.value(), StandardCharsets.UTF_8)));
        return out;
    }
}
