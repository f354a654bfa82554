package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_BREAKING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.WorkloadEvent;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Our Confluent client against {@link RegistryHttpServer} serving an {@link InProcessSchemaRegistry}. */
class RegistryHttpServerTest {

    private final InProcessSchemaRegistry backing = new InProcessSchemaRegistry();
    private RegistryHttpServer server;
    private ConfluentRegistryClient client;

    @BeforeEach
    void start() throws IOException {
        server = RegistryHttpServer.start(backing, 0);
        client = ConfluentRegistryClient.builder(server.url()).latestTtl(Duration.ZERO).build();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void listensOnLoopbackAtTheChosenPort() {
        assertThat(server.url()).isEqualTo("http://127.0.0.1:" + server.port());
        assertThat(server.port()).isPositive();
    }

    @Test
    void registerLookupGetByIdAndLatestGoThroughToTheBackingRegistry() {
        assertThat(client.register("pings-value", PING)).isEqualTo(1);
        assertThat(client.register("pings-value", PING_V2)).isEqualTo(2);
        assertThat(client.register("fedstream.workloads-value", WorkloadEvent.getClassSchema())).isEqualTo(3);

        assertThat(backing.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(2, 2, PING_V2));
        assertThat(client.lookup("pings-value", PING)).isEqualTo(1);
        assertThat(client.getById(3)).isEqualTo(WorkloadEvent.getClassSchema());
        assertThat(client.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(2, 2, PING_V2));
        assertThat(client.subjects()).containsExactly("fedstream.workloads-value", "pings-value");
    }

    @Test
    void schemasRegisteredInProcessAreVisibleOverHttp() {
        int id = backing.register("fedstream.policies-value", WorkloadEvent.getClassSchema());

        assertThat(client.getById(id)).isEqualTo(WorkloadEvent.getClassSchema());
        assertThat(client.lookup("fedstream.policies-value", WorkloadEvent.getClassSchema())).isEqualTo(id);
        client.checkReachable();
    }

    @Test
    void subjectsWithSpacesAndSlashesArePathEncoded() {
        assertThat(client.register("team a/pings+value", PING)).isEqualTo(1);

        assertThat(backing.subjects()).containsExactly("team a/pings+value");
        assertThat(client.latestVersion("team a/pings+value")).isEqualTo(new RegisteredSchema(1, 1, PING));
    }

    @Test
    void anUnknownSubjectIs40401() {
        assertThatThrownBy(() -> client.latestVersion("nope-value"))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40401);
                    assertThat(e.registryMessage()).isEqualTo("Subject 'nope-value' not found.");
                    assertThat(e.isSubjectNotFound()).isTrue();
                })
                .hasMessage("Schema registry GET " + server.url()
                        + "/subjects/nope-value/versions/latest failed: HTTP 404, error 40401: Subject 'nope-value' not found.");
    }

    @Test
    void anUnknownIdAndAnUnregisteredSchemaAre40403() {
        client.register("pings-value", PING);

        assertThatThrownBy(() -> client.getById(7))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.registryMessage()).isEqualTo("Schema 7 not found.");
                    assertThat(e.isSchemaNotFound()).isTrue();
                });
        assertThatThrownBy(() -> client.lookup("pings-value", PING_V2))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.registryMessage()).isEqualTo("Schema not found under subject pings-value");
                });
    }

    @Test
    void anIncompatibleSchemaIs409AndNotRegistered() {
        client.register("pings-value", PING);

        assertThatThrownBy(() -> client.register("pings-value", PING_BREAKING))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(409);
                    assertThat(e.errorCode()).isEqualTo(409);
                    assertThat(e.registryMessage()).isEqualTo("Schema being registered is incompatible with an earlier schema");
                    assertThat(e.isIncompatible()).isTrue();
                });
        assertThat(backing.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(1, 1, PING));
    }

    @Test
    void aBodyThatIsNotAnAvroSchemaIs42201WithTheRegistryContentType() throws Exception {
        HttpResponse<String> response = post("/subjects/pings-value/versions", "{\"schema\":\"{\\\"type\\\":\\\"nope\\\"}\"}");

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/vnd.schemaregistry.v1+json");
        assertThat(response.body()).startsWith("{\"error_code\":42201,\"message\":\"Invalid schema: not an Avro schema: ");
        assertThat(post("/subjects/pings-value/versions", "{\"schema\":\"{}\",\"schemaType\":\"PROTOBUF\"}").body())
                .isEqualTo("{\"error_code\":42201,\"message\":\"Invalid schema: schemaType PROTOBUF is not supported, only AVRO\"}");
        assertThat(post("/subjects/pings-value/versions", "not json").body())
                .isEqualTo("{\"error_code\":42201,\"message\":\"Invalid schema: the request body is not JSON\"}");
        assertThat(backing.subjects()).isEmpty();
    }

    @Test
    void anUnservedPathIs404NamingWhatIsServed() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(server.url() + "/config")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).startsWith("{\"error_code\":404,\"message\":\"HTTP GET /config is not served:");
    }

    @Test
    void aClosedServerIsUnreachable() {
        server.close();

        assertThatThrownBy(client::checkReachable)
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.isUnreachable()).isTrue())
                .hasMessageStartingWith("Schema registry at " + server.url() + " is unreachable (GET /subjects): ");
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(server.url() + path))
                        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
