package io.fedstream.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/** The Confluent schema-registry REST API over HTTP, one request per call, no caching. */
final class ConfluentRestApi implements SchemaRegistry {

    static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String baseUrl;
    private final String authorization;
    private final Duration requestTimeout;

    ConfluentRestApi(HttpClient http, String baseUrl, String authorization, Duration requestTimeout) {
        this.http = http;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.authorization = authorization;
        this.requestTimeout = requestTimeout;
    }

    String baseUrl() {
        return baseUrl;
    }

    @Override
    public int register(String subject, Schema schema) {
        return send("POST", "/subjects/" + encode(subject) + "/versions", schemaBody(schema)).path("id").asInt();
    }

    @Override
    public int lookup(String subject, Schema schema) {
        return send("POST", "/subjects/" + encode(subject), schemaBody(schema)).path("id").asInt();
    }

    @Override
    public Schema getById(int id) {
        String path = "/schemas/ids/" + id;
        return parse(send("GET", path, null).path("schema").asText(), path);
    }

    @Override
    public RegisteredSchema latestVersion(String subject) {
        String path = "/subjects/" + encode(subject) + "/versions/latest";
        JsonNode body = send("GET", path, null);
        return new RegisteredSchema(body.path("id").asInt(), body.path("version").asInt(),
                parse(body.path("schema").asText(), path));
    }

    @Override
    public List<String> subjects() {
        List<String> subjects = new ArrayList<>();
        send("GET", "/subjects", null).forEach(subject -> subjects.add(subject.asText()));
        return subjects;
    }

    @Override
    public void checkReachable() {
        send("GET", "/subjects", null);
    }

    private JsonNode send(String method, String path, String body) {
        URI uri = URI.create(baseUrl + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(requestTimeout)
                .header("Accept", CONTENT_TYPE + ", application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", CONTENT_TYPE);
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw SchemaRegistryException.unreachable("Schema registry at " + baseUrl + " did not answer " + method + " "
                    + path + " within " + requestTimeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw SchemaRegistryException.unreachable("Schema registry at " + baseUrl + " is unreachable (" + method
                    + " " + path + "): " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SchemaRegistryException.unreachable("Interrupted during " + method + " " + baseUrl + path, e);
        }
        if (response.statusCode() / 100 != 2) {
            throw error(method, path, response);
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new SchemaRegistryException(response.statusCode(), 0, null, "Schema registry at " + baseUrl
                    + " answered " + method + " " + path + " with a body that is not JSON: " + abbreviate(response.body()), e);
        }
    }

    private SchemaRegistryException error(String method, String path, HttpResponse<String> response) {
        int errorCode = 0;
        String registryMessage = null;
        try {
            JsonNode body = JSON.readTree(response.body());
            if (body != null && body.isObject()) {
                errorCode = body.path("error_code").asInt(0);
                registryMessage = body.hasNonNull("message") ? body.get("message").asText() : null;
            }
        } catch (IOException notJson) {
            // A proxy or a wrong base URL answers with HTML: keep its start as the message.
        }
        String detail = registryMessage != null ? registryMessage : abbreviate(response.body());
        return new SchemaRegistryException(response.statusCode(), errorCode, registryMessage,
                "Schema registry " + method + " " + baseUrl + path + " failed: HTTP " + response.statusCode()
                        + (errorCode != 0 ? ", error " + errorCode : "") + ": " + detail);
    }

    private Schema parse(String text, String path) {
        try {
            return new Schema.Parser().parse(text);
        } catch (SchemaParseException e) {
            throw new SchemaRegistryException(200, 0, null, "Schema registry at " + baseUrl + " returned a schema for "
                    + path + " that is not valid Avro: " + e.getMessage(), e);
        }
    }

    private static String schemaBody(Schema schema) {
        ObjectNode body = JSON.createObjectNode();
        body.put("schema", schema.toString());
        body.put("schemaType", "AVRO");
        return body.toString();
    }

    private static String encode(String subject) {
        return URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String abbreviate(String text) {
        String oneLine = text == null ? "" : text.replaceAll("\\s+", " ").trim();
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }
}
