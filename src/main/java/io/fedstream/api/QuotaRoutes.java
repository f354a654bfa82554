package io.fedstream.api;

import io.fedstream.decide.QuotaReport;
import java.util.Comparator;
import java.util.List;

/**
 * The quotas routes: public ones answer for the whole application; the internal one, which other instances call,
 * answers the same shape from this instance's given partitions only.
 */
final class QuotaRoutes {

    private static final Comparator<QuotaReport> BY_NAMESPACE_AND_NAME =
            Comparator.comparing(QuotaReport::namespace).thenComparing(QuotaReport::name);

    private final QuotaQuery quotas;

    QuotaRoutes(QuotaQuery quotas) {
        this.quotas = quotas;
    }

    void addTo(Router router) {
        router.get("/apis/quotas", request -> list(request.query("namespace").map(quotas::inNamespace).orElseGet(quotas::all)))
                .get("/apis/quotas/{namespace}/{name}", this::one)
                .get("/internal/quotas", request -> list(request.query("namespace")
                        .map(namespace -> quotas.inNamespace(namespace, request.partitions()))
                        .orElseGet(() -> quotas.all(request.partitions()))));
    }

    private static ApiResponse list(List<QuotaReport> found) {
        return ApiResponse.ok(QuotaObject.listJson(found.stream().sorted(BY_NAMESPACE_AND_NAME).toList()));
    }

    private ApiResponse one(ApiRequest request) {
        String namespace = request.path("namespace");
        String name = request.path("name");
        return quotas.inNamespace(namespace).stream()
                .filter(report -> report.name().equals(name))
                .findFirst()
                .map(report -> ApiResponse.ok(QuotaObject.toJson(report)))
                .orElseGet(() -> ApiResponse.error(404, "NotFound", "federatedresourcequota " + namespace + "/" + name + " not found")
                        .with("namespace", namespace).with("name", name));
    }
}
