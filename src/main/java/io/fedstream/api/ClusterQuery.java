package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.stage.WatchClustersStage;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the watch-clusters stage knows of member clusters, from the health client's {@link WatchClustersStage#STORE}
 * (keyed by cluster name): the list from every instance active for a partition of it, one cluster from its owner.
 */
final class ClusterQuery {

    private final FanOut fanOut;

    ClusterQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** Every cluster fedstream has had a heartbeat from. */
    List<ClusterWatch> all() {
        return fanOut.everywhere(WatchClustersStage.STORE, this::all, "/internal/clusters", ClusterObject::itemsFromJson);
    }

    /** One cluster, asked of the instance active for its partition. */
    Optional<ClusterWatch> byName(String cluster) {
        return fanOut.findAtKey(WatchClustersStage.STORE, cluster, partition -> byName(cluster, partition),
                "/internal/clusters/" + PeerClient.segment(cluster), ClusterObject::fromJson);
    }

    /** This instance's clusters, from the given partitions. */
    List<ClusterWatch> all(Set<Integer> partitions) {
        return fanOut.values(WatchClustersStage.STORE, partitions);
    }

    /** This instance's view of one cluster, from the given partition. */
    Optional<ClusterWatch> byName(String cluster, int partition) {
        return fanOut.read(WatchClustersStage.STORE, partition,
                () -> Optional.ofNullable(fanOut.<ClusterWatch>store(WatchClustersStage.STORE, partition).get(cluster)));
    }
}
