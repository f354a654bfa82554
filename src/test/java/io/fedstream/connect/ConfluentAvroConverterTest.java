package io.fedstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema.Parser;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ConfluentAvroConverterTest {

    private static final String TOPIC = "fedstream.audit";
    private static final Instant T0 = Instant.parse("2026-12-01T12:00:00.123Z");

    private final InProcessSchemaRegistry registry = new InProcessSchemaRegistry();
    private final AvroSerdes serdes = new AvroSerdes(registry, AvroSerdeConfig.defaults());
    private RegistryHttpServer server;
    private ConfluentAvroConverter converter;

    @BeforeEach
    void start() throws Exception {
        server = RegistryHttpServer.start(registry, InetAddress.getLoopbackAddress(), 0);
        converter = new ConfluentAvroConverter();
        converter.configure(Map.of(ConfluentAvroConverterConfig.SCHEMA_REGISTRY_URL, server.url()), false);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anAuditEventBecomesAFlatStructWithATimestamp() {
        AuditEvent event = AuditEvent.newBuilder().setDecisionId("admit-0-7-0").setDecidedAt(T0).setStage("admit")
                .setDecision("REJECTED").setWorkloadKey("apps/Deployment/team-a/web").setNamespace("team-a")
                .setResource("requests.cpu").setHard("4").setUsed("3").setRequested("2")
                .setSourceTopic("fedstream.workloads").setSourcePartition(2).setSourceOffset(7L).build();

        SchemaAndValue connect = converter.toConnectData(TOPIC, serdes.specific(AuditEvent.class, false).serializer()
                .serialize(TOPIC, event));

        Schema schema = connect.schema();
        assertThat(schema.type()).isEqualTo(Schema.Type.STRUCT);
        assertThat(schema.name()).isEqualTo("io.fedstream.avro.AuditEvent");
        assertThat(schema.fields()).extracting(f -> f.name()).containsExactly("decisionId", "decidedAt", "stage",
                "decision", "workloadKey", "namespace", "kind", "cluster", "targetCluster", "quota", "resource", "hard",
                "used", "requested", "incidentId", "reason", "details", "sourceTopic", "sourcePartition", "sourceOffset");
        assertThat(schema.field("decisionId").schema()).isEqualTo(Schema.STRING_SCHEMA);
        assertThat(schema.field("decidedAt").schema()).isEqualTo(Timestamp.SCHEMA);
        assertThat(schema.field("workloadKey").schema()).isEqualTo(Schema.OPTIONAL_STRING_SCHEMA);
        assertThat(schema.field("sourcePartition").schema()).isEqualTo(Schema.OPTIONAL_INT32_SCHEMA);
        assertThat(schema.field("sourceOffset").schema()).isEqualTo(Schema.OPTIONAL_INT64_SCHEMA);

        Struct struct = (Struct) connect.value();
        assertThat(struct.get("decisionId")).isEqualTo("admit-0-7-0");
        assertThat(struct.get("decidedAt")).isEqualTo(java.util.Date.from(T0));
        assertThat(struct.get("decision")).isEqualTo("REJECTED");
        assertThat(struct.get("resource")).isEqualTo("requests.cpu");
        assertThat(struct.get("cluster")).isNull();
        assertThat(struct.get("sourcePartition")).isEqualTo(2);
        assertThat(struct.get("sourceOffset")).isEqualTo(7L);
    }

    @Test
    void nestedRecordsArraysMapsAndEnumsConvertAndComeBackAsTheSameRecord() {
        MigrationCommand command = MigrationCommand.newBuilder().setCommandId("w/i/1").setIncidentId("i")
                .setWorkloadKey("w").setAction(MigrationAction.MIGRATE).setSourceCluster("member1")
                .setTargetCluster("member2").setRemainingCandidates(List.of("member3", "member4"))
                .setStrategy(MigrationStrategy.CHECKPOINT)
                .setCheckpoint(Checkpoint.newBuilder().setId(42).setPath("s3://flink/chk-42").setStateSizeBytes(512)
                        .setCompletedAt(T0).setDeltaPartition(4).setDeltaOffset(null).build())
                .setDeltaReplay(DeltaRange.newBuilder().setTopic("fedstream.state-deltas").setPartition(4)
                        .setFromOffsetExclusive(1).setToOffsetInclusive(4).setBytes(960).setRecords(3).build())
                .setConsumerGroupOffsets(List.of(ConsumerGroupOffset.newBuilder().setGroup("g").setTopic("t")
                        .setPartition(0).setOffset(18231).build()))
                .setPreservedState(Map.of("replicas", "3")).setPurgeMode(PurgeMode.Gracefully)
                .setGracePeriodSeconds(600).setCheckpointStorage(Map.of("state.checkpoints.dir", "s3://flink"))
                .setIssuedAt(T0).build();
        byte[] bytes = serdes.specific(MigrationCommand.class, false).serializer().serialize("fedstream.migrations", command);

        SchemaAndValue connect = converter.toConnectData("fedstream.migrations", bytes);

        Schema schema = connect.schema();
        Schema strategy = schema.field("strategy").schema();
        assertThat(strategy.type()).isEqualTo(Schema.Type.STRING);
        assertThat(strategy.parameters()).containsEntry(AvroToConnect.ENUM_NAME, "io.fedstream.avro.MigrationStrategy")
                .containsEntry(AvroToConnect.ENUM_SYMBOLS, "CHECKPOINT,OFFSET_COMMIT,GRACEFUL_SHUTDOWN");
        assertThat(schema.field("checkpoint").schema().isOptional()).isTrue();
        assertThat(schema.field("checkpoint").schema().name()).isEqualTo("io.fedstream.avro.Checkpoint");
        assertThat(schema.field("remainingCandidates").schema().defaultValue()).isEqualTo(List.of());
        assertThat(schema.field("attempt").schema().defaultValue()).isEqualTo(1);
        Struct struct = (Struct) connect.value();
        assertThat(struct.get("strategy")).isEqualTo("CHECKPOINT");
        assertThat(struct.getStruct("checkpoint").get("completedAt")).isEqualTo(java.util.Date.from(T0));
        assertThat(struct.getStruct("checkpoint").get("deltaOffset")).isNull();
        assertThat(struct.getStruct("deltaReplay").get("bytes")).isEqualTo(960L);
        assertThat(struct.getArray("remainingCandidates")).containsExactly("member3", "member4");
        assertThat(((Struct) struct.getArray("consumerGroupOffsets").get(0)).get("offset")).isEqualTo(18231L);
        assertThat(struct.getMap("preservedState")).isEqualTo(Map.of("replicas", "3"));

        byte[] written = converter.fromConnectData("copy", connect.schema(), connect.value());
        assertThat(serdes.specific(MigrationCommand.class, false).deserializer().deserialize("copy", written))
                .isEqualTo(command);
    }

    @Test
    void unionsOfSeveralTypesAndLogicalTypesRoundTrip() {
        org.apache.avro.Schema avro = new Parser().parse("""
                {"type":"record","name":"Everything","namespace":"io.fedstream.test","fields":[
                  {"name":"choice","type":["null","string","long"]},
                  {"name":"day","type":{"type":"int","logicalType":"date"}},
                  {"name":"time","type":{"type":"int","logicalType":"time-millis"}},
                  {"name":"price","type":{"type":"bytes","logicalType":"decimal","precision":9,"scale":2}},
                  {"name":"raw","type":"bytes"},
                  {"name":"ratio","type":"double"},
                  {"name":"small","type":"float"},
                  {"name":"flag","type":"boolean","default":true},
                  {"name":"lists","type":{"type":"map","values":{"type":"array","items":"int"}}}]}""");
        GenericRecord record = new GenericData.Record(avro);
        record.put("choice", 42L);
        record.put("day", 20_000);
        record.put("time", 3_600_000);
        record.put("price", ByteBuffer.wrap(new BigDecimal("123.45").unscaledValue().toByteArray()));
        record.put("raw", ByteBuffer.wrap(new byte[] {1, 2, 3}));
        record.put("ratio", 0.5d);
        record.put("small", 1.5f);
        record.put("flag", false);
        record.put("lists", Map.of("a", List.of(1, 2)));
        byte[] bytes = serdes.generic(false).serializer().serialize("things", record);

        SchemaAndValue connect = converter.toConnectData("things", bytes);

        Struct struct = (Struct) connect.value();
        Struct choice = struct.getStruct("choice");
        assertThat(choice.schema().name()).isEqualTo(AvroToConnect.UNION_NAME);
        assertThat(choice.get("long")).isEqualTo(42L);
        assertThat(choice.get("string")).isNull();
        assertThat(struct.get("day")).isEqualTo(new java.util.Date(20_000L * 86_400_000L));
        assertThat(struct.get("time")).isEqualTo(new java.util.Date(3_600_000L));
        assertThat(connect.schema().field("price").schema().name()).isEqualTo(Decimal.LOGICAL_NAME);
        assertThat(struct.get("price")).isEqualTo(new BigDecimal("123.45"));
        assertThat(struct.getBytes("raw")).containsExactly(1, 2, 3);
        assertThat(connect.schema().field("flag").schema().defaultValue()).isEqualTo(true);
        assertThat(struct.getMap("lists")).isEqualTo(Map.of("a", List.of(1, 2)));

        byte[] written = converter.fromConnectData("things-copy", connect.schema(), connect.value());
        GenericRecord back = (GenericRecord) serdes.generic(false).deserializer().deserialize("things-copy", written);
        assertThat(back.getSchema().getFullName()).isEqualTo("io.fedstream.test.Everything");
        assertThat(back.toString()).isEqualTo(record.toString());
    }

    @Test
    void nullIsNullWithoutAskingTheRegistry() {
        server.close();
        assertThat(converter.toConnectData(TOPIC, null)).isEqualTo(SchemaAndValue.NULL);
        assertThat(converter.fromConnectData(TOPIC, null, null)).isNull();
    }

    @Test
    void bytesNotInTheWireFormatFailNamingTheTopic() {
        assertThatThrownBy(() -> converter.toConnectData(TOPIC, "{not avro}".getBytes()))
                .isInstanceOf(DataException.class)
                .hasMessageContaining("topic '" + TOPIC + "'")
                .hasMessageContaining("magic byte 0x7b");
    }

    @Test
    void anUnknownSchemaIdFailsAsBadData() {
        assertThatThrownBy(() -> converter.toConnectData(TOPIC, new byte[] {0, 0, 0, 0, 99, 2}))
                .isInstanceOf(DataException.class)
                .isNotInstanceOf(RetriableException.class)
                .hasMessageContaining("topic '" + TOPIC + "'");
    }

    @Test
    void anUnreachableRegistryIsRetriable() throws Exception {
        byte[] bytes = serdes.specific(AuditEvent.class, false).serializer().serialize(TOPIC, AuditEvent.newBuilder()
                .setDecisionId("d").setDecidedAt(T0).setStage("admit").setDecision("ADMITTED").build());
        ConfluentAvroConverter unreachable = new ConfluentAvroConverter();
        unreachable.configure(Map.of(ConfluentAvroConverterConfig.SCHEMA_REGISTRY_URL, "http://127.0.0.1:" + closedPort()), false);

        assertThatThrownBy(() -> unreachable.toConnectData(TOPIC, bytes)).isInstanceOf(RetriableException.class)
                .hasMessageContaining("topic '" + TOPIC + "'");
    }

    @Test
    void writingNeedsAStruct() {
        assertThatThrownBy(() -> converter.fromConnectData(TOPIC, Schema.STRING_SCHEMA, "x"))
                .isInstanceOf(DataException.class).hasMessageContaining("STRING");
        Schema withIntKeys = SchemaBuilder.struct().name("M")
                .field("m", SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.STRING_SCHEMA).build()).build();
        assertThatThrownBy(() -> converter.fromConnectData(TOPIC, withIntKeys, new Struct(withIntKeys).put("m", Map.of(1, "a"))))
                .isInstanceOf(DataException.class).hasMessageContaining("'M.m'").hasMessageContaining("INT32 keys");
    }

    @Test
    void theRegistryUrlIsRequired() {
        assertThatThrownBy(() -> new ConfluentAvroConverter().configure(Map.of(), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining(ConfluentAvroConverterConfig.SCHEMA_REGISTRY_URL);
        assertThatThrownBy(() -> new ConfluentAvroConverter().configure(Map.of(
                ConfluentAvroConverterConfig.SCHEMA_REGISTRY_URL, "http://r",
                ConfluentAvroConverterConfig.SUBJECT_NAME_STRATEGY, "Nope"), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining("Nope");
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
