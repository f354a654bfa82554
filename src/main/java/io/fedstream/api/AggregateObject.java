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
 * every aggregate as {@code workloads}, {@code replicas} and {@code resources} in canonical quantities. As Kubernetes
 * objects of {@code fedstream.io/v1alpha1}: an {@code Aggregate} per namespace (named after it, in it) and a
 * {@code ClusterAggregate} per cluster, each with those figures in {@code status}.
 */
public final class AggregateObject {

    public static final String API_VERSION = "fedstream.io/v1alpha1";
    public static final String KIND = "Aggregate";
    public static final String CLUSTER_KIND = "ClusterAggregate";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A namespace's aggregates as the object {@code Aggregate} named after the namespace. */
    public static ObjectNode namespaceObject(NamespaceAggregates aggregates) {
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", KIND);
        object.putObject("metadata").put("name", aggregates.namespace()).put("namespace", aggregates.namespace());
        object.set("status", namespaceJson(aggregates));
        return object;
    }

    /** A cluster's shares as the object {@code ClusterAggregate} named after the cluster. */
    public static ObjectNode clusterObject(String cluster, List<ClusterShare> shares) {
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", CLUSTER_KIND);
        object.putObject("metadata").put("name", cluster);
        JsonNode clusters = clustersJson(shares).path("clusters");
        object.set("status", clusters.isEmpty() ? aggregate(NODES.objectNode().put("cluster", cluster), Aggregate.NONE) : clusters.get(0));
        return object;
    }

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

    /** The shares {@code ClusterAggregate} objects show, cluster by cluster. */
    public static List<ClusterShare> sharesFromClusterObjects(List<JsonNode> objects) {
        ObjectNode clusters = NODES.objectNode();
        ArrayNode items = clusters.putArray("clusters");
        objects.forEach(object -> items.add(object.path("status")));
        return sharesFromClustersJson(clusters);
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
