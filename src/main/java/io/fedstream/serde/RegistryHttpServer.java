package io.fedstream.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a {@link SchemaRegistry} over the subset of the Confluent REST API that {@link ConfluentRegistryClient}
 * speaks, so that other processes can read and write the records of an in-process registry.
 */
public final class RegistryHttpServer implements AutoCloseable {

    /** Larger request bodies are refused; a schema is a few kilobytes. */
    static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(RegistryHttpServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SchemaRegistry registry;
    private final HttpServer server;

    private RegistryHttpServer(SchemaRegistry registry, HttpServer server) {
        this.registry = registry;
        this.server = server;
    }

    /** Serves {@code registry} on the loopback interface; port 0 picks a free port. */
    public static RegistryHttpServer start(SchemaRegistry registry, int port) throws IOException {
        return start(registry, InetAddress.getLoopbackAddress(), port);
    }

    /** Serves {@code registry} on the given interface and port (0: a free port). */
    public static RegistryHttpServer start(SchemaRegistry registry, InetAddress address, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 0);
        RegistryHttpServer registryServer = new RegistryHttpServer(registry, server);
        server.createContext("/", registryServer::handle);
        server.start();
        return registryServer;
    }

    /** The base URL clients use, e.g. {@code http://127.0.0.1:8081}. */
    public String url() {
        InetSocketAddress address = server.getAddress();
        String host = address.getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Answer answer;
            try {
                answer = route(exchange.getRequestMethod(), segments(exchange.getRequestURI().getRawPath()), exchange);
            } catch (SchemaRegistryException e) {
                answer = fromRegistry(e);
            } catch (RuntimeException e) {
                LOG.warn("Schema registry request {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
                answer = Answer.error(500, 50001, "Error in the backend registry: " + e);
            }
            byte[] body = JSON.writeValueAsBytes(answer.body());
            exchange.getResponseHeaders().set("Content-Type", ConfluentRestApi.CONTENT_TYPE);
            exchange.sendResponseHeaders(answer.status(), body.length);
            exchange.getResponseBody().write(body);
        }
    }

    private Answer route(String method, List<String> path, HttpExchange exchange) throws IOException {
        boolean get = method.equals("GET");
        boolean post = method.equals("POST");
        if (path.equals(List.of("subjects")) && get) {
            return Answer.ok(JSON.valueToTree(registry.subjects()));
        }
        if (path.size() == 3 && path.get(0).equals("schemas") && path.get(1).equals("ids") && get) {
            Integer id = parseId(path.get(2));
            if (id == null) {
                return Answer.error(404, SchemaRegistryException.SCHEMA_NOT_FOUND, "Schema " + path.get(2) + " not found.");
            }
            return Answer.ok(JSON.createObjectNode().put("schema", registry.getById(id).toString()));
        }
        if (path.size() == 2 && path.get(0).equals("subjects") && post) {
            String subject = path.get(1);
            Schema schema = readSchema(exchange);
            int id = registry.lookup(subject, schema);
            return Answer.ok(JSON.createObjectNode().put("subject", subject).put("id", id).put("schema", schema.toString()));
        }
        if (path.size() == 3 && path.get(0).equals("subjects") && path.get(2).equals("versions") && post) {
            int id = registry.register(path.get(1), readSchema(exchange));
            return Answer.ok(JSON.createObjectNode().put("id", id));
        }
        if (path.size() == 4 && path.get(0).equals("subjects") && path.get(2).equals("versions")
                && path.get(3).equals("latest") && get) {
            RegisteredSchema latest = registry.latestVersion(path.get(1));
            return Answer.ok(JSON.createObjectNode().put("subject", path.get(1)).put("version", latest.version())
                    .put("id", latest.id()).put("schema", latest.schema().toString()));
        }
        return Answer.error(404, 404, "HTTP " + method + " " + exchange.getRequestURI().getRawPath()
                + " is not served: this registry answers GET /subjects, POST /subjects/{subject},"
                + " POST /subjects/{subject}/versions, GET /subjects/{subject}/versions/latest and GET /schemas/ids/{id}");
    }

    /** The posted {@code {"schema": "...", "schemaType": "AVRO"}} as an Avro schema; anything else is an invalid schema. */
    private static Schema readSchema(HttpExchange exchange) throws IOException {
        byte[] bytes;
        try (InputStream in = exchange.getRequestBody()) {
            bytes = in.readNBytes(MAX_BODY_BYTES + 1);
        }
        if (bytes.length > MAX_BODY_BYTES) {
            throw invalid("the request body is larger than " + MAX_BODY_BYTES + " bytes");
        }
        JsonNode body;
        try {
            body = JSON.readTree(bytes);
        } catch (IOException e) {
            throw invalid("the request body is not JSON");
        }
        if (body == null || !body.path("schema").isTextual()) {
            throw invalid("the request body has no \"schema\" string");
        }
        String type = body.path("schemaType").asText("AVRO");
        if (!type.equals("AVRO")) {
            throw invalid("schemaType " + type + " is not supported, only AVRO");
        }
        try {
            return new Schema.Parser().parse(body.get("schema").asText());
        } catch (SchemaParseException e) {
            throw invalid("not an Avro schema: " + e.getMessage());
        }
    }

    private static SchemaRegistryException invalid(String reason) {
        String message = "Invalid schema: " + reason;
        return new SchemaRegistryException(422, SchemaRegistryException.INVALID_SCHEMA, message, message);
    }

    private static Answer fromRegistry(SchemaRegistryException e) {
        // An exception without an HTTP status comes from a remote registry this one delegates to.
        int status = e.httpStatus() == SchemaRegistryException.NO_RESPONSE ? 500 : e.httpStatus();
        int code = e.errorCode() != 0 ? e.errorCode() : status == 500 ? 50001 : status;
        return Answer.error(status, code, e.registryMessage() != null ? e.registryMessage() : e.getMessage());
    }

    private static Integer parseId(String text) {
        try {
            return Integer.valueOf(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The decoded path segments; '+' stays '+' in a path, and %2F inside a subject does not split it. */
    private static List<String> segments(String rawPath) {
        return Arrays.stream(rawPath.split("/"))
                .filter(segment -> !segment.isEmpty())
                .map(RegistryHttpServer::decode)
                .toList();
    }

    private static String decode(String segment) {
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformedEscape) {
            return segment;
        }
    }

    /** An HTTP status and a JSON body. */
    private record Answer(int status, JsonNode body) {

        static Answer ok(JsonNode body) {
            return new Answer(200, body);
        }

        static Answer error(int status, int errorCode, String message) {
            ObjectNode body = JSON.createObjectNode().put("error_code", errorCode).put("message", message);
            return new Answer(status, body);
        }
    }
}
