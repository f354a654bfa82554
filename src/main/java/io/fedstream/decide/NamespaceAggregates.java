package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import java.util.List;
import java.util.Objects;

/** What a namespace's admitted workloads run: the total and one aggregate per kind and component (pod template). */
public record NamespaceAggregates(String namespace, Aggregate total, List<Component> components) {

    /** The aggregate of one component of one kind, e.g. the taskmanagers of every FlinkDeployment. */
    public record Component(String kind, String component, Aggregate aggregate) {

        public Component {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(component, "component");
            Objects.requireNonNull(aggregate, "aggregate");
        }
    }

    public NamespaceAggregates {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(total, "total");
        components = List.copyOf(components);
    }
}
