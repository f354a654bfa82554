package io.fedstream.recommend.stage;

import io.fedstream.avro.ClusterTemplateUsage;
import io.fedstream.avro.DecayingHistogramRecord;
import io.fedstream.avro.PodWindowRecord;
import io.fedstream.avro.TemplateHistoryRecord;
import io.fedstream.avro.UsageHistoryRecord;
import io.fedstream.recommend.DecayingHistogram;
import io.fedstream.recommend.TemplateHistory;
import io.fedstream.recommend.WorkloadHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A {@link WorkloadHistory} as the {@code rightsize-usage-histories-store} keeps it (UsageHistoryRecord), and back. */
final class HistoryRecords {

    private HistoryRecords() {}

    static UsageHistoryRecord toRecord(String workloadKey, WorkloadHistory.State state) {
        List<TemplateHistoryRecord> templates = new ArrayList<>();
        state.templates().forEach((template, history) -> templates.add(TemplateHistoryRecord.newBuilder()
                .setTemplate(template)
                .setCpu(toRecord(history.cpu()))
                .setMemoryPeaks(toRecord(history.memoryPeaks()))
                .setPods(history.pods().stream().map(pod -> new PodWindowRecord(pod.pod(), pod.lastSampleMillis(), pod.windowEndMillis(),
                        pod.peakBytes())).toList())
                .setFirstSampleMillis(history.firstSampleMillis())
                .setLastSampleMillis(history.lastSampleMillis())
                .setSampleCount(history.sampleCount())
                .build()));
        return UsageHistoryRecord.newBuilder()
                .setWorkloadKey(workloadKey)
                .setTemplates(templates)
                .setLatest(state.latest().stream().map(latest -> new ClusterTemplateUsage(latest.cluster(), latest.template(),
                        latest.intervalStartMillis(), latest.pods(), latest.cpuMillis(), latest.memoryBytes())).toList())
                .setClustersWithoutMetrics(state.clustersWithoutMetrics())
                .build();
    }

    static WorkloadHistory.State fromRecord(UsageHistoryRecord record) {
        Map<String, TemplateHistory.State> templates = new TreeMap<>();
        for (TemplateHistoryRecord template : record.getTemplates()) {
            templates.put(template.getTemplate(), new TemplateHistory.State(fromRecord(template.getCpu()), fromRecord(template.getMemoryPeaks()),
                    template.getPods().stream().map(pod -> new TemplateHistory.PodWindow(pod.getPod(), pod.getLastSampleMillis(),
                            pod.getWindowEndMillis(), pod.getPeakBytes())).toList(),
                    template.getFirstSampleMillis(), template.getLastSampleMillis(), template.getSampleCount()));
        }
        return new WorkloadHistory.State(templates,
                record.getLatest().stream().map(latest -> new WorkloadHistory.LatestInterval(latest.getCluster(), latest.getTemplate(),
                        latest.getIntervalStart(), latest.getPods(), latest.getCpuMillis(), latest.getMemoryBytes())).toList(),
                record.getClustersWithoutMetrics());
    }

    private static DecayingHistogramRecord toRecord(DecayingHistogram.State state) {
        List<Double> weights = new ArrayList<>(state.weights().length);
        for (double weight : state.weights()) {
            weights.add(weight);
        }
        return new DecayingHistogramRecord(state.referenceMillis(), state.totalWeight(), state.firstBucket(), weights);
    }

    private static DecayingHistogram.State fromRecord(DecayingHistogramRecord record) {
        double[] weights = new double[record.getWeights().size()];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = record.getWeights().get(i);
        }
        return new DecayingHistogram.State(record.getReferenceMillis(), record.getTotalWeight(), record.getFirstBucket(), weights);
    }
}
