package io.fedstream.cli;

import io.fedstream.api.NamespaceRecommendations;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.recommend.Estimate;
import io.fedstream.recommend.NamespaceForecast;
import io.fedstream.recommend.stage.RecommendationRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders recommendations one row per template: requested, used and recommended CPU and memory per pod, the idle
 * share and the state (wide: bounds, samples, confidence and reason); then per namespace its totals and, per quota,
 * the hard limits beside what the namespace would need at the recommendations.
 */
final class RecommendationTable {

    private RecommendationTable() {}

    static String render(List<NamespaceRecommendations> namespaces, boolean wide) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("NAMESPACE", "WORKLOAD", "TEMPLATE", "PODS", "CPU REQ", "CPU USED", "CPU REC",
                "MEM REQ", "MEM USED", "MEM REC", "IDLE CPU", "IDLE MEM", "STATE"));
        if (wide) {
            header.addAll(List.of("CPU RANGE", "MEM RANGE", "SAMPLES", "CONFIDENCE", "REASON"));
        }
        rows.add(header);
        for (NamespaceRecommendations namespace : namespaces) {
            for (WorkloadRecommendation workload : namespace.workloads()) {
                for (TemplateRecommendation template : workload.getTemplates()) {
                    rows.add(row(workload, template, wide));
                }
            }
        }
        StringBuilder out = new StringBuilder(TextTable.render(rows));
        for (NamespaceRecommendations namespace : namespaces) {
            out.append('\n').append(totals(namespace.forecast()));
        }
        return out.toString();
    }

    private static List<String> row(WorkloadRecommendation workload, TemplateRecommendation template, boolean wide) {
        List<String> row = new ArrayList<>(List.of(workload.getNamespace(), workload.getKind() + "/" + workload.getName(),
                template.getTemplate(), template.getReplicas() == null ? "-" : Long.toString(template.getReplicas()),
                get(template.getRequested(), "cpu"), get(template.getUsed(), "cpu"), get(template.getTarget(), "cpu"),
                get(template.getRequested(), "memory"), get(template.getUsed(), "memory"), get(template.getTarget(), "memory"),
                percent(template.getIdleShare().get("cpu")), percent(template.getIdleShare().get("memory")), template.getState().name()));
        if (wide) {
            row.add(range(template.getLowerBound(), template.getUpperBound(), "cpu"));
            row.add(range(template.getLowerBound(), template.getUpperBound(), "memory"));
            row.add(Long.toString(template.getSamples()));
            row.add(template.getTarget().isEmpty() ? "-" : String.format(Locale.ROOT, "%.2f", template.getConfidence()));
            row.add(template.getReason() == null ? "" : template.getReason());
        }
        return row;
    }

    private static String totals(NamespaceForecast forecast) {
        StringBuilder line = new StringBuilder("namespace " + forecast.namespace() + ": requested " + amounts(forecast.requested())
                + "; used " + amounts(forecast.used()) + "; at the recommendations " + amounts(forecast.recommended()) + " ("
                + forecast.templatesRecommended() + " of " + forecast.templates() + " templates recommended)\n");
        for (NamespaceForecast.QuotaForecast quota : forecast.quotas()) {
            line.append("  quota ").append(quota.name()).append(": hard ")
                    .append(quota.hardCpuMillis().map(cpu -> "cpu " + quantity(new Estimate.Amounts(cpu, 0), "cpu")).orElse("cpu -"))
                    .append(", ")
                    .append(quota.hardMemoryBytes().map(memory -> "memory " + quantity(new Estimate.Amounts(0, memory), "memory"))
                            .orElse("memory -"))
                    .append("; would need ").append(amounts(quota.needed())).append('\n');
        }
        return line.toString();
    }

    private static String amounts(Estimate.Amounts amounts) {
        return "cpu " + quantity(amounts, "cpu") + ", memory " + quantity(amounts, "memory");
    }

    private static String quantity(Estimate.Amounts amounts, String resource) {
        return RecommendationRecords.quantities(amounts).getOrDefault(resource, "0");
    }

    private static String get(Map<String, String> quantities, String resource) {
        return quantities.getOrDefault(resource, "-");
    }

    private static String range(Map<String, String> lower, Map<String, String> upper, String resource) {
        return lower.containsKey(resource) ? lower.get(resource) + ".." + upper.get(resource) : "-";
    }

    private static String percent(Double share) {
        return share == null ? "-" : Math.round(share * 100) + "%";
    }
}
