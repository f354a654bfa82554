package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.place.LabelSelector;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The manifests of the workloads topic, by the time each version was observed, and where the latest came from. */
class ManifestCatalogTest {

    private static final String KEY = "apps/Deployment/shop/web";
    private static final Instant T0 = Instant.parse("2026-12-06T10:00:00Z");

    private static WorkloadEvent upsert(int replicas, Instant at, String source) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest("{\"spec\":{\"replicas\":" + replicas + "}}").setObservedAt(at)
                .setSource(source).build();
    }

    @Test
    void aBindingFindsItsOwnVersionWhileANewerOneIsOnTheTopic() {
        ManifestCatalog catalog = new ManifestCatalog();
        catalog.accept(KEY, upsert(3, T0, "fedstream apply"));
        catalog.accept(KEY, upsert(6, T0.plusSeconds(1), "fedstream apply"));

        assertThat(catalog.version(KEY, T0)).isEqualTo("{\"spec\":{\"replicas\":3}}");
        assertThat(catalog.version(KEY, T0.plusSeconds(1))).isEqualTo("{\"spec\":{\"replicas\":6}}");
        assertThat(catalog.latest(KEY)).hasValue("{\"spec\":{\"replicas\":6}}");
        assertThat(catalog.version(KEY, T0.plusSeconds(2))).isNull();
    }

    @Test
    void onlyTheLastFewVersionsAreKeptAndADeleteForgetsThemAll() {
        ManifestCatalog catalog = new ManifestCatalog();
        for (int i = 0; i <= ManifestCatalog.VERSIONS; i++) {
            catalog.accept(KEY, upsert(i, T0.plusSeconds(i), "fedstream apply"));
        }
        assertThat(catalog.version(KEY, T0)).isNull();
        assertThat(catalog.version(KEY, T0.plusSeconds(1))).isNotNull();

        catalog.accept(KEY, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(T0.plusSeconds(9)).build());
        assertThat(catalog.latest(KEY)).isEmpty();
        assertThat(catalog.version(KEY, T0.plusSeconds(1))).isNull();
    }

    @Test
    void theWorkloadIsTheObjectOfTheClusterWhoseAgentReportedItsLatestVersion() {
        ManifestCatalog catalog = new ManifestCatalog();
        catalog.accept(KEY, upsert(3, T0, "agent/member1"));

        assertThat(catalog.reportedBy(KEY, "member1")).isTrue();
        assertThat(catalog.reportedBy(KEY, "member2")).isFalse();
        catalog.accept(KEY, upsert(4, T0.plusSeconds(1), "fedstream apply"));
        assertThat(catalog.reportedBy(KEY, "member1")).isFalse();
    }
    @Test
    void aLabelSelectorFindsTheWorkloadsOfItsKindAndNamespaceWhoseLatestLabelsMatch() {
        ManifestCatalog catalog = new ManifestCatalog();
        catalog.accept("core/Secret/shop/web-tls", secret("web-tls", "web"));
        catalog.accept("core/Secret/shop/db-tls", secret("db-tls", "db"));
        catalog.accept("core/Secret/ops/web-tls", secret("web-tls", "web"));
        catalog.accept("core/ConfigMap/shop/web", WorkloadEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(T0).setSource("fedstream apply")
                .setManifest("{\"metadata\":{\"name\":\"web\",\"labels\":{\"app\":\"web\"}}}").build());
        catalog.accept("core/Secret/shop/old-tls", secret("old-tls", "web"));
        catalog.accept("core/Secret/shop/old-tls", secret("old-tls", "retired"));
        LabelSelector web = new LabelSelector(Map.of("app", "web"), List.of());

        assertThat(catalog.keysMatching("core", "Secret", "shop", web)).containsExactly("core/Secret/shop/web-tls");
        assertThat(catalog.keysMatching("core", "Secret", "shop", new LabelSelector(Map.of(), List.of())))
                .containsExactly("core/Secret/shop/db-tls", "core/Secret/shop/old-tls", "core/Secret/shop/web-tls");
    }

    private static WorkloadEvent secret(String name, String app) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(T0).setSource("fedstream apply").setManifest("""
                apiVersion: v1
                kind: Secret
                metadata: {name: %s, labels: {app: %s}}
                """.formatted(name, app)).build();
    }
}
