package io.fedstream.api;

import java.util.Comparator;
import java.util.List;

/**
 * The recommendations route: public, for one namespace ({@code ?namespace=}) or all; the internal one, which other
 * instances call while fanning out, answers the same shape from this instance's given partitions only.
 */
final class RecommendationRoutes {

    private final RecommendationQuery recommendations;

    RecommendationRoutes(RecommendationQuery recommendations) {
        this.recommendations = recommendations;
    }

    void addTo(Router router) {
        router.get("/apis/recommendations", request -> list(request.query("namespace").map(recommendations::inNamespace)
                        .orElseGet(recommendations::all)))
                .get("/internal/recommendations", request -> list(recommendations.here(request.query("namespace"), request.partitions())));
    }

    private static ApiResponse list(List<NamespaceRecommendations> found) {
        return ApiResponse.ok(RecommendationObject.listJson(found.stream()
                .sorted(Comparator.comparing(namespace -> namespace.forecast().namespace())).toList()));
    }
}
