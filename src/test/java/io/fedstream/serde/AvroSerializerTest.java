package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_BREAKING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static io.fedstream.serde.TestSchemas.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.WorkloadEvent;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroSerializerTest {

    private final InProcessSchemaRegistry inProcess = new InProcessSchemaRegistry();
    private final CountingSchemaRegistry registry = new CountingSchemaRegistry(inProcess);
    private final AtomicLong nanos = new AtomicLong();

    private AvroSerdes serdes(AvroSerdeConfig config) {
        return new AvroSerdes(registry, config, nanos::get);
    }

    private static GenericRecord ping(Schema schema, int n, String s) {
        GenericData.Record record = new GenericData.Record(schema);
        record.put("n", n);
        record.put("s", s);
        return record;
    }

    @Test
    void writesMagicByteBigEndianIdAndAvroBinary() {
        byte[] bytes = serdes(AvroSerdeConfig.defaults()).generic(false).serializer().serialize("pings", ping(PING, 1, "ab"));

        // 0x00, id 1 as int32, zig-zag varint 1 = 0x02, string length 2 = 0x04, 'a', 'b'
        assertThat(bytes).containsExactly(0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x04, 0x61, 0x62);
        assertThat(inProcess.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(1, 1, PING));
    }

    @Test
    void theSchemaIdIsBigEndian() {
        SchemaRegistry fixedId = new CountingSchemaRegistry(inProcess) {
            @Override
            public int register(String subject, Schema schema) {
                return 0x01020304;
            }
        };
        byte[] bytes = new AvroSerdes(fixedId, AvroSerdeConfig.defaults()).generic(false).serializer()
                .serialize("pings", ping(PING, -1, ""));

        assertThat(bytes).containsExactly(0x00, 0x01, 0x02, 0x03, 0x04, 0x01, 0x00);
    }

    @Test
    void specificRecordsRoundTripUnderTheTopicValueSubject() {
        AvroSerde<WorkloadEvent> serde = serdes(AvroSerdeConfig.defaults()).specific(WorkloadEvent.class, false);
        WorkloadEvent event = TestSchemas.workloadEvent("orders");

        byte[] bytes = serde.serializer().serialize(TOPIC, event);

        assertThat(bytes).startsWith(0x00, 0x00, 0x00, 0x00, 0x01);
        assertThat(serde.deserializer().deserialize(TOPIC, bytes)).isEqualTo(event);
        assertThat(inProcess.lookup("fedstream.workloads-value", WorkloadEvent.getClassSchema())).isEqualTo(1);
    }

    @Test
    void keySerdesAndRecordStrategiesChooseTheirSubjects() {
        WorkloadEvent event = TestSchemas.workloadEvent("orders");
        serdes(AvroSerdeConfig.defaults()).specific(WorkloadEvent.class, true).serializer().serialize(TOPIC, event);
        serdes(AvroSerdeConfig.defaults().withSubjectNameStrategy(SubjectNameStrategy.RECORD_NAME))
                .specific(WorkloadEvent.class, false).serializer().serialize(TOPIC, event);
        serdes(AvroSerdeConfig.defaults().withSubjectNameStrategy(SubjectNameStrategy.TOPIC_RECORD_NAME))
                .specific(WorkloadEvent.class, false).serializer().serialize(TOPIC, event);

        Schema schema = WorkloadEvent.getClassSchema();
        assertThat(inProcess.lookup("fedstream.workloads-key", schema)).isEqualTo(1);
        assertThat(inProcess.lookup("io.fedstream.avro.WorkloadEvent", schema)).isEqualTo(1);
        assertThat(inProcess.lookup("fedstream.workloads-io.fedstream.avro.WorkloadEvent", schema)).isEqualTo(1);
    }

    @Test
    void nullStaysNullWithoutAskingTheRegistry() {
        AvroSerde<WorkloadEvent> serde = serdes(AvroSerdeConfig.defaults()).specific(WorkloadEvent.class, false);

        assertThat(serde.serializer().serialize(TOPIC, null)).isNull();
        assertThat(serde.deserializer().deserialize(TOPIC, null)).isNull();
        assertThat(registry.total()).isZero();
    }

    @Test
    void withoutAutoRegistrationAnUnregisteredSchemaIsAClearError() {
        AvroSerde<WorkloadEvent> serde = serdes(AvroSerdeConfig.defaults().withAutoRegisterSchemas(false))
                .specific(WorkloadEvent.class, false);

        assertThatThrownBy(() -> serde.serializer().serialize(TOPIC, TestSchemas.workloadEvent("orders")))
                .isInstanceOf(SerializationException.class)
                .hasMessage("Schema io.fedstream.avro.WorkloadEvent is not registered under subject"
                        + " 'fedstream.workloads-value' and auto.register.schemas is false: register it first"
                        + " (Subject 'fedstream.workloads-value' not found in the in-process registry)")
                .hasCauseInstanceOf(SchemaRegistryException.class);
        assertThat(registry.registers).hasValue(0);
    }

    @Test
    void withoutAutoRegistrationARegisteredSchemaIsLookedUp() {
        inProcess.register("other-value", PING);
        inProcess.register("fedstream.workloads-value", WorkloadEvent.getClassSchema());
        AvroSerde<WorkloadEvent> serde = serdes(AvroSerdeConfig.defaults().withAutoRegisterSchemas(false))
                .specific(WorkloadEvent.class, false);

        byte[] bytes = serde.serializer().serialize(TOPIC, TestSchemas.workloadEvent("orders"));

        assertThat(bytes).startsWith(0x00, 0x00, 0x00, 0x00, 0x02);
        assertThat(registry.lookups).hasValue(1);
        assertThat(registry.registers).hasValue(0);
    }

    @Test
    void useLatestVersionWritesTheLatestIdAndResolvesOlderRecordsIntoIt() {
        inProcess.register("pings-value", PING);
        inProcess.register("pings-value", PING_V2);
        AvroSerde<GenericRecord> serde = serdes(AvroSerdeConfig.defaults().withUseLatestVersion(true, Duration.ofSeconds(5)))
                .generic(false);

        byte[] bytes = serde.serializer().serialize("pings", ping(PING, 1, "ab"));

        // Written as PING_V2 (id 2): the default "eu" is filled in, 0x04 'e' 'u'.
        assertThat(bytes).containsExactly(0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x04, 0x61, 0x62, 0x04, 0x65, 0x75);
        GenericRecord read = serde.deserializer().deserialize("pings", bytes);
        assertThat(read.getSchema()).isEqualTo(PING_V2);
        assertThat(read.get("zone")).hasToString("eu");
        assertThat(registry.registers).hasValue(0);
    }

    @Test
    void useLatestVersionIsCachedForItsTimeToLive() {
        inProcess.register("pings-value", PING);
        AvroSerde<GenericRecord> serde = serdes(AvroSerdeConfig.defaults().withUseLatestVersion(true, Duration.ofSeconds(5)))
                .generic(false);

        serde.serializer().serialize("pings", ping(PING, 1, "a"));
        nanos.set(Duration.ofMillis(4_999).toNanos());
        serde.serializer().serialize("pings", ping(PING, 2, "b"));
        assertThat(registry.latests).hasValue(1);

        inProcess.register("pings-value", PING_V2);
        nanos.set(Duration.ofSeconds(5).toNanos());
        byte[] bytes = serde.serializer().serialize("pings", ping(PING, 3, "c"));
        assertThat(registry.latests).hasValue(2);
        assertThat(bytes).startsWith(0x00, 0x00, 0x00, 0x00, 0x02);
    }

    @Test
    void useLatestVersionRefusesALatestSchemaThatCannotReadTheRecord() {
        inProcess.register("pings-value", PING_BREAKING);
        AvroSerde<GenericRecord> serde = serdes(AvroSerdeConfig.defaults().withUseLatestVersion(true, Duration.ofSeconds(5)))
                .generic(false);

        assertThatThrownBy(() -> serde.serializer().serialize("pings", ping(PING, 1, "a")))
                .isInstanceOf(SerializationException.class)
                .hasMessage("use.latest.version: version 1 (id 1) of subject 'pings-value' cannot read records written"
                        + " with io.fedstream.test.Ping: READER_FIELD_MISSING_DEFAULT_VALUE at /fields/2");
    }

    @Test
    void anInvalidRecordNamesTopicSchemaAndId() {
        AvroSerde<GenericRecord> serde = serdes(AvroSerdeConfig.defaults()).generic(false);
        GenericRecord missingField = new GenericData.Record(PING);
        missingField.put("n", 1);

        assertThatThrownBy(() -> serde.serializer().serialize("pings", missingField))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Cannot serialize io.fedstream.test.Ping for topic 'pings' with schema id 1: ");
    }

    @Test
    void aRecordThatFailsHalfWrittenLeavesNothingOfItInTheNextRecordsBytes() {
        AvroSerde<GenericRecord> serde = serdes(AvroSerdeConfig.defaults()).generic(false);
        GenericRecord missingField = new GenericData.Record(PING);
        missingField.put("n", 1);
        assertThatThrownBy(() -> serde.serializer().serialize("pings", missingField)).isInstanceOf(SerializationException.class);

        byte[] bytes = serde.serializer().serialize("pings", ping(PING, 1, "ab"));

        assertThat(bytes).as("the thread's reused buffer and encoder start clean").containsExactly(0x00, 0x00, 0x00, 0x00, 0x01, 0x02,
                0x04, 0x61, 0x62);
    }

    @Test
    void autoRegistrationAndUseLatestVersionTogetherAreRefused() {
        assertThatThrownBy(() -> new AvroSerdeConfig(SubjectNameStrategy.TOPIC_NAME, true, true, Duration.ZERO, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("use.latest.version=true needs auto.register.schemas=false: a serializer cannot do both");
    }
}
