package io.fedstream.config;

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
        String deadLetters,
        String capacityReservations,
        String clusterViews,
        String clusterTransitions) {
}
