package io.fedstream.interpret;

/**
 * The requirement of one component (pod template) of a workload: how many pods run, optional
 * gang/autoscaling bounds, the effective request of one pod and replicas x that request.
 */
public record ComponentRequirement(
        String name, long replicas, Long minReplicas, Long maxReplicas, Resources perPod, Resources total) {}
