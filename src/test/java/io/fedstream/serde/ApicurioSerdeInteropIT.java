package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.apicurio.registry.serde.Default4ByteIdHandler;
import io.apicurio.registry.serde.avro.AvroKafkaDeserializer;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.config.SerdeConfig;
import io.fedstream.avro.WorkloadEvent;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Our bytes decoded by Apicurio's own Avro serde and the other way round, through one registry: Apicurio's serde
 * speaks its native API, ours the Confluent API, and both name a schema by its content id in the same 5-byte frame.
 */
@ExtendWith(ApicurioRegistryExtension.class)
class ApicurioSerdeInteropIT {

    private final ApicurioRegistry apicurio;
    private ConfluentRegistryClient client;
    private String topic;

    ApicurioSerdeInteropIT(ApicurioRegistry apicurio) {
        this.apicurio = apicurio;
    }

    @BeforeEach
    void setUp(TestInfo test) {
        assumeThat(apicurio.majorVersion()).as("Apicurio serde 3.1.7 speaks the v3 native API only").isGreaterThanOrEqualTo(3);
        client = ConfluentRegistryClient.builder(apicurio.ccompatUrl()).build();
        topic = "interop." + test.getTestMethod().orElseThrow().getName();
    }

    private Map<String, Object> apicurioConfig() {
        Map<String, Object> config = new HashMap<>();
        config.put(SerdeConfig.REGISTRY_URL, apicurio.nativeApiUrl());
        // Confluent's frame: magic byte and a 4-byte id that is the content id, which Apicurio 3's ccompat API
        // also returns as the schema id (these are 3.1.7's defaults, set so the test says what it relies on).
        config.put(SerdeConfig.ID_HANDLER, Default4ByteIdHandler.class.getName());
        config.put(SerdeConfig.USE_ID, "contentId");
        config.put(SerdeConfig.AUTO_REGISTER_ARTIFACT, true);
        return config;
    }

    @Test
    void apicuriosDeserializerReadsOurBytes() {
        WorkloadEvent event = TestSchemas.workloadEvent("orders");
        byte[] ours = new AvroSerdes(client, AvroSerdeConfig.defaults()).specific(WorkloadEvent.class, false)
                .serializer().serialize(topic, event);

        GenericRecord read;
        try (AvroKafkaDeserializer<GenericRecord> theirs = new AvroKafkaDeserializer<>()) {
            theirs.configure(apicurioConfig(), false);
            read = theirs.deserialize(topic, ours);
        }

        assertThat(read.getSchema()).isEqualTo(WorkloadEvent.getClassSchema());
        assertThat(read.get("op")).hasToString("UPSERT");
        assertThat(read.get("manifest")).hasToString(event.getManifest());
        assertThat(read.get("observedAt")).isEqualTo(1_764_000_000_123L);
        assertThat(read.get("source")).hasToString("ci");
        assertThat(((GenericRecord) read.get("placement")).get("decidedBy")).hasToString("scheduler");
    }

    @Test
    void ourDeserializerReadsApicuriosBytes() {
        WorkloadEvent event = TestSchemas.workloadEvent("payments");
        byte[] theirs;
        try (AvroKafkaSerializer<WorkloadEvent> serializer = new AvroKafkaSerializer<>()) {
            serializer.configure(apicurioConfig(), false);
            theirs = serializer.serialize(topic, event);
        }

        assertThat(theirs[0]).isEqualTo((byte) 0);
        int id = ByteBuffer.wrap(theirs, 1, 4).getInt();
        assertThat(client.lookup(topic + "-value", WorkloadEvent.getClassSchema())).isEqualTo(id);
        WorkloadEvent read = new AvroSerdes(client, AvroSerdeConfig.defaults()).specific(WorkloadEvent.class, false)
                .deserializer().deserialize(topic, theirs);
        assertThat(read).isEqualTo(event);
    }
}
