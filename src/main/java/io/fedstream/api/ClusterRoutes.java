package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import java.util.Optional;

/**
 * The fedstream route of one cluster (kept for one release beside {@code /apis/cluster.karmada.io/v1alpha1/clusters}),
 * and the internal one other instances call to read it from its owner.
 */
final class ClusterRoutes {

    private final ClusterQuery clusters;

    ClusterRoutes(ClusterQuery clusters) {
        this.clusters = clusters;
    }

    void addTo(Router router) {
        router.get("/apis/clusters/{name}", request -> one(request.path("name"), clusters.byName(request.path("name"))))
                .get("/internal/clusters/{name}", request -> one(request.path("name"),
                        clusters.byName(request.path("name"), request.partition())));
    }

    private static ApiResponse one(String name, Optional<ClusterWatch> watch) {
        return watch.map(w -> ApiResponse.ok(ClusterObject.toJson(w)))
                .orElseGet(() -> ApiResponse.error(404, "NotFound", "cluster " + name + " not found: fedstream has had no heartbeat from it")
                        .with("name", name));
    }
}
