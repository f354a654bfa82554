package io.fedstream.place;

import io.fedstream.interpret.Resources;

/** One component of a workload as placement needs it: how many pods, and what one pod requests. */
public record ComponentDemand(String name, long replicas, Resources perPod) {

    public ComponentDemand {
        if (replicas < 0) {
            throw new IllegalArgumentException("replicas of " + name + " must not be negative: " + replicas);
        }
    }
}
