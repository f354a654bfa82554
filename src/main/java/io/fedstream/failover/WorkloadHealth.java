package io.fedstream.failover;

import java.util.Locale;
import java.util.Set;

/**
 * A workload's health on one cluster, read from the phase of its WorkloadStatusEvent, in Karmada's three states
 * ({@code ResourceHealth}: Healthy, Unhealthy, Unknown). Only UNHEALTHY starts the application-failure clock; HEALTHY and
 * UNKNOWN stop it, as in Karmada's application failover controller (docs/failover.md, "Application failover").
 */
public enum WorkloadHealth {
    HEALTHY, UNHEALTHY, UNKNOWN;

    /** Running or done: Flink RUNNING/FINISHED, Pod Running/Succeeded, the Ready or Available condition, a bound claim. */
    private static final Set<String> HEALTHY_PHASES = Set.of(
            "healthy", "running", "ready", "available", "succeeded", "completed", "finished", "bound");
    /**
     * Failing, or not (yet) running: what Karmada's native health interpreters call unhealthy (a Deployment whose
     * replicas are not available, a Pending Pod, an unbound claim), and the failure states of Flink and Spark jobs.
     */
    private static final Set<String> UNHEALTHY_PHASES = Set.of(
            "unhealthy", "failed", "failing", "error", "restarting", "crashloopbackoff", "submissionfailed", "notready",
            "notavailable", "pending", "created", "initializing", "reconciling");

    /**
     * The health a phase names, compared without case, spaces, '-' and '_' ({@code NotReady}, {@code SUBMISSION_FAILED});
     * a phase that is missing or names neither (Unknown, SUSPENDED, CANCELED) is UNKNOWN.
     */
    public static WorkloadHealth of(String phase) {
        if (phase == null) {
            return UNKNOWN;
        }
        String word = phase.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]", "");
        if (HEALTHY_PHASES.contains(word)) {
            return HEALTHY;
        }
        return UNHEALTHY_PHASES.contains(word) ? UNHEALTHY : UNKNOWN;
    }
}
