package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP side of the client against a loopback server with canned Confluent answers. */
class ConfluentRegistryClientTest {

    private record Exchange(String method, String path, String contentType, String authorization, String body) {
    }

    private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private String baseUrl;
    private volatile int status = 200;
    private volatile String answer = "{\"id\":42}";

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchanges.add(new Exchange(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort() + "/apis/ccompat/v7/";
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void registerPostsTheSchemaOnceWithTheRegistryContentTypeAndCredentials() {
        ConfluentRegistryClient client = ConfluentRegistryClient.builder(baseUrl).basicAuth("fed", "s3cret").build();

        assertThat(client.register("fedstream.workloads-value", PING)).isEqualTo(42);
        assertThat(client.register("fedstream.workloads-value", PING)).isEqualTo(42);
        assertThat(client.getById(42)).isEqualTo(PING);

        assertThat(exchanges).containsExactly(new Exchange("POST",
                "/apis/ccompat/v7/subjects/fedstream.workloads-value/versions",
                "application/vnd.schemaregistry.v1+json", "Basic ZmVkOnMzY3JldA==",
                "{\"schema\":" + quoted(PING.toString()) + ",\"schemaType\":\"AVRO\"}"));
    }

    @Test
    void getByIdAndLatestParseTheRegistrysAnswers() {
        ConfluentRegistryClient client = ConfluentRegistryClient.builder(baseUrl).bearerToken("t0k").build();
        answer = "{\"schema\":" + quoted(PING.toString()) + "}";
        assertThat(client.getById(3)).isEqualTo(PING);
        answer = "{\"subject\":\"p-value\",\"version\":4,\"id\":3,\"schema\":" + quoted(PING.toString()) + "}";
        assertThat(client.latestVersion("p value")).isEqualTo(new RegisteredSchema(3, 4, PING));

        assertThat(exchanges).extracting(Exchange::method, Exchange::path, Exchange::authorization).containsExactly(
                org.assertj.core.groups.Tuple.tuple("GET", "/apis/ccompat/v7/schemas/ids/3", "Bearer t0k"),
                org.assertj.core.groups.Tuple.tuple("GET", "/apis/ccompat/v7/subjects/p%20value/versions/latest", "Bearer t0k"));
    }

    @Test
    void errorBodiesBecomeExceptionsWithStatusCodeAndMessage() {
        ConfluentRegistryClient client = ConfluentRegistryClient.builder(baseUrl).build();
        status = 422;
        answer = "{\"error_code\":42201,\"message\":\"Invalid schema\"}";

        assertThatThrownBy(() -> client.register("p-value", PING))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(422);
                    assertThat(e.errorCode()).isEqualTo(42201);
                    assertThat(e.registryMessage()).isEqualTo("Invalid schema");
                    assertThat(e.isInvalidSchema()).isTrue();
                })
                .hasMessage("Schema registry POST " + baseUrl.substring(0, baseUrl.length() - 1)
                        + "/subjects/p-value/versions failed: HTTP 422, error 42201: Invalid schema");
    }

    @Test
    void aBodyThatIsNotJsonIsQuotedInTheError() {
        ConfluentRegistryClient client = ConfluentRegistryClient.builder(baseUrl).build();
        status = 502;
        answer = "<html>\n  <body>Bad gateway</body>\n</html>";

        assertThatThrownBy(client::checkReachable)
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(502);
                    assertThat(e.errorCode()).isZero();
                    assertThat(e.registryMessage()).isNull();
                })
                .hasMessageEndingWith("/subjects failed: HTTP 502: <html> <body>Bad gateway</body> </html>");
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
