package io.fedstream.recommend.stage;

import io.fedstream.avro.PodUsage;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.recommend.PodSample;
import io.fedstream.recommend.RecommendationSettings;
import io.fedstream.recommend.Recommender;
import io.fedstream.recommend.TemplateAdvice;
import io.fedstream.recommend.TemplateRequest;
import io.fedstream.recommend.WorkloadHistory;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The right-sizing task: a usage report goes into the workload's history, a binding says what its templates request,
 * and either way the workload's recommendation is computed again and written, once the workload has usage; a removed
 * binding removes the workload's history and writes a tombstone, and a late usage report of it is dropped
 * ({@link RemovedWorkloads}).
 */
final class RightsizeProcessor implements Processor<String, RightsizeSignal, String, RightsizeOutcome> {

    private final RecommendationSettings settings;
    private final Recommender recommender;
    private final FedstreamMetrics metrics;
    private ProcessorContext<String, RightsizeOutcome> context;
    private RightsizeStores stores;
    /**
     * The requests of the workloads bound while no usage of theirs was known, in memory: most workloads are bound long
     * before their first usage, and storing each such binding's requests cost the engine a changelog record per workload
     * for a recommendation that says only "no usage yet" (the query API derives that row from the namespace pass's
     * workloads). A restarted or moved task learns them again from the next binding; a first usage before it writes a
     * recommendation whose templates say {@link TemplateAdvice#REQUESTS_UNKNOWN}, and the query API fills their requested
     * figures from the binding.
     */
    private final Map<String, List<TemplateRequest>> boundWithoutUsage = new java.util.HashMap<>();
    private final RemovedWorkloads removed = new RemovedWorkloads();

    RightsizeProcessor(RecommendationSettings settings, FedstreamMetrics metrics) {
        this.settings = settings;
        this.recommender = new Recommender(settings);
        this.metrics = metrics;
    }

    /** Equal but for the time stamp. */
    private static boolean sameBut(WorkloadRecommendation previous, WorkloadRecommendation next) {
        WorkloadRecommendation stamped = WorkloadRecommendation.newBuilder(previous).setUpdatedAt(next.getUpdatedAt()).build();
        return stamped.equals(next);
    }

    @Override
    public void init(ProcessorContext<String, RightsizeOutcome> context) {
        this.context = context;
        this.stores = new RightsizeStores(context, settings);
    }

    @Override
    public void process(Record<String, RightsizeSignal> record) {
        String key = record.key();
        RightsizeSignal signal = record.value();
        if (signal instanceof RightsizeSignal.Malformed malformed) {
            context.forward(record.withValue(new RightsizeOutcome.DeadLettered(malformed.letter(), malformed.original())));
        } else if (signal instanceof RightsizeSignal.Usage usage) {
            if (removed.recentlyRemoved(key, record.timestamp())) {
                metrics.usageDropped(FedstreamMetrics.USAGE_OF_REMOVED_WORKLOAD);
                return;
            }
            WorkloadHistory history = stores.historyOf(key);
            record(history, usage.usage());
            stores.keepHistory(key, history);
            List<TemplateRequest> requests = stores.recommendationOf(key).map(RecommendationRecords::requests)
                    .orElseGet(() -> boundWithoutUsage.getOrDefault(key, List.of()));
            boundWithoutUsage.remove(key);
            recommend(record, history, requests);
        } else if (signal instanceof RightsizeSignal.Binding binding && binding.binding() == null) {
            boolean known = stores.recommendationOf(key).isPresent();
            boundWithoutUsage.remove(key);
            removed.removed(key, record.timestamp());
            stores.forget(key);
            metrics.templatesForgotten(key);
            if (known) {
                context.forward(record.withValue(new RightsizeOutcome.Recommendation(null)));
            }
        } else if (signal instanceof RightsizeSignal.Binding binding) {
            removed.bound(key);
            if (stores.recommendationOf(key).isEmpty() && !stores.hasHistory(key)) {
                boundWithoutUsage.put(key, RecommendationRecords.requests(binding.binding()));
                return;
            }
            recommend(record, stores.historyOf(key), RecommendationRecords.requests(binding.binding()));
        }
    }

    private static void record(WorkloadHistory history, WorkloadUsage usage) {
        if (usage.getUnavailableReason() != null) {
            history.markWithoutMetrics(usage.getCluster());
            return;
        }
        Map<String, List<PodSample>> samples = new LinkedHashMap<>();
        for (TemplateUsage template : usage.getTemplates()) {
            samples.put(template.getTemplate(), template.getPods().stream().map(RightsizeProcessor::sample).toList());
        }
        history.record(usage.getCluster(), usage.getIntervalStart().toEpochMilli(), usage.getIntervalSeconds() * 1000L, samples);
    }

    private static PodSample sample(PodUsage pod) {
        return new PodSample(pod.getPod(), pod.getCpuMillis(), pod.getMemoryBytes());
    }

    private void recommend(Record<String, RightsizeSignal> record, WorkloadHistory history, List<TemplateRequest> requests) {
        List<TemplateAdvice> advice = TemplateAdvice.of(requests, history, recommender);
        WorkloadRecommendation recommendation = RecommendationRecords.toRecord(record.key(), advice, history.clustersWithoutMetrics(),
                Instant.ofEpochMilli(record.timestamp()));
        Optional<WorkloadRecommendation> previous = stores.recommendationOf(record.key());
        if (advice.isEmpty() && previous.isEmpty() || previous.isPresent() && sameBut(previous.get(), recommendation)) {
            // Nothing to say, or nothing new: a binding written again, a workload without templates.
            return;
        }
        stores.keepRecommendation(recommendation);
        metrics.templatesSized(recommendation);
        context.forward(record.withValue(new RightsizeOutcome.Recommendation(recommendation)));
    }
}
