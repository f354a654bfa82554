package io.fedstream.recommend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A workload's history over clusters: one history per template, what is used now, and the clusters without metrics. */
class WorkloadHistoryTest {

    private static final long MINUTE = 60_000;
    private final WorkloadHistory history = new WorkloadHistory(RecommendationSettings.vpaDefaults());

    @Test
    void thePodsOfATemplateOnEveryClusterFeedOneHistoryAndTheUsedFigureAveragesThemAll() {
        history.record("eu", 0, MINUTE, Map.of("worker", List.of(new PodSample("w-1", 100, 1000), new PodSample("w-2", 300, 3000))));
        history.record("us", 0, MINUTE, Map.of("worker", List.of(new PodSample("w-3", 500, 5000))));

        assertThat(history.templates().get("worker").sampleCount()).isEqualTo(3);
        assertThat(history.usedPerPod("worker")).contains(new Estimate.Amounts(300, 3000));
    }

    @Test
    void aClusterSilentForMoreThanTwoIntervalsNoLongerCountsAsUsed() {
        history.record("eu", 0, MINUTE, Map.of("worker", List.of(new PodSample("w-1", 900, 9000))));
        history.record("us", 2 * MINUTE, MINUTE, Map.of("worker", List.of(new PodSample("w-2", 100, 1000))));
        assertThat(history.usedPerPod("worker")).as("two intervals: eu may just be late").contains(new Estimate.Amounts(500, 5000));

        history.record("us", 3 * MINUTE, MINUTE, Map.of("worker", List.of(new PodSample("w-2", 100, 1000))));
        assertThat(history.usedPerPod("worker")).as("three: the workload left eu").contains(new Estimate.Amounts(100, 1000));
    }

    @Test
    void aClusterWithoutMetricsIsNamedUntilItReportsAgainAndWhatItReportedBeforeIsNotUsedNow() {
        history.record("edge", 0, MINUTE, Map.of("main", List.of(new PodSample("p", 100, 1000))));
        history.markWithoutMetrics("edge");
        assertThat(history.clustersWithoutMetrics()).containsExactly("edge");
        assertThat(history.usedPerPod("main")).isEmpty();

        history.record("edge", MINUTE, MINUTE, Map.of("main", List.of(new PodSample("p", 200, 2000))));
        assertThat(history.clustersWithoutMetrics()).isEmpty();
        assertThat(history.usedPerPod("main")).contains(new Estimate.Amounts(200, 2000));
    }

    @Test
    void aRestoredHistoryIsTheSame() {
        history.record("eu", 0, MINUTE, Map.of("worker", List.of(new PodSample("w-1", 100, 1000))));
        history.markWithoutMetrics("edge");
        WorkloadHistory restored = WorkloadHistory.restore(RecommendationSettings.vpaDefaults(), history.state());
        assertThat(restored.state()).usingRecursiveComparison().isEqualTo(history.state());
    }
}
