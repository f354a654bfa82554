package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.fedstream.api.DriverQuery;
import io.fedstream.api.NamespaceRecommendations;
import io.fedstream.avro.PodUsage;
import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.recommend.Estimate;
import io.fedstream.recommend.NamespaceForecast;
import io.fedstream.recommend.stage.RightsizeStores;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Right-sizing on the bindings as the namespace pass writes them (the whole topology), as the query API answers
 * {@code fedstream get recommendations} and the live view: a workload bound before any cluster reported its usage costs
 * no record, and is listed {@code NO_USAGE} per template at what its binding requests (docs/recommendations.md).
 */
class RightsizeOnEngineBindingsTest extends FleetStageTest {

    private static final String FRAUD = "flink.apache.org/FlinkDeployment/payments/fraud";
    private static final long GI = 1L << 30;

    private final DriverQuery query = new DriverQuery(this::store);

    @AfterEach
    void closeQuery() {
        query.close();
    }

    @Test
    void aWorkloadBoundWithoutUsageIsListedPerTemplateAtItsRequestWithoutARecord() {
        fleet = FleetDriver.threeClusters(stateDir).flink("payments", "fraud");
        assertThat(fleet.placement(FRAUD)).as("bound by the namespace pass").isEqualTo("dc-1");
        assertThat(fleet.changelog(RightsizeStores.RECOMMENDATIONS)).as("nothing written for a binding alone").isEmpty();

        NamespaceRecommendations payments = onlyNamespace();
        assertThat(payments.workloads()).extracting(WorkloadRecommendation::getWorkloadKey).containsExactly(FRAUD);
        assertThat(payments.workloads().get(0).getTemplates()).extracting(TemplateRecommendation::getTemplate,
                TemplateRecommendation::getState, TemplateRecommendation::getReplicas, TemplateRecommendation::getRequested,
                TemplateRecommendation::getReason).containsExactly(
                tuple("jobmanager", RecommendationState.NO_USAGE, 1L, Map.of("cpu", "1", "memory", "2Gi"),
                        "usage unknown: no cluster reported pods of this template"),
                tuple("taskmanager", RecommendationState.NO_USAGE, 2L, Map.of("cpu", "1", "memory", "2Gi"),
                        "usage unknown: no cluster reported pods of this template"));
        // 1 + 2 pods of 1 cpu and 2Gi, counted at their request, none recommended.
        assertThat(payments.forecast().requested()).isEqualTo(new Estimate.Amounts(3000, 6 * GI));
        assertThat(payments.forecast().recommended()).isEqualTo(new Estimate.Amounts(3000, 6 * GI));
        assertThat(payments.forecast().templates()).isEqualTo(2);
        assertThat(payments.forecast().templatesRecommended()).isZero();
    }

    @Test
    void theForecastShowsTheHardLimitsOfTheNamespacesQuotaFromItsStatusWithNoChangelogOfItsOwn() {
        fleet = FleetDriver.threeClusters(stateDir).policy("FederatedResourceQuota/payments/compute", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"compute","namespace":"payments"},
                 "spec":{"overall":{"cpu":"8","memory":"16Gi"}}}""").flink("payments", "fraud").advance(java.time.Duration.ofSeconds(2));

        assertThat(onlyNamespace().forecast().quotas()).extracting(NamespaceForecast.QuotaForecast::name,
                NamespaceForecast.QuotaForecast::hardCpuMillis, NamespaceForecast.QuotaForecast::hardMemoryBytes)
                .containsExactly(tuple("compute", Optional.of(8000L), Optional.of(16 * GI)));
        assertThat(fleet.changelog(RightsizeStores.QUOTAS)).as("the quota-status topic is the table's changelog").isEmpty();
    }

    @Test
    void aRemovedWorkloadIsNoLongerListed() {
        fleet = FleetDriver.threeClusters(stateDir).flink("payments", "fraud");
        assertThat(query.recommendations("payments")).hasSize(1);

        fleet.delete(FRAUD);

        assertThat(query.recommendations("payments")).isEmpty();
    }

    @Test
    void aTaskRestartedSinceTheBindingSaysTheRequestsAreUnknownAndTheQueryTakesThemFromTheBinding() {
        fleet = FleetDriver.threeClusters(stateDir).flink("payments", "fraud").restarted();

        fleet.usage(new WorkloadUsage(FRAUD, "dc-1", fleet.now(), 60, null, List.of(new TemplateUsage("taskmanager",
                List.of(new PodUsage("fraud-tm-1", 500L, GI), new PodUsage("fraud-tm-2", 500L, GI))))));

        TemplateRecommendation written = fleet.<WorkloadRecommendation>store(RightsizeStores.RECOMMENDATIONS).get(FRAUD).getTemplates().get(0);
        assertThat(written.getReplicas()).as("the restarted task lost the binding's requests: not a silent zero").isNull();
        assertThat(written.getRequested()).isEmpty();
        assertThat(written.getReason()).endsWith("; requests unknown until the workload's next binding");

        NamespaceRecommendations payments = onlyNamespace();
        assertThat(payments.workloads().get(0).getTemplates()).extracting(TemplateRecommendation::getTemplate,
                TemplateRecommendation::getState, TemplateRecommendation::getReplicas, TemplateRecommendation::getRequested,
                TemplateRecommendation::getIdleShare, TemplateRecommendation::getReason).containsExactly(
                tuple("jobmanager", RecommendationState.NO_USAGE, 1L, Map.of("cpu", "1", "memory", "2Gi"), Map.of(),
                        "usage unknown: no cluster reported pods of this template"),
                tuple("taskmanager", RecommendationState.TOO_LITTLE_HISTORY, 2L, Map.of("cpu", "1", "memory", "2Gi"),
                        Map.of("cpu", 0.5, "memory", 0.5), "too little history: 2 of 60 samples over 0 of 60 minutes"));
        assertThat(payments.forecast().requested()).isEqualTo(new Estimate.Amounts(3000, 6 * GI));
        assertThat(payments.forecast().used()).isEqualTo(new Estimate.Amounts(1000, 2 * GI));
    }

    private NamespaceRecommendations onlyNamespace() {
        List<NamespaceRecommendations> found = query.recommendations("payments");
        assertThat(found).extracting(namespace -> namespace.forecast().namespace()).containsExactly("payments");
        return found.get(0);
    }

    /** The current driver's store: a restarted fleet is a new driver. */
    private <V> ReadOnlyKeyValueStore<String, V> store(String name) {
        return fleet.store(name);
    }
}
