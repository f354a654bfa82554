package io.fedstream.recommend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One template's right-sizing: what it requests (from the binding), uses (latest interval) and what its history
 * supports ({@link Estimate}), or why nothing can be said.
 */
public record TemplateAdvice(String template, State state, String reason, Optional<TemplateRequest> request,
                             Optional<Estimate.Amounts> usedPerPod, Optional<TemplateHistory> history, Estimate estimate) {

    /** Whether the template has a recommendation, and if not, why. */
    public enum State { RECOMMENDED, TOO_LITTLE_HISTORY, NO_USAGE, NO_METRICS }

    /** The reason of a template whose usage is unknown: no cluster reported pods of it. */
    public static final String NO_USAGE_REASON = "usage unknown: no cluster reported pods of this template";

    /** The reason of a template without usage on a workload whose clusters, named, serve no metrics API. */
    public static String noMetricsReason(List<String> clustersWithoutMetrics) {
        return "usage unknown: no metrics API (metrics.k8s.io) on " + String.join(", ", clustersWithoutMetrics);
    }

    /**
     * The reason of a template whose usage is known and whose requests are not (the task has not seen the workload's
     * binding since it started, or the binding does not name the template), alone or after the reason there is no
     * recommendation yet: the requested figures are then empty, not zero.
     */
    public static final String REQUESTS_UNKNOWN = "requests unknown until the workload's next binding";

    /** Per resource, {@code 1 - used / requested}, at least 0; only where both are known and something is requested. */
    public Map<String, Double> idleShare() {
        if (request.isEmpty() || usedPerPod.isEmpty()) {
            return new TreeMap<>();
        }
        return idleShare(request.get().perPod(), usedPerPod.get());
    }

    /** Per resource, {@code 1 - used / requested}, at least 0, where something is requested. */
    public static Map<String, Double> idleShare(Estimate.Amounts requested, Estimate.Amounts used) {
        Map<String, Double> idle = new TreeMap<>();
        if (requested.cpuMillis() > 0) {
            idle.put("cpu", Math.max(0.0, 1.0 - (double) used.cpuMillis() / requested.cpuMillis()));
        }
        if (requested.memoryBytes() > 0) {
            idle.put("memory", Math.max(0.0, 1.0 - (double) used.memoryBytes() / requested.memoryBytes()));
        }
        return idle;
    }

    /**
     * The advice for every template of a workload: those the binding names, in its order, then those only the usage
     * knows (e.g. before the binding arrives).
     */
    public static List<TemplateAdvice> of(List<TemplateRequest> requests, WorkloadHistory history, Recommender recommender) {
        Map<String, TemplateRequest> byTemplate = new TreeMap<>();
        requests.forEach(request -> byTemplate.put(request.template(), request));
        List<String> names = new ArrayList<>(requests.stream().map(TemplateRequest::template).toList());
        history.templates().keySet().stream().sorted().filter(name -> !byTemplate.containsKey(name)).forEach(names::add);
        List<TemplateAdvice> advice = new ArrayList<>();
        for (String name : names) {
            advice.add(of(name, Optional.ofNullable(byTemplate.get(name)), history, recommender));
        }
        return advice;
    }

    private static TemplateAdvice of(String template, Optional<TemplateRequest> request, WorkloadHistory history, Recommender recommender) {
        Optional<TemplateHistory> templateHistory = Optional.ofNullable(history.templates().get(template));
        Optional<Estimate.Amounts> used = history.usedPerPod(template);
        if (templateHistory.isEmpty()) {
            TemplateHistory empty = new TemplateHistory(recommender.settings());
            Estimate none = recommender.estimate(empty);
            if (!history.clustersWithoutMetrics().isEmpty()) {
                return new TemplateAdvice(template, State.NO_METRICS, noMetricsReason(history.clustersWithoutMetrics()), request, used,
                        Optional.empty(), none);
            }
            return new TemplateAdvice(template, State.NO_USAGE, NO_USAGE_REASON, request, used, Optional.empty(), none);
        }
        Estimate estimate = recommender.estimate(templateHistory.get());
        if (estimate instanceof Estimate.TooLittleHistory little) {
            return new TemplateAdvice(template, State.TOO_LITTLE_HISTORY, withRequest(little.reason(), request), request, used,
                    templateHistory, estimate);
        }
        return new TemplateAdvice(template, State.RECOMMENDED, withRequest(null, request), request, used, templateHistory, estimate);
    }

    /** The reason, followed by {@link #REQUESTS_UNKNOWN} when there is no request. */
    private static String withRequest(String reason, Optional<TemplateRequest> request) {
        if (request.isPresent()) {
            return reason;
        }
        return reason == null ? REQUESTS_UNKNOWN : reason + "; " + REQUESTS_UNKNOWN;
    }
}
