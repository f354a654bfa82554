package io.fedstream.api;

import java.util.List;

/** The columns of an Aggregate's row (a namespace) and of a ClusterAggregate's (a cluster) for kubectl. */
final class AggregateColumns {

    static final List<TableColumn> NAMESPACE = List.of(
            TableColumn.name("The namespace."),
            TableColumn.text("Workloads", "Admitted workloads.", (object, now) -> object.at("/status/total/workloads").asText("0")),
            TableColumn.text("Replicas", "Their pods.", (object, now) -> object.at("/status/total/replicas").asText("0")),
            TableColumn.text("CPU", "What their pods request.", (object, now) -> object.at("/status/total/resources/cpu").asText("0")),
            TableColumn.text("Memory", "What their pods request.", (object, now) -> object.at("/status/total/resources/memory").asText("0")),
            TableColumn.text("Components", "Distinct kinds and pod templates.", (object, now) -> Integer.toString(object.at("/status/components").size())));

    static final List<TableColumn> CLUSTER = List.of(
            TableColumn.name("The member cluster."),
            TableColumn.text("Workloads", "Admitted workloads placed there.", (object, now) -> object.at("/status/workloads").asText("0")),
            TableColumn.text("Replicas", "Their pods there.", (object, now) -> object.at("/status/replicas").asText("0")),
            TableColumn.text("CPU", "What their pods there request.", (object, now) -> object.at("/status/resources/cpu").asText("0")),
            TableColumn.text("Memory", "What their pods there request.", (object, now) -> object.at("/status/resources/memory").asText("0")),
            TableColumn.text("Namespaces", "Namespaces with workloads there.", (object, now) -> Integer.toString(object.at("/status/namespaces").size())));

    private AggregateColumns() {}
}
