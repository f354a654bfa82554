package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.Aggregate;
import io.fedstream.decide.AdmitStores;
import io.fedstream.decide.AggregateKeys;
import io.fedstream.decide.AggregateReader;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * What admitted workloads run, from the admit stage's {@link AdmitStores#AGGREGATES}, partitioned by namespace: a
 * namespace's aggregates come from its partition, a cluster's shares from every partition (each holds its namespaces'
 * share of every cluster). As Kubernetes objects: {@link #namespaces()} and {@link #clusters()}.
 */
final class AggregateQuery {

    private static final StringSerializer KEYS = new StringSerializer();

    private final FanOut fanOut;

    AggregateQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** A namespace's total and components. */
    NamespaceAggregates namespace(String namespace) {
        return fanOut.atKey(AdmitStores.AGGREGATES, namespace, partition -> namespace(namespace, Set.of(partition)),
                "/internal/aggregates?namespace=" + PeerClient.segment(namespace), AggregateObject::namespaceFromJson);
    }

    /** The shares of one cluster, or of every cluster when none is named, from every partition. */
    List<ClusterShare> clusterShares(Optional<String> cluster) {
        return fanOut.everywhere(AdmitStores.AGGREGATES, partitions -> clusterShares(cluster, partitions),
                "/internal/aggregates/clusters" + cluster.map(c -> "?cluster=" + PeerClient.segment(c)).orElse(""),
                AggregateObject::sharesFromClustersJson);
    }

    /** This instance's aggregates of a namespace, from the given partitions (only the namespace's own adds anything). */
    NamespaceAggregates namespace(String namespace, Set<Integer> partitions) {
        Aggregate total = Aggregate.NONE;
        List<NamespaceAggregates.Component> components = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            NamespaceAggregates part = fanOut.read(AdmitStores.AGGREGATES, partition,
                    () -> new AggregateReader(fanOut.store(AdmitStores.AGGREGATES, partition)).namespace(namespace));
            total = total.plus(part.total());
            components.addAll(part.components());
        }
        return new NamespaceAggregates(namespace, total, components);
    }

    /** This instance's shares of one cluster or of every cluster, from the given partitions. */
    List<ClusterShare> clusterShares(Optional<String> cluster, Set<Integer> partitions) {
        List<ClusterShare> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            found.addAll(fanOut.read(AdmitStores.AGGREGATES, partition,
                    () -> new AggregateReader(fanOut.store(AdmitStores.AGGREGATES, partition)).clusterShares(cluster)));
        }
        return found;
    }

    /** Every namespace's {@code Aggregate}, the namespaces where anything is admitted, partition after partition. */
    PartitionedReader namespaces() {
        return new PartitionedReader() {
            @Override
            public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
                if (scope.namespace().isPresent()) {
                    String namespace = scope.namespace().get();
                    TreeMap<String, ObjectNode> one = new TreeMap<>();
                    if (scope.name().map(namespace::equals).orElse(true)) {
                        get(scope.named(Optional.of(namespace))).ifPresent(object -> one.put(namespace, object));
                    }
                    return WholeCollection.page(one, from, page);
                }
                return fanOut.page(AdmitStores.AGGREGATES, from, page, (partition, after, slice) -> localPage(partition, scope, after, slice),
                        "/internal/pages/aggregates");
            }

            @Override
            public Optional<ObjectNode> get(Scope scope) {
                String namespace = scope.namespace().orElseThrow();
                if (!scope.name().orElseThrow().equals(namespace)) {
                    return Optional.empty();
                }
                NamespaceAggregates aggregates = namespace(namespace);
                return aggregates.total().isEmpty() && aggregates.components().isEmpty()
                        ? Optional.empty() : Optional.of(AggregateObject.namespaceObject(aggregates));
            }

            @Override
            public boolean localPage(int partition, Scope scope, String after, ListPage page) {
                return fanOut.read(AdmitStores.AGGREGATES, partition, () -> {
                    ReadOnlyKeyValueStore<String, byte[]> store = fanOut.store(AdmitStores.AGGREGATES, partition);
                    AggregateReader reader = new AggregateReader(store);
                    try (KeyValueIterator<String, byte[]> entries = after == null ? store.prefixScan(AggregateKeys.NAMESPACE, KEYS)
                            : store.range(after, AggregateKeys.NAMESPACE + Character.MAX_VALUE)) {
                        while (entries.hasNext()) {
                            if (page.full()) {
                                return false;
                            }
                            KeyValue<String, byte[]> entry = entries.next();
                            if (!entry.key.equals(after)) {
                                page.offer(entry.key, AggregateObject.namespaceObject(
                                        reader.namespace(entry.key.substring(AggregateKeys.NAMESPACE.length()))));
                            }
                        }
                        return true;
                    }
                });
            }
        };
    }

    /** Every cluster's {@code ClusterAggregate}: its namespaces' shares, summed over every partition. */
    ObjectReader clusters() {
        return new ObjectReader() {
            @Override
            public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
                Map<String, List<ClusterShare>> byCluster = new TreeMap<>();
                clusterShares(scope.name()).forEach(share -> byCluster.computeIfAbsent(share.cluster(), c -> new ArrayList<>()).add(share));
                TreeMap<String, ObjectNode> objects = new TreeMap<>();
                byCluster.forEach((cluster, shares) -> objects.put(cluster, AggregateObject.clusterObject(cluster, shares)));
                return WholeCollection.page(objects, from, page);
            }

            @Override
            public Optional<ObjectNode> get(Scope scope) {
                String cluster = scope.name().orElseThrow();
                List<ClusterShare> shares = clusterShares(Optional.of(cluster));
                return shares.isEmpty() ? Optional.empty() : Optional.of(AggregateObject.clusterObject(cluster, shares));
            }
        };
    }
}
