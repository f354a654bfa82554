package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.Aggregate;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Aggregates as the API shows them: a namespace's total and components, and clusters with their namespaces' shares;
 * every aggregate as {@code workloads}, {@code replicas} and {@code resources} in canonical quantities.
 */
public final class AggregateObject {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private AggregateObject() {}

    public static ObjectNode namespaceJson(NamespaceAggregates aggregates) {
        ObjectNode object = NODES.objectNode().put("namespace", aggregates.namespace());
        object.set("total", aggregate(NODES.objectNode(), aggregates.total()));
        ArrayNode components = object.putArray("components");
        aggregates.components().forEach(c -> aggregate(components.addObject().put("kind", c.kind()).put("component", c.component()), c.aggregate()));
        return object;
    }

    public static NamespaceAggregates namespaceFromJson(JsonNode object) {
        List<NamespaceAggregates.Component> components = new ArrayList<>();
        object.path("components").forEach(c -> components.add(
                new NamespaceAggregates.Component(c.path("kind").asText(), c.path("component").asText(), aggregate(c))));
        return new NamespaceAggregates(object.path("namespace").asText(), aggregate(object.path("total")), components);
    }

    /** Each cluster's total (the sum of its shares) and its namespaces, both sorted by name. */
    public static ObjectNode clustersJson(List<ClusterShare> shares) {
        Map<String, Map<String, Aggregate>> byCluster = new TreeMap<>();
        shares.forEach(s -> byCluster.computeIfAbsent(s.cluster(), c -> new TreeMap<>()).merge(s.namespace(), s.aggregate(), Aggregate::plus));
        ObjectNode object = NODES.objectNode();
        ArrayNode clusters = object.putArray("clusters");
        byCluster.forEach((cluster, namespaces) -> {
            ObjectNode item = clusters.addObject().put("cluster", cluster);
            aggregate(item, namespaces.values().stream().reduce(Aggregate.NONE, Aggregate::plus));
            ArrayNode list = item.putArray("namespaces");
            namespaces.forEach((namespace, share) -> aggregate(list.addObject().put("namespace", namespace), share));
        });
        return object;
    }

    /** The shares a {@link #clustersJson} object lists, cluster by cluster. */
    public static List<ClusterShare> sharesFromClustersJson(JsonNode object) {
        List<ClusterShare> shares = new ArrayList<>();
        object.path("clusters").forEach(c -> c.path("namespaces").forEach(n -> shares.add(
                new ClusterShare(c.path("cluster").asText(), n.path("namespace").asText(), aggregate(n)))));
        return shares;
    }

    private static ObjectNode aggregate(ObjectNode node, Aggregate aggregate) {
        node.put("workloads", aggregate.workloads()).put("replicas", aggregate.replicas());
        ObjectNode resources = node.putObject("resources");
        aggregate.resources().toQuantities().forEach(resources::put);
        return node;
    }

    private static Aggregate aggregate(JsonNode node) {
        Map<String, String> resources = new LinkedHashMap<>();
        node.path("resources").fields().forEachRemaining(e -> resources.put(e.getKey(), e.getValue().asText()));
        return new Aggregate(node.path("workloads").asLong(), node.path("replicas").asLong(), Resources.fromQuantities(resources));
    }
}
