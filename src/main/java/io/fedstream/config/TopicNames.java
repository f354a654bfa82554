package io.fedstream.config;

import java.util.LinkedHashMap;
import java.util.Map;

/** The names of every topic fedstream reads or writes, as configured. */
public record TopicNames(
        String workloads,
        String policies,
        String clusterHealth,
        String workloadStatus,
        String stateDeltas,
        String bindings,
        String quotaStatus,
        String clusterState,
        String migrations,
        String migrationEvents,
        String audit,
        String deadLetters) {

    /** The names as configured. */
    public static TopicNames from(FedstreamConfig config) {
        return new TopicNames(
                config.workloadsTopic(),
                config.policiesTopic(),
                config.clusterHealthTopic(),
                config.workloadStatusTopic(),
                config.stateDeltasTopic(),
                config.bindingsTopic(),
                config.quotaStatusTopic(),
                config.clusterStateTopic(),
                config.migrationsTopic(),
                config.migrationEventsTopic(),
                config.auditTopic(),
                config.dlqTopic());
    }

    /** The documented defaults of DESIGN.md. */
    public static TopicNames defaults() {
        return new TopicNames(
                "fedstream.workloads",
                "fedstream.policies",
                "fedstream.cluster-health",
                "fedstream.workload-status",
                "fedstream.state-deltas",
                "fedstream.bindings",
                "fedstream.quota-status",
                "fedstream.cluster-state",
                "fedstream.migrations",
                "fedstream.migration-events",
                "fedstream.audit",
                "fedstream.dlq");
    }

    /** Every topic by its role, in DESIGN.md order (inputs first). */
    public Map<String, String> byRole() {
        Map<String, String> roles = new LinkedHashMap<>();
        roles.put("workloads", workloads);
        roles.put("policies", policies);
        roles.put("cluster-health", clusterHealth);
        roles.put("workload-status", workloadStatus);
        roles.put("state-deltas", stateDeltas);
        roles.put("migration-events", migrationEvents);
        roles.put("bindings", bindings);
        roles.put("quota-status", quotaStatus);
        roles.put("cluster-state", clusterState);
        roles.put("migrations", migrations);
        roles.put("audit", audit);
        roles.put("dlq", deadLetters);
        return roles;
    }
}
