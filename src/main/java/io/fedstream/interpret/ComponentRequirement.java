package io.fedstream.interpret;

/**
 * The requirement of one component (pod template) of a workload: how many pods run, optional
 * gang/autoscaling bounds, the effective request of one pod and replicas x that request, and
 * likewise the limits of one pod (only the resources it is limited in) and replicas x those.
 */
public record ComponentRequirement(
        String name, long replicas, Long minReplicas, Long maxReplicas, Resources perPod, Resources total,
        Resources perPodLimits, Resources totalLimits) {

    public ComponentRequirement {
        perPodLimits = perPodLimits == null ? Resources.NONE : perPodLimits;
        totalLimits = totalLimits == null ? Resources.NONE : totalLimits;
    }
}
