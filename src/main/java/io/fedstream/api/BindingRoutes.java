package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ResourceBinding;
import java.util.Comparator;
import java.util.List;

/**
 * The resourcebindings and workloads routes: public ones answer for the whole application, each binding with the status
 * its copies on the member clusters give it ({@link WorkStatusQuery}); the internal ones, which other instances call
 * while fanning out, answer the bindings alone from this instance's given partitions only.
 */
final class BindingRoutes {

    private static final Comparator<ResourceBinding> BY_NAME =
            Comparator.comparing((ResourceBinding b) -> BindingObject.address(b).namespace())
                    .thenComparing(b -> BindingObject.address(b).name())
                    .thenComparing(ResourceBinding::getWorkloadKey);

    private final BindingQuery bindings;
    private final WorkStatusQuery copies;

    BindingRoutes(BindingQuery bindings, WorkStatusQuery copies) {
        this.bindings = bindings;
        this.copies = copies;
    }

    void addTo(Router router) {
        router.get("/apis/resourcebindings", request -> ApiResponse.ok(copies.listWithStatus(sorted(request.query("namespace")
                        .map(bindings::inNamespace).orElseGet(bindings::all)))))
                .get("/apis/resourcebindings/{namespace}/{name}", this::one)
                .get("/apis/workloads/{group}/{kind}/{namespace}/{name}", request -> bindings.byWorkloadKey(workloadKey(request))
                        .map(binding -> ApiResponse.ok(copies.withStatus(binding))).orElseGet(() -> byWorkloadKey(workloadKey(request), null)))
                .get("/internal/resourcebindings", request -> items(request.query("namespace")
                        .map(namespace -> bindings.inNamespace(namespace, request.partitions()))
                        .orElseGet(() -> bindings.all(request.partitions()))))
                .get("/internal/resourcebindings/{namespace}/{name}", request -> items(
                        bindings.byName(request.path("namespace"), request.path("name"), request.partitions())))
                .get("/internal/workloads/{group}/{kind}/{namespace}/{name}", request -> byWorkloadKey(workloadKey(request),
                        bindings.byWorkloadKey(workloadKey(request), request.partition()).orElse(null)));
    }

    private ApiResponse one(ApiRequest request) {
        String namespace = request.path("namespace");
        String name = request.path("name");
        List<ResourceBinding> found = bindings.byName(namespace, name);
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
        return ApiResponse.ok(copies.withStatus(found.get(0)));
    }

    private static ApiResponse byWorkloadKey(String key, ResourceBinding binding) {
        return binding != null
                ? ApiResponse.ok(BindingObject.toJson(binding))
                : ApiResponse.error(404, "NotFound", "no binding for workload " + key).with("workloadKey", key);
    }

    private static ApiResponse items(List<ResourceBinding> found) {
        return ApiResponse.ok(BindingObject.listJson(sorted(found)));
    }

    private static List<ResourceBinding> sorted(List<ResourceBinding> found) {
        return found.stream().sorted(BY_NAME).toList();
    }

    private static String workloadKey(ApiRequest request) {
        return String.join("/", request.path("group"), request.path("kind"), request.path("namespace"), request.path("name"));
    }
}
