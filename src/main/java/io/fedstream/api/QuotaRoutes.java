package io.fedstream.api;

/**
 * The quotas routes: public ones answer for the whole application; the internal one, which other instances call,
 * answers the same shape from this instance's given partitions only.
 */
final class QuotaRoutes {

    private final QuotaQuery quotas;

    QuotaRoutes(QuotaQuery quotas) {
        this.quotas = quotas;
    }

    void addTo(Router router) {
        router.get("/apis/quotas", request -> ApiResponse.ok(QuotaObject.listJson(quotas.inNamespace(request.required("namespace")))))
                .get("/apis/quotas/{namespace}/{name}", this::one)
                .get("/internal/quotas", request -> ApiResponse.ok(QuotaObject.listJson(
                        quotas.inNamespace(request.required("namespace"), request.partitions()))));
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
