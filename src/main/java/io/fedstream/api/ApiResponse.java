package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** A JSON answer: status, body and extra headers. Errors are {@code {"error": reason, "message": ..., details...}}. */
record ApiResponse(int status, JsonNode body, Map<String, String> headers) {

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
}
