package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.TOPIC;
import static io.fedstream.serde.TestSchemas.WORKLOAD_EVENT_V1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import java.time.Instant;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroDeserializerTest {

    private final InProcessSchemaRegistry inProcess = new InProcessSchemaRegistry();
    private final CountingSchemaRegistry registry = new CountingSchemaRegistry(inProcess);
    private final AvroSerdes serdes = new AvroSerdes(registry, AvroSerdeConfig.defaults());
    private final AvroDeserializer<WorkloadEvent> deserializer =
            serdes.specific(WorkloadEvent.class, false).deserializer();

    @Test
    void decodeSaysWhichSchemaAndIdTheValueIsIn() {
        byte[] bytes = serdes.specific(WorkloadEvent.class, false).serializer()
                .serialize(TOPIC, TestSchemas.workloadEvent("orders"));
        int id = inProcess.lookup(TOPIC + "-value", WorkloadEvent.getClassSchema());

        AvroDatum<Object> generic = serdes.genericDatumDeserializer().decode(TOPIC, bytes);
        AvroDatum<WorkloadEvent> specific = deserializer.decode(TOPIC, bytes);

        assertThat(generic.schemaId()).isEqualTo(id);
        assertThat(generic.schema()).isEqualTo(WorkloadEvent.getClassSchema());
        assertThat(((GenericRecord) generic.value()).get("source").toString()).isEqualTo("ci");
        assertThat(specific).isEqualTo(new AvroDatum<>(id, WorkloadEvent.getClassSchema(), TestSchemas.workloadEvent("orders")));
        assertThat(deserializer.decode(TOPIC, null)).isNull();
    }

    @Test
    void aWrongMagicByteNamesTheTopicAndShowsTheFirstBytes() {
        byte[] json = "{\"op\":1}".getBytes();

        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, json))
                .isInstanceOf(SerializationException.class)
                .hasMessage("Record from topic 'fedstream.workloads' starts with magic byte 0x7b, expected 0x00"
                        + " (Confluent wire format); first bytes: 7b 22 6f 70 22 3a 31 7d");
        assertThat(registry.total()).isZero();
    }

    @Test
    void aTooShortRecordNamesTheTopicAndShowsItsBytes() {
        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, new byte[] {0, 0, 1}))
                .isInstanceOf(SerializationException.class)
                .hasMessage("Record from topic 'fedstream.workloads' has 3 bytes, too short for the Confluent wire format"
                        + " (magic byte 0 and a 4-byte schema id); first bytes: 00 00 01");
        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, new byte[0]))
                .hasMessageEndingWith("first bytes: (none)");
    }

    @Test
    void anUnknownIdIsTheRegistrysError() {
        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, new byte[] {0, 0, 0, 0, 99, 2}))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                })
                .hasMessage("Schema id 99 not found in the in-process registry");
    }

    @Test
    void aTruncatedBodyNamesTopicIdAndTargetClass() {
        byte[] bytes = serdes.specific(WorkloadEvent.class, false).serializer()
                .serialize(TOPIC, TestSchemas.workloadEvent("orders"));
        byte[] truncated = java.util.Arrays.copyOf(bytes, 12);

        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, truncated))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Cannot deserialize a record from topic 'fedstream.workloads' with schema id 1"
                        + " into io.fedstream.avro.WorkloadEvent: ");
    }

    @Test
    void recordsWrittenWithAnOlderSchemaAreReadIntoTheCurrentClass() {
        GenericRecord old = new GenericData.Record(WORKLOAD_EVENT_V1);
        old.put("op", new GenericData.EnumSymbol(WORKLOAD_EVENT_V1.getField("op").schema(), "DELETE"));
        old.put("manifest", "{\"kind\":\"RayJob\"}");
        old.put("observedAt", 1_764_000_000_123L);
        byte[] bytes = serdes.generic(false).serializer().serialize(TOPIC, old);

        WorkloadEvent read = deserializer.deserialize(TOPIC, bytes);

        assertThat(read).isEqualTo(WorkloadEvent.newBuilder()
                .setOp(Op.DELETE)
                .setManifest("{\"kind\":\"RayJob\"}")
                .setPlacement(null)
                .setObservedAt(Instant.ofEpochMilli(1_764_000_000_123L))
                .setSource(null)
                .build());
        assertThat(inProcess.latestVersion("fedstream.workloads-value").schema()).isEqualTo(WORKLOAD_EVENT_V1);
    }

    @Test
    void theNewClassSchemaIsABackwardCompatibleSuccessorUnderTheSameSubject() {
        serdes.generic(false).serializer().serialize(TOPIC, oldEvent());
        byte[] bytes = serdes.specific(WorkloadEvent.class, false).serializer()
                .serialize(TOPIC, TestSchemas.workloadEvent("orders"));

        assertThat(bytes).startsWith(0x00, 0x00, 0x00, 0x00, 0x02);
        assertThat(inProcess.latestVersion("fedstream.workloads-value").version()).isEqualTo(2);
    }

    @Test
    void genericReadsUseTheWriterSchemaAndWriterSchemasAreFetchedOncePerId() {
        AvroDeserializer<GenericRecord> generic = new AvroSerdes(registry, AvroSerdeConfig.defaults())
                .generic(false).deserializer();
        byte[] bytes = serdes.specific(WorkloadEvent.class, false).serializer()
                .serialize(TOPIC, TestSchemas.workloadEvent("orders"));

        GenericRecord first = generic.deserialize(TOPIC, bytes);
        generic.deserialize(TOPIC, bytes);
        deserializer.deserialize(TOPIC, bytes);

        assertThat(first.getSchema()).isEqualTo(WorkloadEvent.getClassSchema());
        assertThat(first.get("observedAt")).isEqualTo(1_764_000_000_123L);
        assertThat(first.get("source")).hasToString("ci");
        assertThat(registry.getByIds).hasValue(2);
    }

    private static GenericRecord oldEvent() {
        GenericRecord old = new GenericData.Record(WORKLOAD_EVENT_V1);
        old.put("op", new GenericData.EnumSymbol(WORKLOAD_EVENT_V1.getField("op").schema(), "UPSERT"));
        old.put("observedAt", 1L);
        return old;
    }
}
