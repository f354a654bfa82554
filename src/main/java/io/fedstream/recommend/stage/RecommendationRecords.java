package io.fedstream.recommend.stage;

import io.fedstream.avro.Component;
import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.config.WorkloadKey;
import io.fedstream.interpret.Resources;
import io.fedstream.recommend.Estimate;
import io.fedstream.recommend.TemplateAdvice;
import io.fedstream.recommend.TemplateRequest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The Avro side of right-sizing: a binding's templates as {@link TemplateRequest}s, and advice as a WorkloadRecommendation. */
public final class RecommendationRecords {

    private RecommendationRecords() {}

    /** What the binding's templates request, per pod. */
    public static List<TemplateRequest> requests(ResourceBinding binding) {
        return binding.getComponents().stream().map(RecommendationRecords::request).toList();
    }

    private static TemplateRequest request(Component component) {
        return new TemplateRequest(component.getName(), component.getReplicas(), amounts(component.getPerPod()));
    }

    /** The requests a recommendation was computed with: its templates that have replicas (the binding's). */
    static List<TemplateRequest> requests(WorkloadRecommendation recommendation) {
        return recommendation.getTemplates().stream().filter(template -> template.getReplicas() != null)
                .map(template -> new TemplateRequest(template.getTemplate(), template.getReplicas(), amounts(template.getRequested())))
                .toList();
    }

    static WorkloadRecommendation toRecord(String workloadKey, List<TemplateAdvice> advice, List<String> clustersWithoutMetrics, Instant at) {
        WorkloadKey key = WorkloadKey.parse(workloadKey).orElseThrow();
        return WorkloadRecommendation.newBuilder()
                .setWorkloadKey(workloadKey)
                .setNamespace(key.namespace())
                .setKind(key.kind())
                .setName(key.name())
                .setTemplates(advice.stream().map(RecommendationRecords::toRecord).toList())
                .setClustersWithoutMetrics(clustersWithoutMetrics)
                .setUpdatedAt(at)
                .build();
    }

    private static TemplateRecommendation toRecord(TemplateAdvice advice) {
        TemplateRecommendation.Builder record = TemplateRecommendation.newBuilder()
                .setTemplate(advice.template())
                .setState(RecommendationState.valueOf(advice.state().name()))
                .setReason(advice.reason())
                .setReplicas(advice.request().map(TemplateRequest::replicas).orElse(null))
                .setRequested(advice.request().map(request -> quantities(request.perPod())).orElse(Map.of()))
                .setUsed(advice.usedPerPod().map(RecommendationRecords::quantities).orElse(Map.of()))
                .setIdleShare(advice.idleShare())
                .setSamples(advice.history().map(history -> history.sampleCount()).orElse(0L))
                .setHistorySince(advice.history().filter(history -> history.sampleCount() > 0)
                        .map(history -> Instant.ofEpochMilli(history.firstSampleMillis())).orElse(null));
        if (advice.estimate() instanceof Estimate.Recommended recommended) {
            record.setTarget(quantities(recommended.target()))
                    .setLowerBound(quantities(recommended.lowerBound()))
                    .setUpperBound(quantities(recommended.upperBound()))
                    .setConfidence(recommended.confidence());
        }
        return record.build();
    }

    /** cpu (millicores) and memory (bytes) as canonical Kubernetes quantities. */
    public static Map<String, String> quantities(Estimate.Amounts amounts) {
        return Resources.of(Map.of("cpu", amounts.cpuMillis(), "memory", amounts.memoryBytes())).toQuantities();
    }

    /** The cpu and memory of quantities (0 where absent); other resources are not right-sized. */
    public static Estimate.Amounts amounts(Map<String, String> quantities) {
        Resources resources = Resources.fromQuantities(quantities);
        return new Estimate.Amounts(resources.get("cpu"), resources.get("memory"));
    }

    /** The cpu and memory of quantities, when there are any. */
    public static Optional<Estimate.Amounts> amountsIfAny(Map<String, String> quantities) {
        return quantities.isEmpty() ? Optional.empty() : Optional.of(amounts(quantities));
    }
}
