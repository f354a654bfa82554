package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * A JSON answer built whole: status, body and extra headers. The fedstream routes' errors are
 * {@code {"error": reason, "message": ..., details...}}; the Kubernetes routes' errors are a {@link KubeStatus}.
 */
record ApiResponse(int status, JsonNode body, Map<String, String> headers) implements Reply {

    private static final ObjectMapper JSON = new ObjectMapper();

    static ApiResponse ok(JsonNode body) {
        return new ApiResponse(200, body, Map.of());
    }

    static ApiResponse error(int status, String reason, String message) {
        return new ApiResponse(status, errorBody(reason, message), Map.of());
    }

    static ObjectNode errorBody(String reason, String message) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("error", reason);
        if (message != null) {
            body.put("message", message);
        }
        return body;
    }

    /** The same response with one more field in its (object) body. */
    ApiResponse with(String field, String value) {
        ((ObjectNode) body).put(field, value);
        return this;
    }

    @Override
    public void send(HttpExchange exchange) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        headers.forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
