package io.fedstream.api;

import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.config.WorkloadKey;
import io.fedstream.recommend.TemplateAdvice;
import io.fedstream.recommend.TemplateRequest;
import io.fedstream.recommend.stage.RecommendationRecords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A bound workload's row on the recommendations route, from its binding in the namespace pass's workloads store and its
 * recommendation as right-sizing stored it, if any. Right-sizing writes nothing for a workload no cluster has reported
 * usage of (a record and a changelog record per bound workload, only to say "no usage yet"), so that row is derived here:
 * {@code NO_USAGE} per template at what the binding requests, as right-sizing wrote it before. A recommendation written
 * by a task that did not know the binding (restarted or moved since it: its templates have no replicas and say
 * {@link TemplateAdvice#REQUESTS_UNKNOWN}) gets its requested figures from the binding.
 */
final class RecommendationRows {

    private RecommendationRows() {}

    /**
     * The workload's row: the stored recommendation, completed from the binding where its requests were unknown; the
     * derived {@code NO_USAGE} row when there is none; empty when neither names a template.
     */
    static Optional<WorkloadRecommendation> of(Optional<WorkloadRecommendation> stored, ResourceBinding binding) {
        List<TemplateRequest> requests = RecommendationRecords.requests(binding);
        if (stored.isPresent()) {
            return Optional.of(withRequests(stored.get(), requests));
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

    /**
     * The templates the binding names, in its order, then the ones only the usage knows, as right-sizing orders them; a
     * recommendation whose every template has its requests is shown as stored.
     */
    private static WorkloadRecommendation withRequests(WorkloadRecommendation stored, List<TemplateRequest> requests) {
        if (stored.getTemplates().stream().allMatch(template -> template.getReplicas() != null)) {
            return stored;
        }
        Map<String, TemplateRecommendation> byTemplate = new LinkedHashMap<>();
        stored.getTemplates().forEach(template -> byTemplate.put(template.getTemplate(), template));
        List<TemplateRecommendation> templates = new ArrayList<>();
        for (TemplateRequest request : requests) {
            TemplateRecommendation template = byTemplate.remove(request.template());
            if (template == null) {
                templates.add(withoutUsage(request, stored.getClustersWithoutMetrics()));
            } else if (template.getReplicas() == null) {
                templates.add(withRequest(template, request));
            } else {
                templates.add(template);
            }
        }
        templates.addAll(byTemplate.values());
        return WorkloadRecommendation.newBuilder(stored).setTemplates(templates).build();
    }

    private static TemplateRecommendation withRequest(TemplateRecommendation template, TemplateRequest request) {
        return TemplateRecommendation.newBuilder(template)
                .setReplicas(request.replicas())
                .setRequested(RecommendationRecords.quantities(request.perPod()))
                .setIdleShare(RecommendationRecords.amountsIfAny(template.getUsed())
                        .map(used -> TemplateAdvice.idleShare(request.perPod(), used)).orElse(Map.of()))
                .setReason(withoutRequestsUnknown(template.getReason()))
                .build();
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

    /** The reason without {@link TemplateAdvice#REQUESTS_UNKNOWN}, now that the requests are known. */
    private static String withoutRequestsUnknown(String reason) {
        String suffix = "; " + TemplateAdvice.REQUESTS_UNKNOWN;
        if (reason == null || reason.equals(TemplateAdvice.REQUESTS_UNKNOWN)) {
            return null;
        }
        return reason.endsWith(suffix) ? reason.substring(0, reason.length() - suffix.length()) : reason;
    }
}
