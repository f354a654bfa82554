package io.fedstream.api;

import java.util.Optional;

/**
 * The aggregates routes: a namespace's aggregates from its partition, a cluster's (or every cluster's) summed over the
 * shares of every partition; the internal ones answer from this instance's stores only.
 */
final class AggregateRoutes {

    private final AdmissionLookup fleet;
    private final LocalAdmissionLookup local;

    AggregateRoutes(AdmissionLookup fleet, LocalAdmissionLookup local) {
        this.fleet = fleet;
        this.local = local;
    }

    void addTo(Router router) {
        router.get("/apis/aggregates", this::aggregates)
                .get("/internal/aggregates", request -> ApiResponse.ok(AggregateObjects.namespaceJson(
                        local.aggregates(request.required("namespace"), request.partitions()))))
                .get("/internal/aggregates/clusters", request -> ApiResponse.ok(AggregateObjects.sharesJson(
                        local.clusterShares(request.query("cluster"), request.partitions()))));
    }

    private ApiResponse aggregates(ApiRequest request) {
        Optional<String> namespace = request.query("namespace");
        Optional<String> cluster = request.query("cluster");
        if (namespace.isPresent() && cluster.isPresent()) {
            throw new BadRequestException("cluster", cluster.get(), "give namespace or cluster, not both");
        }
        if (namespace.isPresent()) {
            return ApiResponse.ok(AggregateObjects.namespaceJson(fleet.aggregates(namespace.get())));
        }
        return ApiResponse.ok(AggregateObjects.clustersJson(fleet.clusterShares(cluster)));
    }
}
