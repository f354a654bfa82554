package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_BREAKING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.WorkloadEvent;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ApicurioRegistryExtension.class)
class ConfluentRegistryClientIT {

    private final ApicurioRegistry apicurio;
    private ConfluentRegistryClient client;
    private String subject;

    ConfluentRegistryClientIT(ApicurioRegistry apicurio) {
        this.apicurio = apicurio;
    }

    @BeforeEach
    void setUp(TestInfo test) {
        client = ConfluentRegistryClient.builder(apicurio.ccompatUrl()).build();
        subject = "client-it." + test.getTestMethod().orElseThrow().getName() + "-value";
    }

    @Test
    void registerLookupGetByIdAndLatestRoundTrip() {
        int id = client.register(subject, PING);
        ConfluentRegistryClient fresh = ConfluentRegistryClient.builder(apicurio.ccompatUrl()).build();

        assertThat(id).isPositive();
        assertThat(fresh.register(subject, PING)).isEqualTo(id);
        assertThat(fresh.lookup(subject, PING)).isEqualTo(id);
        assertThat(fresh.getById(id)).isEqualTo(PING);
        assertThat(fresh.latestVersion(subject)).isEqualTo(new RegisteredSchema(id, 1, PING));

        int id2 = fresh.register(subject, PING_V2);
        assertThat(id2).isNotEqualTo(id);
        assertThat(ConfluentRegistryClient.builder(apicurio.ccompatUrl()).build().latestVersion(subject))
                .isEqualTo(new RegisteredSchema(id2, 2, PING_V2));
    }

    @Test
    void anIncompatibleSchemaIsHttp409() {
        client.register(subject, PING);

        assertThatThrownBy(() -> client.register(subject, PING_BREAKING))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.isIncompatible()).isTrue();
                    assertThat(e.httpStatus()).isEqualTo(409);
                    assertThat(e.registryMessage()).contains("Incompatible artifact: " + subject);
                })
                .hasMessageStartingWith("Schema registry POST " + apicurio.ccompatUrl() + "/subjects/" + subject
                        + "/versions failed: HTTP 409");
    }

    @Test
    void unknownSubjectSchemaAndIdCarryTheConfluentErrorCodes() {
        assertThatThrownBy(() -> client.lookup(subject, PING))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40401);
                    assertThat(e.isSubjectNotFound()).isTrue();
                })
                // The text after the code is the registry's own, and differs between Apicurio 2 and 3.
                .hasMessageStartingWith("Schema registry POST " + apicurio.ccompatUrl() + "/subjects/" + subject
                        + " failed: HTTP 404, error 40401: ");

        client.register(subject, PING);
        assertThatThrownBy(() -> client.lookup(subject, PING_V2))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.isSchemaNotFound()).isTrue();
                });
        assertThatThrownBy(() -> client.getById(987_654))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                })
                .hasMessageStartingWith("Schema registry GET " + apicurio.ccompatUrl()
                        + "/schemas/ids/987654 failed: HTTP 404, error 40403: ");
    }

    @Test
    void withAutoRegistrationOffAnUnregisteredSchemaIsAClearError() {
        AvroSerde<WorkloadEvent> serde = new AvroSerdes(client, AvroSerdeConfig.defaults().withAutoRegisterSchemas(false))
                .specific(WorkloadEvent.class, false);
        String topic = subject.replace("-value", "");

        assertThatThrownBy(() -> serde.serializer().serialize(topic, TestSchemas.workloadEvent("orders")))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Schema io.fedstream.avro.WorkloadEvent is not registered under subject '"
                        + subject + "' and auto.register.schemas is false: register it first")
                .cause().isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(40401));
    }

    @Test
    void useLatestVersionWritesWithTheLatestRegisteredSchema() {
        client.register(subject, PING);
        int latestId = client.register(subject, PING_V2);
        AvroSerde<GenericRecord> serde = new AvroSerdes(client,
                AvroSerdeConfig.defaults().withUseLatestVersion(true, Duration.ofSeconds(30))).generic(false);
        GenericRecord ping = new GenericData.Record(PING);
        ping.put("n", 7);
        ping.put("s", "x");
        String topic = subject.replace("-value", "");

        byte[] bytes = serde.serializer().serialize(topic, ping);

        assertThat(bytes).startsWith(0, latestId >>> 24, (latestId >>> 16) & 0xff, (latestId >>> 8) & 0xff, latestId & 0xff);
        GenericRecord read = ConfluentRegistryClientIT.readGeneric(apicurio, topic, bytes);
        assertThat(read.getSchema()).isEqualTo(PING_V2);
        assertThat(read.get("n")).isEqualTo(7);
        assertThat(read.get("zone")).hasToString("eu");
    }

    @Test
    void checkReachablePassesOnTheRegistryAndNamesTheUrlOtherwise() throws IOException {
        client.checkReachable();

        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closedPort + "/apis/ccompat/v7";
        ConfluentRegistryClient nowhere = ConfluentRegistryClient.builder(url).connectTimeout(Duration.ofSeconds(2)).build();
        assertThatThrownBy(nowhere::checkReachable)
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.isUnreachable()).isTrue();
                    assertThat(e.httpStatus()).isEqualTo(SchemaRegistryException.NO_RESPONSE);
                })
                .hasMessageStartingWith("Schema registry at " + url + " is unreachable (GET /subjects): java.net.ConnectException");

        String wrongPath = apicurio.ccompatUrl().replace("/apis/ccompat/v7", "/apis/nowhere");
        assertThatThrownBy(ConfluentRegistryClient.builder(wrongPath).build()::checkReachable)
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.httpStatus()).isEqualTo(404))
                .hasMessageStartingWith("Schema registry GET " + wrongPath + "/subjects failed: HTTP 404");
    }

    static GenericRecord readGeneric(ApicurioRegistry apicurio, String topic, byte[] bytes) {
        return new AvroSerdes(ConfluentRegistryClient.builder(apicurio.ccompatUrl()).build(), AvroSerdeConfig.defaults())
                .generic(false).deserializer().deserialize(topic, bytes);
    }
}
