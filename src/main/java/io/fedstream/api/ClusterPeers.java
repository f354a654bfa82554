package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.serde.AvroJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.streams.state.HostInfo;

/** Asks another instance's internal cluster routes for the clusters in its own store, with this instance's bearer token. */
final class ClusterPeers {

    private final PeerClient peers;

    ClusterPeers(Optional<String> token) {
        this.peers = new PeerClient(token);
    }

    /** The clusters of the given partitions of {@code peer}; fails with {@link StoreUnavailableException} on anything but 200. */
    CompletableFuture<List<ClusterWatch>> all(HostInfo peer, String partitions) {
        return peers.json(peer, "/internal/clusters?partitions=" + partitions).thenApply(body -> {
            List<ClusterWatch> clusters = new ArrayList<>();
            body.path("items").forEach(item -> clusters.add(AvroJson.toSpecific(item, ClusterWatch.class)));
            return clusters;
        });
    }

    /** One cluster from the instance that owns it: empty on 404. */
    Optional<ClusterWatch> byName(HostInfo peer, String cluster) {
        return peers.optionalJson(peer, "/internal/clusters/" + PeerClient.segment(cluster))
                .map(body -> AvroJson.toSpecific(body, ClusterWatch.class));
    }
}
