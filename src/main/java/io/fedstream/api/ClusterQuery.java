package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.stage.WatchClustersStage;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * What the watch-clusters stage knows of member clusters, from the health client's {@link WatchClustersStage#STORE}
 * (keyed by cluster name): a list reads partition after partition in name order, one cluster asks its owner.
 */
final class ClusterQuery implements PartitionedReader {

    private static final String PAGE_ROUTE = "/internal/pages/clusters";

    private final FanOut fanOut;

    ClusterQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    @Override
    public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
        if (scope.name().isPresent()) {
            // A field selector naming one cluster: the one partition that can hold it.
            Optional<ObjectNode> cluster = get(scope);
            cluster.ifPresent(object -> page.offer(scope.name().get(), object));
            return Optional.empty();
        }
        return fanOut.page(WatchClustersStage.STORE, from, page, (partition, after, slice) -> localPage(partition, scope, after, slice),
                PAGE_ROUTE);
    }

    @Override
    public Optional<ObjectNode> get(Scope scope) {
        return byName(scope.name().orElseThrow()).map(ClusterObject::toJson);
    }

    @Override
    public boolean localPage(int partition, Scope scope, String after, ListPage page) {
        return fanOut.read(WatchClustersStage.STORE, partition, () -> {
            ReadOnlyKeyValueStore<String, ClusterWatch> clusters = fanOut.store(WatchClustersStage.STORE, partition);
            try (KeyValueIterator<String, ClusterWatch> entries = after == null ? clusters.all() : clusters.range(after, null)) {
                while (entries.hasNext()) {
                    if (page.full()) {
                        return false;
                    }
                    KeyValue<String, ClusterWatch> entry = entries.next();
                    if (!entry.key.equals(after)) {
                        page.offer(entry.key, ClusterObject.toJson(entry.value));
                    }
                }
                return true;
            }
        });
    }

    /** One cluster, asked of the instance active for its partition. */
    Optional<ClusterWatch> byName(String cluster) {
        return fanOut.findAtKey(WatchClustersStage.STORE, cluster, partition -> byName(cluster, partition),
                "/internal/clusters/" + PeerClient.segment(cluster), ClusterObject::fromJson);
    }

    /** This instance's view of one cluster, from the given partition. */
    Optional<ClusterWatch> byName(String cluster, int partition) {
        return fanOut.read(WatchClustersStage.STORE, partition,
                () -> Optional.ofNullable(fanOut.<ClusterWatch>store(WatchClustersStage.STORE, partition).get(cluster)));
    }
}
