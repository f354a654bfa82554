package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ResourceBinding;
import java.util.Comparator;
import java.util.List;

/**
 * The resourcebindings routes: public ones answer for the whole application through a {@link BindingLookup}; the
 * internal ones, which other instances call while fanning out, answer from this instance's stores only.
 */
final class BindingRoutes {

    private static final Comparator<ResourceBinding> BY_NAME =
            Comparator.comparing((ResourceBinding b) -> BindingObject.address(b).name())
                    .thenComparing(ResourceBinding::getWorkloadKey);

    private final BindingLookup fleet;
    private final LocalBindingLookup local;

    BindingRoutes(BindingLookup fleet, LocalBindingLookup local) {
        this.fleet = fleet;
        this.local = local;
    }

    void addTo(Router router) {
        router.get("/apis/resourcebindings", this::list)
                .get("/apis/resourcebindings/{namespace}/{name}", this::one)
                .get("/apis/workloads/{group}/{kind}/{namespace}/{name}", this::byWorkloadKey)
                .get("/internal/resourcebindings", request -> items(
                        local.inNamespace(namespace(request), request.partitions())))
                .get("/internal/resourcebindings/{namespace}/{name}", request -> items(
                        local.byName(request.path("namespace"), request.path("name"), request.partitions())))
                .get("/internal/workloads/{group}/{kind}/{namespace}/{name}", request -> local.byWorkloadKey(workloadKey(request))
                        .map(b -> ApiResponse.ok(BindingObject.toJson(b)))
                        .orElseGet(() -> workloadNotFound(workloadKey(request))));
    }

    private ApiResponse list(ApiRequest request) {
        return items(fleet.inNamespace(namespace(request)));
    }

    private ApiResponse one(ApiRequest request) {
        String namespace = request.path("namespace");
        String name = request.path("name");
        List<ResourceBinding> found = fleet.byName(namespace, name);
        if (found.isEmpty()) {
            return ApiResponse.error(404, "NotFound", "resourcebinding " + namespace + "/" + name + " not found")
                    .with("namespace", namespace).with("name", name);
        }
        if (found.size() > 1) {
            ApiResponse conflict = ApiResponse.error(409, "Conflict", "resourcebinding " + namespace + "/" + name
                    + " names " + found.size() + " workloads; ask for one by workload key under /apis/workloads/")
                    .with("namespace", namespace).with("name", name);
            ArrayNode keys = ((ObjectNode) conflict.body()).putArray("workloadKeys");
            found.stream().map(ResourceBinding::getWorkloadKey).sorted().forEach(keys::add);
            return conflict;
        }
        return ApiResponse.ok(BindingObject.toJson(found.get(0)));
    }

    private ApiResponse byWorkloadKey(ApiRequest request) {
        String key = workloadKey(request);
        return fleet.byWorkloadKey(key)
                .map(b -> ApiResponse.ok(BindingObject.toJson(b)))
                .orElseGet(() -> workloadNotFound(key));
    }

    private static ApiResponse items(List<ResourceBinding> bindings) {
        return ApiResponse.ok(BindingObject.listJson(bindings.stream().sorted(BY_NAME).toList()));
    }

    private static ApiResponse workloadNotFound(String key) {
        return ApiResponse.error(404, "NotFound", "no binding for workload " + key).with("workloadKey", key);
    }

    private static String workloadKey(ApiRequest request) {
        return String.join("/", request.path("group"), request.path("kind"), request.path("namespace"), request.path("name"));
    }

    private static String namespace(ApiRequest request) {
        return request.required("namespace");
    }
}
