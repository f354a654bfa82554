package io.fedstream.api;

/**
 * The quotas routes: public ones answer for the whole application through an {@link AdmissionLookup}; the internal one,
 * which other instances call, answers from this instance's stores only.
 */
final class QuotaRoutes {

    private final AdmissionLookup fleet;
    private final LocalAdmissionLookup local;

    QuotaRoutes(AdmissionLookup fleet, LocalAdmissionLookup local) {
        this.fleet = fleet;
        this.local = local;
    }

    void addTo(Router router) {
        router.get("/apis/quotas", request -> ApiResponse.ok(QuotaObject.listJson(fleet.quotas(request.required("namespace")))))
                .get("/apis/quotas/{namespace}/{name}", this::one)
                .get("/internal/quotas", request -> ApiResponse.ok(QuotaObject.listJson(
                        local.quotas(request.required("namespace"), request.partitions()))));
    }

    private ApiResponse one(ApiRequest request) {
        String namespace = request.path("namespace");
        String name = request.path("name");
        return fleet.quotas(namespace).stream()
                .filter(report -> report.name().equals(name))
                .findFirst()
                .map(report -> ApiResponse.ok(QuotaObject.toJson(report)))
                .orElseGet(() -> ApiResponse.error(404, "NotFound", "federatedresourcequota " + namespace + "/" + name + " not found")
                        .with("namespace", namespace).with("name", name));
    }
}
