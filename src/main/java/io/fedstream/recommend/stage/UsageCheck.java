package io.fedstream.recommend.stage;

import io.fedstream.avro.PodUsage;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.config.WorkloadKey;
import io.fedstream.interpret.FieldError;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** What makes a usage record unusable, as the first error naming its field and value; empty when it is sound. */
final class UsageCheck {

    private UsageCheck() {}

    static Optional<FieldError> problem(String key, WorkloadUsage usage) {
        if (WorkloadKey.parse(key).isEmpty()) {
            return error("key", key, "is not a workload key group/kind/namespace/name");
        }
        if (usage == null) {
            return error("value", null, "is a tombstone; usage is reported, never removed");
        }
        if (!key.equals(usage.getWorkloadKey())) {
            return error("workloadKey", usage.getWorkloadKey(), "does not match the record's key " + key);
        }
        if (usage.getCluster().isBlank()) {
            return error("cluster", usage.getCluster(), "must name the member cluster");
        }
        if (usage.getIntervalSeconds() <= 0) {
            return error("intervalSeconds", Integer.toString(usage.getIntervalSeconds()), "must be positive");
        }
        if (usage.getUnavailableReason() != null && !usage.getTemplates().isEmpty()) {
            return error("templates", Integer.toString(usage.getTemplates().size()), "must be empty when unavailableReason is set");
        }
        Set<String> templates = new HashSet<>();
        Set<String> pods = new HashSet<>();
        for (int t = 0; t < usage.getTemplates().size(); t++) {
            TemplateUsage template = usage.getTemplates().get(t);
            String at = "templates[" + t + "]";
            if (template.getTemplate().isEmpty() || !templates.add(template.getTemplate())) {
                return error(at + ".template", template.getTemplate(), template.getTemplate().isEmpty() ? "must not be empty" : "is repeated");
            }
            for (int p = 0; p < template.getPods().size(); p++) {
                PodUsage pod = template.getPods().get(p);
                String podAt = at + ".pods[" + p + "]";
                if (pod.getPod().isEmpty() || !pods.add(pod.getPod())) {
                    return error(podAt + ".pod", pod.getPod(), pod.getPod().isEmpty() ? "must not be empty" : "is repeated");
                }
                if (pod.getCpuMillis() < 0) {
                    return error(podAt + ".cpuMillis", Long.toString(pod.getCpuMillis()), "must not be negative");
                }
                if (pod.getMemoryBytes() < 0) {
                    return error(podAt + ".memoryBytes", Long.toString(pod.getMemoryBytes()), "must not be negative");
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<FieldError> error(String field, String value, String reason) {
        return Optional.of(new FieldError(field, value, reason));
    }
}
