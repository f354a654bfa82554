package io.fedstream.metrics;

import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.interpret.Resources;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The right-sizing gauges, one series per workload, template and resource: what one pod requests, uses and is
 * recommended (cpu in cores, memory in bytes). A series appears with its first value and goes with its workload.
 */
final class TemplateSizeGauges {

    static final String REQUESTED = "fedstream.template.requested";
    static final String USED = "fedstream.template.used";
    static final String RECOMMENDED = "fedstream.template.recommended";
    private static final List<String> RESOURCES = List.of("cpu", "memory");

    private record Series(String name, String workloadKey, String template, String resource) {}

    private final MeterRegistry registry;
    private final Map<Series, AtomicReference<Double>> values = new ConcurrentHashMap<>();
    private final Map<Series, Gauge> gauges = new ConcurrentHashMap<>();

    TemplateSizeGauges(MeterRegistry registry) {
        this.registry = registry;
    }

    void update(WorkloadRecommendation recommendation) {
        for (TemplateRecommendation template : recommendation.getTemplates()) {
            set(REQUESTED, recommendation, template, template.getRequested());
            set(USED, recommendation, template, template.getUsed());
            set(RECOMMENDED, recommendation, template, template.getTarget());
        }
    }

    void forget(String workloadKey) {
        gauges.entrySet().removeIf(entry -> {
            if (!entry.getKey().workloadKey().equals(workloadKey)) {
                return false;
            }
            registry.remove(entry.getValue());
            values.remove(entry.getKey());
            return true;
        });
    }

    private void set(String name, WorkloadRecommendation recommendation, TemplateRecommendation template, Map<String, String> quantities) {
        Resources amounts = Resources.fromQuantities(quantities);
        for (String resource : RESOURCES) {
            if (!quantities.containsKey(resource)) {
                continue;
            }
            double value = resource.equals("cpu") ? amounts.get(resource) / 1000.0 : amounts.get(resource);
            Series series = new Series(name, recommendation.getWorkloadKey(), template.getTemplate(), resource);
            values.computeIfAbsent(series, s -> {
                AtomicReference<Double> holder = new AtomicReference<>(value);
                gauges.put(s, Gauge.builder(name, holder, AtomicReference::get)
                        .description(description(name))
                        .tags(Tags.of("namespace", recommendation.getNamespace(), "workload", recommendation.getKind() + "/" + recommendation.getName(),
                                "template", template.getTemplate(), "resource", resource))
                        .register(registry));
                return holder;
            }).set(value);
        }
    }

    private static String description(String name) {
        return switch (name) {
            case REQUESTED -> "What one pod of the template requests (cpu in cores, memory in bytes)";
            case USED -> "What one pod of the template used in the latest interval, on average";
            default -> "What one pod of the template should request: the VPA target";
        };
    }
}
