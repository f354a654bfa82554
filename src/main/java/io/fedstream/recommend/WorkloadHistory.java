package io.fedstream.recommend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything one workload's pods have reported, over every cluster: a {@link TemplateHistory} per template (the pods
 * of a template on every cluster feed one history, as VPA aggregates every container of a name under one VPA), the
 * latest interval each cluster reported per template, and the clusters that serve no metrics API.
 */
public final class WorkloadHistory {

    private final RecommendationSettings settings;
    private final Map<String, TemplateHistory> templates;
    private final Map<ClusterTemplate, LatestInterval> latest;
    private final TreeSet<String> clustersWithoutMetrics;

    /** An empty history. */
    public WorkloadHistory(RecommendationSettings settings) {
        this(settings, new TreeMap<>(), new TreeMap<>(), new TreeSet<>());
    }

    private WorkloadHistory(RecommendationSettings settings, Map<String, TemplateHistory> templates,
                            Map<ClusterTemplate, LatestInterval> latest, TreeSet<String> clustersWithoutMetrics) {
        this.settings = settings;
        this.templates = templates;
        this.latest = latest;
        this.clustersWithoutMetrics = clustersWithoutMetrics;
    }

    /** A history restored from {@link #state()}. */
    public static WorkloadHistory restore(RecommendationSettings settings, State state) {
        Map<String, TemplateHistory> templates = new TreeMap<>();
        state.templates().forEach((template, history) -> templates.put(template, TemplateHistory.restore(settings, history)));
        Map<ClusterTemplate, LatestInterval> latest = new TreeMap<>();
        state.latest().forEach(interval -> latest.put(new ClusterTemplate(interval.cluster(), interval.template()), interval));
        return new WorkloadHistory(settings, templates, latest, new TreeSet<>(state.clustersWithoutMetrics()));
    }

    /**
     * One cluster's interval of {@code intervalMillis}: each template's pod samples, all taken at {@code intervalStartMillis}.
     * What another cluster last reported more than two intervals before counts as used no longer: its agent reports every
     * interval while the workload has pods there, so it has none now (the workload moved, or the agent stopped).
     */
    public void record(String cluster, long intervalStartMillis, long intervalMillis, Map<String, List<PodSample>> samplesByTemplate) {
        clustersWithoutMetrics.remove(cluster);
        // A template the cluster no longer reports has no pods there now.
        latest.keySet().removeIf(key -> key.cluster().equals(cluster) && !samplesByTemplate.containsKey(key.template()));
        latest.values().removeIf(interval -> interval.intervalStartMillis() < intervalStartMillis - 2 * intervalMillis);
        samplesByTemplate.forEach((template, samples) -> {
            templates.computeIfAbsent(template, t -> new TemplateHistory(settings)).record(samples, intervalStartMillis);
            latest.put(new ClusterTemplate(cluster, template), LatestInterval.of(cluster, template, intervalStartMillis, samples));
        });
    }

    /** The cluster serves no metrics API: what it reported before no longer counts as current. */
    public void markWithoutMetrics(String cluster) {
        clustersWithoutMetrics.add(cluster);
        latest.keySet().removeIf(key -> key.cluster().equals(cluster));
    }

    /** The templates with a history, by name. */
    public Map<String, TemplateHistory> templates() {
        return Map.copyOf(templates);
    }

    /** What one pod of the template used in each cluster's latest interval, on average over all their pods. */
    public Optional<Estimate.Amounts> usedPerPod(String template) {
        long pods = 0;
        long cpu = 0;
        long memory = 0;
        for (LatestInterval interval : latest.values()) {
            if (interval.template().equals(template)) {
                pods += interval.pods();
                cpu += interval.cpuMillis();
                memory += interval.memoryBytes();
            }
        }
        return pods == 0 ? Optional.empty() : Optional.of(new Estimate.Amounts(cpu / pods, memory / pods));
    }

    public List<String> clustersWithoutMetrics() {
        return List.copyOf(clustersWithoutMetrics);
    }

    /** What a store keeps. */
    public State state() {
        Map<String, TemplateHistory.State> states = new TreeMap<>();
        templates.forEach((template, history) -> states.put(template, history.state()));
        List<LatestInterval> intervals = new ArrayList<>(latest.values());
        intervals.sort(Comparator.comparing(LatestInterval::cluster).thenComparing(LatestInterval::template));
        return new State(states, intervals, List.copyOf(clustersWithoutMetrics));
    }

    private record ClusterTemplate(String cluster, String template) implements Comparable<ClusterTemplate> {
        @Override
        public int compareTo(ClusterTemplate other) {
            int byCluster = cluster.compareTo(other.cluster);
            return byCluster != 0 ? byCluster : template.compareTo(other.template);
        }
    }

    /** The sums of one cluster's latest interval for one template. */
    public record LatestInterval(String cluster, String template, long intervalStartMillis, int pods, long cpuMillis, long memoryBytes) {
        static LatestInterval of(String cluster, String template, long intervalStartMillis, List<PodSample> samples) {
            return new LatestInterval(cluster, template, intervalStartMillis, samples.size(),
                    samples.stream().mapToLong(PodSample::cpuMillis).sum(), samples.stream().mapToLong(PodSample::memoryBytes).sum());
        }
    }

    /** A workload's history as stored. */
    public record State(Map<String, TemplateHistory.State> templates, List<LatestInterval> latest, List<String> clustersWithoutMetrics) {}
}
