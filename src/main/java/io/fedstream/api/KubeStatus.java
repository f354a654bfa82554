package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Errors as the Kubernetes API answers them: a {@code v1 Status} with {@code status: Failure}, the HTTP code, a reason
 * kubectl knows ({@code NotFound}, {@code Unauthorized}, {@code TooManyRequests}, ...) and details naming the object, so
 * that kubectl prints its own message, e.g. {@code Error from server (NotFound): resourcebindings.work.karmada.io "x" not found}.
 */
final class KubeStatus {

    private static final Logger LOG = LoggerFactory.getLogger(KubeStatus.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private KubeStatus() {}

    static ApiResponse of(int code, String reason, String message) {
        return new ApiResponse(code, body(code, reason, message), Map.of());
    }

    /** 404 for one object, worded as kube-apiserver words it: {@code <plural>.<group> "<name>" not found}. */
    static ApiResponse notFound(ApiResource resource, String name) {
        ApiResponse response = of(404, "NotFound", resource.qualifiedName() + " \"" + name + "\" not found");
        details(response).put("name", name).put("group", resource.group()).put("kind", resource.plural());
        return response;
    }

    static ApiResponse badRequest(BadRequestException e) {
        ApiResponse response = of(400, "BadRequest", e.getMessage());
        ObjectNode cause = details(response).putArray("causes").addObject().put("field", e.field()).put("message", e.getMessage());
        if (e.value() != null) {
            cause.put("value", e.value());
        }
        return response;
    }

    static ApiResponse unauthorized() {
        return new ApiResponse(401, body(401, "Unauthorized", "Unauthorized"), Map.of("WWW-Authenticate", "Bearer"));
    }

    /** 503 while a partition moves or restores: the client retries after {@code Retry-After}. */
    static ApiResponse unavailable(String message) {
        ApiResponse response = new ApiResponse(503, body(503, "ServiceUnavailable", message), Map.of("Retry-After", "1"));
        details(response).put("retryAfterSeconds", 1);
        return response;
    }

    /** 429 when the server already answers as many requests as it is allowed to: the client retries after a second. */
    static ApiResponse tooManyRequests(String message) {
        ApiResponse response = new ApiResponse(429, body(429, "TooManyRequests", message), Map.of("Retry-After", "1"));
        details(response).put("retryAfterSeconds", 1);
        return response;
    }

    /** The answer to a request that failed: what the client must fix, what it may retry, or an internal error. */
    static ApiResponse failure(RuntimeException e) {
        if (e instanceof BadRequestException bad) {
            return badRequest(bad);
        }
        if (e instanceof StoreUnavailableException unavailable) {
            return unavailable(unavailable.getMessage());
        }
        if (e instanceof AmbiguousNameException ambiguous) {
            ApiResponse response = of(409, "Conflict", ambiguous.getMessage());
            ArrayNode causes = details(response).put("name", ambiguous.name()).putArray("causes");
            ambiguous.workloadKeys().forEach(key -> causes.addObject().put("reason", "FieldValueDuplicate")
                    .put("field", "metadata.annotations[" + BindingObject.WORKLOAD_KEY_ANNOTATION + "]").put("message", key));
            return response;
        }
        LOG.warn("Query failed", e);
        return of(500, "InternalError", e.getClass().getSimpleName());
    }

    private static ObjectNode details(ApiResponse response) {
        return ((ObjectNode) response.body()).putObject("details");
    }

    private static ObjectNode body(int code, String reason, String message) {
        ObjectNode status = NODES.objectNode().put("kind", "Status").put("apiVersion", "v1");
        status.putObject("metadata");
        return status.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
    }
}
