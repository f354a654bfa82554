package io.fedstream.place;

import java.util.Map;

/** What policy matching needs to know of a workload: its type, namespace (null when cluster-scoped), name and labels. */
public record WorkloadRef(String apiVersion, String kind, String namespace, String name, Map<String, String> labels) {

    public WorkloadRef {
        labels = Map.copyOf(labels);
    }
}
