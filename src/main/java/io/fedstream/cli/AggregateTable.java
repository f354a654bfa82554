package io.fedstream.cli;

import io.fedstream.admit.Aggregate;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Renders aggregates: a namespace one row per kind and component, or clusters one row per namespace, with totals. */
final class AggregateTable {

    private static final String TOTAL = "= total";

    private AggregateTable() {}

    static String namespace(NamespaceAggregates aggregates) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("NAMESPACE", "KIND", "COMPONENT", "WORKLOADS", "REPLICAS", "CPU", "MEMORY", "OTHER"));
        boolean first = true;
        for (NamespaceAggregates.Component component : aggregates.components()) {
            rows.add(row(List.of(first ? aggregates.namespace() : "", component.kind(), component.component()), component.aggregate()));
            first = false;
        }
        rows.add(row(List.of(first ? aggregates.namespace() : "", "", TOTAL), aggregates.total()));
        return TextTable.render(rows);
    }

    static String clusters(List<ClusterShare> shares) {
        Map<String, Map<String, Aggregate>> byCluster = new TreeMap<>();
        shares.forEach(s -> byCluster.computeIfAbsent(s.cluster(), c -> new TreeMap<>()).merge(s.namespace(), s.aggregate(), Aggregate::plus));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("CLUSTER", "NAMESPACE", "WORKLOADS", "REPLICAS", "CPU", "MEMORY", "OTHER"));
        byCluster.forEach((cluster, namespaces) -> {
            boolean first = true;
            for (Map.Entry<String, Aggregate> share : namespaces.entrySet()) {
                rows.add(row(List.of(first ? cluster : "", share.getKey()), share.getValue()));
                first = false;
            }
            if (namespaces.size() > 1) {
                rows.add(row(List.of("", TOTAL), namespaces.values().stream().reduce(Aggregate.NONE, Aggregate::plus)));
            }
        });
        return TextTable.render(rows);
    }

    private static List<String> row(List<String> leading, Aggregate aggregate) {
        Map<String, String> resources = aggregate.resources().toQuantities();
        List<String> row = new ArrayList<>(leading);
        row.add(Long.toString(aggregate.workloads()));
        row.add(Long.toString(aggregate.replicas()));
        row.add(resources.getOrDefault("cpu", "0"));
        row.add(resources.getOrDefault("memory", "0"));
        row.add(resources.entrySet().stream()
                .filter(e -> !e.getKey().equals("cpu") && !e.getKey().equals("memory"))
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(",")));
        return row;
    }
}
