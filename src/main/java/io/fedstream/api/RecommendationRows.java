package io.fedstream.api;

import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.config.WorkloadKey;
import io.fedstream.recommend.TemplateAdvice;
import io.fedstream.recommend.TemplateRequest;
import io.fedstream.recommend.stage.RecommendationRecords;
import java.util.List;
import java.util.Optional;

/**
 * A bound workload's row on the recommendations route, from its binding in the namespace pass's workloads store and its
 * recommendation as right-sizing stored it, if any. Right-sizing writes nothing for a workload no cluster has reported
 * usage of (a record and a changelog record per bound workload, only to say "no usage yet"), so that row is derived here:
 * {@code NO_USAGE} per template at what the binding requests, as right-sizing wrote it before.
 */
final class RecommendationRows {

    private RecommendationRows() {}

    /** The workload's row: the stored recommendation, or the derived {@code NO_USAGE} row when there is none. */
    static Optional<WorkloadRecommendation> of(Optional<WorkloadRecommendation> stored, ResourceBinding binding) {
        List<TemplateRequest> requests = RecommendationRecords.requests(binding);
        if (stored.isPresent()) {
            return stored;
        }
        Optional<WorkloadKey> key = WorkloadKey.parse(binding.getWorkloadKey());
        if (requests.isEmpty() || key.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(WorkloadRecommendation.newBuilder()
                .setWorkloadKey(binding.getWorkloadKey())
                .setNamespace(key.get().namespace())
                .setKind(key.get().kind())
                .setName(key.get().name())
                .setTemplates(requests.stream().map(request -> withoutUsage(request, List.of())).toList())
                .setClustersWithoutMetrics(List.of())
                .setUpdatedAt(binding.getUpdatedAt())
                .build());
    }

    /** A template no cluster reported pods of, as right-sizing writes it ({@link TemplateAdvice}). */
    private static TemplateRecommendation withoutUsage(TemplateRequest request, List<String> clustersWithoutMetrics) {
        boolean noMetrics = !clustersWithoutMetrics.isEmpty();
        return TemplateRecommendation.newBuilder()
                .setTemplate(request.template())
                .setState(noMetrics ? RecommendationState.NO_METRICS : RecommendationState.NO_USAGE)
                .setReason(noMetrics ? TemplateAdvice.noMetricsReason(clustersWithoutMetrics) : TemplateAdvice.NO_USAGE_REASON)
                .setReplicas(request.replicas())
                .setRequested(RecommendationRecords.quantities(request.perPod()))
                .build();
    }

}
