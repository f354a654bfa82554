package io.fedstream.failover;

import io.fedstream.avro.ResourceBinding;

import java.util.Map;
import java.util.Objects;

/** The facts about a workload that failover planning reads from its binding. */
public record Workload(String key, String kind, Map<String, String> labels) {

    public Workload {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(kind, "kind");
        labels = labels == null ? Map.of() : Map.copyOf(labels);
    }

    public static Workload of(ResourceBinding binding) {
        return new Workload(binding.getWorkloadKey(), binding.getKind(), binding.getLabels());
    }
}
