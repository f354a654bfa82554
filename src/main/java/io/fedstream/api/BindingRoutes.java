package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * The fedstream routes of one binding, kept for one release beside {@code /apis/work.karmada.io/v1alpha2}: by
 * namespace and name, and by workload key; and the internal ones other instances call to read them from their owner.
 */
final class BindingRoutes {

    private final BindingQuery bindings;

    BindingRoutes(BindingQuery bindings) {
        this.bindings = bindings;
    }

    void addTo(Router router) {
        router.get("/apis/resourcebindings/{namespace}/{name}", this::one)
                .get("/apis/workloads/{group}/{kind}/{namespace}/{name}", request -> byWorkloadKey(workloadKey(request),
                        bindings.byWorkloadKey(workloadKey(request))))
                .get("/internal/resourcebindings/{namespace}/{name}", request -> items(
                        bindings.byName(request.path("namespace"), request.path("name"), request.partition())))
                .get("/internal/clusterresourcebindings/{name}", request -> items(
                        bindings.byName("", request.path("name"), request.partition())))
                .get("/internal/workloads/{group}/{kind}/{namespace}/{name}", request -> byWorkloadKey(workloadKey(request),
                        bindings.byWorkloadKey(workloadKey(request), request.partition())));
    }

    private ApiResponse one(ApiRequest request) {
        String namespace = request.path("namespace");
        String name = request.path("name");
        List<ObjectNode> found = bindings.byName(namespace, name);
        if (found.isEmpty()) {
            return ApiResponse.error(404, "NotFound", "resourcebinding " + namespace + "/" + name + " not found")
                    .with("namespace", namespace).with("name", name);
        }
        if (found.size() > 1) {
            ApiResponse conflict = ApiResponse.error(409, "Conflict", "resourcebinding " + namespace + "/" + name
                    + " names " + found.size() + " workloads; ask for one by workload key under /apis/workloads/")
                    .with("namespace", namespace).with("name", name);
            ArrayNode keys = ((ObjectNode) conflict.body()).putArray("workloadKeys");
            found.stream().map(object -> object.at("/metadata/annotations").path(BindingObject.WORKLOAD_KEY_ANNOTATION).asText())
                    .sorted().forEach(keys::add);
            return conflict;
        }
        return ApiResponse.ok(found.get(0));
    }

    private static ApiResponse byWorkloadKey(String key, Optional<ObjectNode> binding) {
        return binding.map(ApiResponse::ok)
                .orElseGet(() -> ApiResponse.error(404, "NotFound", "no binding for workload " + key).with("workloadKey", key));
    }

    private static ApiResponse items(List<ObjectNode> found) {
        ObjectNode list = JsonNodeFactory.instance.objectNode();
        ArrayNode items = list.putArray("items");
        found.forEach(items::add);
        return ApiResponse.ok(list);
    }

    private static String workloadKey(ApiRequest request) {
        return String.join("/", request.path("group"), request.path("kind"), request.path("namespace"), request.path("name"));
    }
}
