package io.fedstream.recommend;

import java.util.List;
import java.util.Optional;

/**
 * A namespace's totals over every template of every workload: what it requests, uses and would request at the
 * recommendations (a template without one counts at its request), and per FederatedResourceQuota the hard limits
 * beside what the namespace would need of them. CPU in millicores, memory in bytes.
 */
public record NamespaceForecast(String namespace, Estimate.Amounts requested, Estimate.Amounts used, Estimate.Amounts recommended,
                                long templates, long templatesRecommended, List<QuotaForecast> quotas) {

    /** One template's figures, per pod, and its pods. */
    public record TemplateFigures(long replicas, Estimate.Amounts requestedPerPod, Optional<Estimate.Amounts> usedPerPod,
                                  Optional<Estimate.Amounts> targetPerPod) {}

    /** A quota's cpu and memory hard limits (absent when it does not limit them). */
    public record QuotaHard(String name, Optional<Long> cpuMillis, Optional<Long> memoryBytes) {}

    /** The quota's hard limits beside what the namespace would need at the recommendations. */
    public record QuotaForecast(String name, Optional<Long> hardCpuMillis, Optional<Long> hardMemoryBytes, Estimate.Amounts needed) {}

    /** The forecast of a namespace from its templates and quotas. */
    public static NamespaceForecast of(String namespace, List<TemplateFigures> templates, List<QuotaHard> quotas) {
        long requestedCpu = 0;
        long requestedMemory = 0;
        long usedCpu = 0;
        long usedMemory = 0;
        long recommendedCpu = 0;
        long recommendedMemory = 0;
        long recommended = 0;
        for (TemplateFigures template : templates) {
            long pods = template.replicas();
            requestedCpu += pods * template.requestedPerPod().cpuMillis();
            requestedMemory += pods * template.requestedPerPod().memoryBytes();
            if (template.usedPerPod().isPresent()) {
                usedCpu += pods * template.usedPerPod().get().cpuMillis();
                usedMemory += pods * template.usedPerPod().get().memoryBytes();
            }
            Estimate.Amounts sized = template.targetPerPod().orElse(template.requestedPerPod());
            recommendedCpu += pods * sized.cpuMillis();
            recommendedMemory += pods * sized.memoryBytes();
            recommended += template.targetPerPod().isPresent() ? 1 : 0;
        }
        Estimate.Amounts needed = new Estimate.Amounts(recommendedCpu, recommendedMemory);
        return new NamespaceForecast(namespace, new Estimate.Amounts(requestedCpu, requestedMemory), new Estimate.Amounts(usedCpu, usedMemory),
                needed, templates.size(), recommended,
                quotas.stream().map(quota -> new QuotaForecast(quota.name(), quota.cpuMillis(), quota.memoryBytes(), needed)).toList());
    }
}
