package io.fedstream.api;

import java.util.Optional;

/**
 * The aggregates routes: a namespace's aggregates from its partition, a cluster's (or every cluster's) summed over the
 * shares of every partition; the internal ones answer the same shapes from this instance's given partitions only.
 */
final class AggregateRoutes {

    private final AggregateQuery aggregates;

    AggregateRoutes(AggregateQuery aggregates) {
        this.aggregates = aggregates;
    }

    void addTo(Router router) {
        router.get("/apis/aggregates", this::aggregates)
                .get("/internal/aggregates", request -> ApiResponse.ok(AggregateObject.namespaceJson(
                        aggregates.namespace(request.required("namespace"), request.partitions()))))
                .get("/internal/aggregates/clusters", request -> ApiResponse.ok(AggregateObject.clustersJson(
                        aggregates.clusterShares(request.query("cluster"), request.partitions()))));
    }

    private ApiResponse aggregates(ApiRequest request) {
        Optional<String> namespace = request.query("namespace");
        Optional<String> cluster = request.query("cluster");
        if (namespace.isPresent() && cluster.isPresent()) {
            throw new BadRequestException("cluster", cluster.get(), "give namespace or cluster, not both");
        }
        if (namespace.isPresent()) {
            return ApiResponse.ok(AggregateObject.namespaceJson(aggregates.namespace(namespace.get())));
        }
        return ApiResponse.ok(AggregateObject.clustersJson(aggregates.clusterShares(cluster)));
    }
}
