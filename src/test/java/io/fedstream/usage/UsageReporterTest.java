package io.fedstream.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsBuilder;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.PodUsage;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.WorkloadUsage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The usage reader on fabric8's mock API server: pods to workloads and templates, PodMetrics to samples. */
class UsageReporterTest {

    private static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");

    private final MockCluster cluster = new MockCluster();
    private final List<WorkloadUsage> published = new ArrayList<>();
    private final UsageReporter reporter = new UsageReporter(cluster.client(), "dc-1", Duration.ofMinutes(1),
            (key, usage) -> published.add(usage), Clock.fixed(AT, ZoneOffset.UTC));

    @AfterEach
    void close() {
        reporter.close();
        cluster.close();
    }

    @Test
    void aClusterWithoutMetricsApiIsFoundOnceAndEachWorkloadIsToldOnce() {
        UsageFixtures fixtures = new UsageFixtures(cluster.client());
        fixtures.flinkPod("payments", "fraud", "jobmanager", "fraud-jm");
        fixtures.flinkPod("payments", "fraud", "taskmanager", "fraud-tm-1");

        reporter.report(AT);
        reporter.report(AT.plusSeconds(60));
        fixtures.deploymentPod("payments", "web", "web-5d8f", "web-5d8f-abcde");
        reporter.report(AT.plusSeconds(120));

        assertThat(published).extracting(WorkloadUsage::getWorkloadKey, WorkloadUsage::getUnavailableReason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("flink.apache.org/FlinkDeployment/payments/fraud", "cluster dc-1 serves no metrics.k8s.io/v1beta1 API"),
                org.assertj.core.groups.Tuple.tuple("apps/Deployment/payments/web", "cluster dc-1 serves no metrics.k8s.io/v1beta1 API"));
        assertThat(published).allSatisfy(usage -> assertThat(usage.getTemplates()).isEmpty());
        assertThat(cluster.requests()).as("the metrics API is looked for at the first interval only, never retried")
                .filteredOn(request -> request.contains("metrics.k8s.io")).containsExactly("GET /apis/metrics.k8s.io/v1beta1");
    }

    @Test
    void podsAreReportedUnderTheirWorkloadAndTemplateWithTheirContainersSummed() {
        UsageFixtures fixtures = new UsageFixtures(cluster.client()).servingMetrics();
        fixtures.flinkPod("payments", "fraud", "jobmanager", "fraud-jm");
        fixtures.flinkPod("payments", "fraud", "taskmanager", "fraud-tm-1");
        fixtures.deploymentPod("payments", "web", "web-5d8f", "web-5d8f-abcde");
        fixtures.metrics("payments", "fraud-jm", Map.of("flink-main-container", "250m"), Map.of("flink-main-container", "1Gi"));
        fixtures.metrics("payments", "fraud-tm-1", Map.of("flink-main-container", "1500000000n"), Map.of("flink-main-container", "2Gi"));
        fixtures.metrics("payments", "web-5d8f-abcde", Map.of("app", "100m", "sidecar", "20m"), Map.of("app", "100Mi", "sidecar", "28Mi"));

        reporter.report(AT);

        assertThat(published).extracting(WorkloadUsage::getWorkloadKey)
                .containsExactly("apps/Deployment/payments/web", "flink.apache.org/FlinkDeployment/payments/fraud");
        assertThat(published.get(0).getTemplates()).containsExactly(
                new TemplateUsage("main", List.of(new PodUsage("web-5d8f-abcde", 120L, 128L << 20))));
        assertThat(published.get(1).getTemplates()).containsExactly(
                new TemplateUsage("jobmanager", List.of(new PodUsage("fraud-jm", 250L, 1L << 30))),
                new TemplateUsage("taskmanager", List.of(new PodUsage("fraud-tm-1", 1500L, 2L << 30))));
        assertThat(published).allSatisfy(usage -> {
            assertThat(usage.getCluster()).isEqualTo("dc-1");
            assertThat(usage.getIntervalStart()).isEqualTo(AT);
            assertThat(usage.getIntervalSeconds()).isEqualTo(60);
        });
    }
}
