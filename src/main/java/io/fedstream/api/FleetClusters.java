package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.WatchClustersStage;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Answers for the whole application from the health client's store (one partition, since the watch decides over
 * every cluster at once): the list asks the instance active for it, and so does one cluster.
 */
final class FleetClusters implements ClusterLookup {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KafkaStreams streams;
    private final String statesTopic;
    private final HostInfo self;
    private final LocalClusterLookup local;
    private final ClusterPeers peers;

    FleetClusters(KafkaStreams streams, String statesTopic, HostInfo self, LocalClusterLookup local, ClusterPeers peers) {
        this.streams = streams;
        this.statesTopic = statesTopic;
        this.self = self;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public List<ClusterWatch> all() {
        return new StoreFanOut(streams, WatchClustersStage.STORE, statesTopic, self).collect(local::all, peers::all);
    }

    @Override
    public Optional<ClusterWatch> byName(String cluster) {
        KeyQueryMetadata metadata = streams.queryMetadataForKey(WatchClustersStage.STORE, cluster, KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE) || metadata.activeHost() == null
                || metadata.activeHost().port() <= 0) {
            throw new StoreUnavailableException("no instance is active for cluster " + cluster + " now (rebalancing)");
        }
        return metadata.activeHost().equals(self) ? local.byName(cluster) : peers.byName(metadata.activeHost(), cluster);
    }
}
