package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestBindings;
import io.fedstream.api.TestStores;
import io.fedstream.avro.Component;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream get recommendations} against a query server over the right-sizing stores. */
class GetRecommendationsCommandTest {

    private static final String TOKEN = "t0ken";
    private static final Instant AT = Instant.parse("2026-12-06T10:00:00Z");

    private final TestStores stores = new TestStores();
    private String url;

    @BeforeEach
    void serve() {
        WorkloadRecommendation fraud = WorkloadRecommendation.newBuilder()
                .setWorkloadKey("flink.apache.org/FlinkDeployment/payments/fraud").setNamespace("payments").setKind("FlinkDeployment")
                .setName("fraud").setUpdatedAt(AT).setClustersWithoutMetrics(List.of())
                .setTemplates(List.of(
                        TemplateRecommendation.newBuilder().setTemplate("jobmanager").setState(RecommendationState.TOO_LITTLE_HISTORY)
                                .setReason("too little history: 31 of 60 samples over 30 of 60 minutes").setReplicas(1L)
                                .setRequested(Map.of("cpu", "1", "memory", "2Gi")).setUsed(Map.of("cpu", "300m", "memory", "1536Mi"))
                                .setIdleShare(Map.of("cpu", 0.7, "memory", 0.25)).setSamples(31).build(),
                        TemplateRecommendation.newBuilder().setTemplate("taskmanager").setState(RecommendationState.RECOMMENDED)
                                .setReplicas(4L).setRequested(Map.of("cpu", "2", "memory", "4Gi")).setUsed(Map.of("cpu", "500m", "memory", "1Gi"))
                                .setTarget(Map.of("cpu", "587m", "memory", "1238659775"))
                                .setLowerBound(Map.of("cpu", "587m", "memory", "1238659775"))
                                .setUpperBound(Map.of("cpu", "1174m", "memory", "2477319550"))
                                .setIdleShare(Map.of("cpu", 0.75, "memory", 0.75)).setSamples(2882).setConfidence(1.0)
                                .setHistorySince(AT.minusSeconds(86_400)).build()))
                .build();
        QuotaStatus quota = QuotaStatus.newBuilder().setNamespace("payments").setName("compute")
                .setHard(Map.of("cpu", "20", "memory", "64Gi", "pods", "50")).setUsed(Map.of("cpu", "9", "memory", "18Gi"))
                .setUpdatedAt(AT).build();
        // checkout-web is bound and no cluster reported its usage: right-sizing stored nothing, the query derives its row.
        stores.bindings(deployment("checkout-web", 2L), deployment("sensor", 1L));
        url = "http://127.0.0.1:" + stores.recommendations(List.of(fraud, withoutMetrics("sensor", 1L, "edge-3")), List.of(quota))
                .serve(Optional.of(TOKEN)).endpoint().port();
    }

    /** The binding of a Deployment of namespace edge whose pods request 250m and 256Mi each. */
    private static ResourceBinding deployment(String name, long replicas) {
        ResourceBinding binding = TestBindings.flink("apps", "edge", name);
        binding.setWorkloadKey("apps/Deployment/edge/" + name);
        binding.setApiVersion("apps/v1");
        binding.setKind("Deployment");
        binding.setComponents(List.of(Component.newBuilder().setName("main").setReplicas(replicas).setMinReplicas(null).setMaxReplicas(null)
                .setPerPod(Map.of("cpu", "250m", "memory", "256Mi")).setTotal(Map.of()).build()));
        return binding;
    }

    /** A Deployment of namespace edge on a cluster without a metrics API, as right-sizing writes it (RightsizeStageTest). */
    private static WorkloadRecommendation withoutMetrics(String name, long replicas, String cluster) {
        return WorkloadRecommendation.newBuilder().setWorkloadKey("apps/Deployment/edge/" + name).setNamespace("edge").setKind("Deployment")
                .setName(name).setUpdatedAt(AT).setClustersWithoutMetrics(List.of(cluster))
                .setTemplates(List.of(TemplateRecommendation.newBuilder().setTemplate("main").setState(RecommendationState.NO_METRICS)
                        .setReason("usage unknown: no metrics API (metrics.k8s.io) on " + cluster)
                        .setReplicas(replicas).setRequested(Map.of("cpu", "250m", "memory", "256Mi")).setUsed(Map.of())
                        .setIdleShare(Map.of()).setSamples(0).build()))
                .build();
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void oneRowPerTemplateThenTheNamespaceTotalsAndWhatItsQuotaWouldNeed() {
        CliRunner result = CliRunner.get(url, TOKEN, "recommendations", "-n", "payments");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).containsExactly(
                "NAMESPACE   WORKLOAD                TEMPLATE      PODS   CPU REQ   CPU USED   CPU REC   MEM REQ   MEM USED   MEM REC      IDLE CPU   IDLE MEM   STATE",
                "payments    FlinkDeployment/fraud   jobmanager    1      1         300m       -         2Gi       1536Mi     -            70%        25%        TOO_LITTLE_HISTORY",
                "payments    FlinkDeployment/fraud   taskmanager   4      2         500m       587m      4Gi       1Gi        1238659775   75%        75%        RECOMMENDED",
                "",
                // 1 x 1 + 4 x 2 cores; 1 x 2Gi + 4 x 4Gi; used 300m + 4 x 500m, 1536Mi + 4Gi; recommended: the job manager at its request.
                "namespace payments: requested cpu 9, memory 18Gi; used cpu 2300m, memory 5632Mi; at the recommendations cpu 3348m,"
                        + " memory 7102122748 (1 of 2 templates recommended)",
                "  quota compute: hard cpu 20, memory 64Gi; would need cpu 3348m, memory 7102122748");
    }

    @Test
    void wideAddsTheBoundsSamplesConfidenceAndReason() {
        CliRunner result = CliRunner.get(url, TOKEN, "recommendations", "-n", "payments", "-o", "wide");

        assertThat(result.out().lines().toList().get(2)).endsWith("RECOMMENDED          587m..1174m   1238659775..2477319550   2882      1.00");
        assertThat(result.out().lines().toList().get(1)).endsWith("TOO_LITTLE_HISTORY   -             -                        31        -            too little history: 31 of 60 samples over 30 of 60 minutes");
    }

    @Test
    void aWorkloadWhoseUsageIsUnknownSaysSoAndCountsAtItsRequest() {
        CliRunner result = CliRunner.get(url, TOKEN, "recommendations", "-n", "edge", "-o", "wide");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).containsExactly(
                "NAMESPACE   WORKLOAD                  TEMPLATE   PODS   CPU REQ   CPU USED   CPU REC   MEM REQ   MEM USED   MEM REC   IDLE CPU"
                        + "   IDLE MEM   STATE        CPU RANGE   MEM RANGE   SAMPLES   CONFIDENCE   REASON",
                "edge        Deployment/checkout-web   main       2      250m      -          -         256Mi     -          -         -        "
                        + "  -          NO_USAGE     -           -           0         -            usage unknown: no cluster reported pods of this template",
                "edge        Deployment/sensor         main       1      250m      -          -         256Mi     -          -         -        "
                        + "  -          NO_METRICS   -           -           0         -            usage unknown: no metrics API (metrics.k8s.io) on edge-3",
                "",
                // 2 x 250m + 1 x 250m, 3 x 256Mi; nothing used; a template without a recommendation counts at its request.
                "namespace edge: requested cpu 750m, memory 768Mi; used cpu 0, memory 0; at the recommendations cpu 750m, memory 768Mi"
                        + " (0 of 2 templates recommended)");
    }

    @Test
    void anotherNamespaceHasNone() {
        CliRunner result = CliRunner.get(url, TOKEN, "recommendations", "-n", "shop");

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).isEqualTo("No recommendations found in shop namespace.\n");
    }

    @Test
    void yamlShowsTheListAsTheApiServesIt() {
        CliRunner result = CliRunner.get(url, TOKEN, "recommendations", "-A", "-o", "json");

        assertThat(result.out()).contains("\"kind\" : \"RecommendationList\"").contains("\"templatesRecommended\" : 1")
                .contains("\"workloadKey\" : \"flink.apache.org/FlinkDeployment/payments/fraud\"");
    }
}
