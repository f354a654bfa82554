package io.fedstream.api;

import io.fedstream.admit.Aggregate;
import io.fedstream.decide.AdmitStores;
import io.fedstream.decide.AggregateReader;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What admitted workloads run, from the admit stage's {@link AdmitStores#AGGREGATES}, partitioned by namespace: a
 * namespace's aggregates come from its partition, a cluster's shares from every partition (each holds its namespaces'
 * share of every cluster).
 */
final class AggregateQuery {

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
}
