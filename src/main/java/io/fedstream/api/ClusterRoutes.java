package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The clusters routes: public ones answer for the whole application; the internal ones, which other instances call
 * while fanning out, answer the same shapes from this instance's given partitions only.
 */
final class ClusterRoutes {

    private final ClusterQuery clusters;

    ClusterRoutes(ClusterQuery clusters) {
        this.clusters = clusters;
    }

    void addTo(Router router) {
        router.get("/apis/clusters", request -> list(clusters.all()))
                .get("/apis/clusters/{name}", request -> one(request.path("name"), clusters.byName(request.path("name"))))
                .get("/internal/clusters", request -> list(clusters.all(request.partitions())))
                .get("/internal/clusters/{name}", request -> one(request.path("name"),
                        clusters.byName(request.path("name"), request.partition())));
    }

    private static ApiResponse list(List<ClusterWatch> watches) {
        return ApiResponse.ok(ClusterObject.listJson(watches.stream().sorted(Comparator.comparing(ClusterWatch::getCluster)).toList()));
    }

    private static ApiResponse one(String name, Optional<ClusterWatch> watch) {
        return watch.map(w -> ApiResponse.ok(ClusterObject.toJson(w)))
                .orElseGet(() -> ApiResponse.error(404, "NotFound", "cluster " + name + " not found: fedstream has had no heartbeat from it")
                        .with("name", name));
    }
}
