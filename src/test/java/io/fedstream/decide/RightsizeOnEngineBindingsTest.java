package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.recommend.stage.RightsizeStores;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Right-sizing on the bindings as the namespace pass writes them (the whole topology): a workload bound before any
 * cluster reported its usage says so per template (docs/recommendations.md), as the query API and the live view read it.
 */
class RightsizeOnEngineBindingsTest extends FleetStageTest {

    private static final String FRAUD = "flink.apache.org/FlinkDeployment/payments/fraud";

    @Test
    void aWorkloadBoundWithoutUsageSaysPerTemplateWhatItRequestsAndThatItsUsageIsUnknown() {
        fleet = FleetDriver.threeClusters(stateDir).flink("payments", "fraud");
        assertThat(fleet.placement(FRAUD)).as("bound by the namespace pass").isEqualTo("dc-1");

        WorkloadRecommendation recommendation = recommendation();
        assertThat(recommendation).as("the recommendation right-sizing keeps for the query API").isNotNull();
        assertThat(recommendation.getTemplates()).extracting(TemplateRecommendation::getTemplate, TemplateRecommendation::getState,
                TemplateRecommendation::getReplicas, TemplateRecommendation::getRequested, TemplateRecommendation::getReason).containsExactly(
                tuple("jobmanager", RecommendationState.NO_USAGE, 1L, Map.of("cpu", "1", "memory", "2Gi"),
                        "usage unknown: no cluster reported pods of this template"),
                tuple("taskmanager", RecommendationState.NO_USAGE, 2L, Map.of("cpu", "1", "memory", "2Gi"),
                        "usage unknown: no cluster reported pods of this template"));
    }

    @Test
    void aRemovedWorkloadLeavesNoRecommendation() {
        fleet = FleetDriver.threeClusters(stateDir).flink("payments", "fraud");
        assertThat(recommendation()).isNotNull();

        fleet.delete(FRAUD);

        assertThat(recommendation()).isNull();
    }

    private WorkloadRecommendation recommendation() {
        return fleet.<WorkloadRecommendation>store(RightsizeStores.RECOMMENDATIONS).get(FRAUD);
    }
}
