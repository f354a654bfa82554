package io.fedstream.recommend.stage;

import io.fedstream.avro.UsageHistoryRecord;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.recommend.RecommendationSettings;
import io.fedstream.recommend.WorkloadHistory;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The right-sizing task's state, behind what it means: each workload's usage history, its latest recommendation
 * (which also remembers what the binding requests).
 */
public final class RightsizeStores {

    /** Workload key to its usage history (UsageHistoryRecord). */
    public static final String HISTORIES = "rightsize-usage-histories-store";
    /** Workload key to its latest WorkloadRecommendation; what the query API reads. */
    public static final String RECOMMENDATIONS = "rightsize-recommendations-store";
    /**
     * Quota-status key ({@code namespace/name}) to the quota's latest QuotaStatus, the table of the quota-status topic;
     * what the query API's forecast reads.
     */
    public static final String QUOTAS = "rightsize-quotas-store";

    private final RecommendationSettings settings;
    private final KeyValueStore<String, UsageHistoryRecord> histories;
    private final KeyValueStore<String, WorkloadRecommendation> recommendations;

    RightsizeStores(ProcessorContext<?, ?> context, RecommendationSettings settings) {
        this.settings = settings;
        this.histories = context.getStateStore(HISTORIES);
        this.recommendations = context.getStateStore(RECOMMENDATIONS);
    }

    /** The workload's usage history; empty when nothing was reported yet. */
    WorkloadHistory historyOf(String workloadKey) {
        UsageHistoryRecord stored = histories.get(workloadKey);
        return stored == null ? new WorkloadHistory(settings) : WorkloadHistory.restore(settings, HistoryRecords.fromRecord(stored));
    }

    /** Whether any usage of the workload was recorded. */
    boolean hasHistory(String workloadKey) {
        return histories.get(workloadKey) != null;
    }

    void keepHistory(String workloadKey, WorkloadHistory history) {
        histories.put(workloadKey, HistoryRecords.toRecord(workloadKey, history.state()));
    }

    Optional<WorkloadRecommendation> recommendationOf(String workloadKey) {
        return Optional.ofNullable(recommendations.get(workloadKey));
    }

    void keepRecommendation(WorkloadRecommendation recommendation) {
        recommendations.put(recommendation.getWorkloadKey(), recommendation);
    }

    /** The workload is gone: its history and recommendation go too. */
    void forget(String workloadKey) {
        histories.delete(workloadKey);
        recommendations.delete(workloadKey);
    }

}
