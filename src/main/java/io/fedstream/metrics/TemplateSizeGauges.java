package io.fedstream.metrics;

import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.interpret.Resources;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The right-sizing gauges, one series per workload, template and resource: what one pod requests, uses and is
 * recommended (cpu in cores, memory in bytes). A series appears with its first value and goes when it has none any
 * more, or with its workload.
 */
final class TemplateSizeGauges {

    static final String REQUESTED = "fedstream.template.requested";
    static final String USED = "fedstream.template.used";
    static final String RECOMMENDED = "fedstream.template.recommended";
    private static final List<String> RESOURCES = List.of("cpu", "memory");

    private record Series(String name, String template, String resource) {}

    /** One value a gauge reads, and the gauge. */
    private record Meter(AtomicReference<Double> value, Gauge gauge) {}

    private final MeterRegistry registry;
    /** Per workload key, its series: a workload's are found without a look at any other's. */
    private final Map<String, Map<Series, Meter>> meters = new ConcurrentHashMap<>();

    TemplateSizeGauges(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * The workload's series as the recommendation says; a series it has no value for any more (a template whose pods
     * are gone, a template the binding dropped) goes, so that no stale figure is scraped.
     */
    void update(WorkloadRecommendation recommendation) {
        Map<Series, Meter> workload = meters.computeIfAbsent(recommendation.getWorkloadKey(), key -> new ConcurrentHashMap<>());
        Set<Series> current = new HashSet<>();
        for (TemplateRecommendation template : recommendation.getTemplates()) {
            set(workload, current, REQUESTED, recommendation, template, template.getRequested());
            set(workload, current, USED, recommendation, template, template.getUsed());
            set(workload, current, RECOMMENDED, recommendation, template, template.getTarget());
        }
        workload.entrySet().removeIf(entry -> {
            if (current.contains(entry.getKey())) {
                return false;
            }
            registry.remove(entry.getValue().gauge());
            return true;
        });
    }

    void forget(String workloadKey) {
        Map<Series, Meter> workload = meters.remove(workloadKey);
        if (workload != null) {
            workload.values().forEach(meter -> registry.remove(meter.gauge()));
        }
    }

    private void set(Map<Series, Meter> workload, Set<Series> current, String name, WorkloadRecommendation recommendation,
                     TemplateRecommendation template, Map<String, String> quantities) {
        Resources amounts = Resources.fromQuantities(quantities);
        for (String resource : RESOURCES) {
            if (!quantities.containsKey(resource)) {
                continue;
            }
            double value = resource.equals("cpu") ? amounts.get(resource) / 1000.0 : amounts.get(resource);
            Series series = new Series(name, template.getTemplate(), resource);
            current.add(series);
            workload.computeIfAbsent(series, s -> {
                AtomicReference<Double> holder = new AtomicReference<>(value);
                return new Meter(holder, Gauge.builder(name, holder, AtomicReference::get)
                        .description(description(name))
                        .tags(Tags.of("namespace", recommendation.getNamespace(), "workload", recommendation.getKind() + "/" + recommendation.getName(),
                                "template", template.getTemplate(), "resource", resource))
                        .register(registry));
            }).value().set(value);
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
