package io.fedstream.place;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Resources;

/** One component of a workload as placement needs it: how many pods, and what one pod requests. */
public record ComponentDemand(String name, long replicas, Resources perPod) {

    public ComponentDemand {
        if (replicas < 0) {
            throw new IllegalArgumentException("replicas of " + name + " must not be negative: " + replicas);
        }
    }

    /** The demand of an interpreted component: its replicas and its pod's effective request. */
    public static ComponentDemand of(Component component) {
        return new ComponentDemand(component.name(), component.replicas(), component.pod().resources());
    }
}
