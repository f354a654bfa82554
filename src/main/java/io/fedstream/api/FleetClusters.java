package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.WatchClustersStage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Answers for the whole application: cluster state is partitioned by cluster, so the list fans out to every instance
 * for its own partitions of the store, and one cluster is asked of the instance active for its name.
 */
final class FleetClusters implements ClusterLookup {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KafkaStreams streams;
    private final String healthTopic;
    private final HostInfo self;
    private final LocalClusterLookup local;
    private final ClusterPeers peers;

    FleetClusters(KafkaStreams streams, String healthTopic, HostInfo self, LocalClusterLookup local, ClusterPeers peers) {
        this.streams = streams;
        this.healthTopic = healthTopic;
        this.self = self;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public List<ClusterWatch> all() {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            throw new StoreUnavailableException("fedstream is " + streams.state() + ", not RUNNING: partitions may be moving");
        }
        Collection<StreamsMetadata> instances = streams.streamsMetadataForStore(WatchClustersStage.STORE);
        if (instances.isEmpty()) {
            throw new StoreUnavailableException("no instance holds " + WatchClustersStage.STORE + " now (rebalancing)");
        }
        List<ClusterWatch> found = new ArrayList<>();
        List<CompletableFuture<List<ClusterWatch>>> asked = new ArrayList<>();
        for (StreamsMetadata instance : instances) {
            Set<Integer> partitions = partitions(instance.topicPartitions());
            if (partitions.isEmpty()) {
                continue;
            }
            if (instance.hostInfo().equals(self)) {
                found.addAll(local.all(partitions));
            } else {
                asked.add(peers.all(instance.hostInfo(), partitions.stream().map(String::valueOf).collect(Collectors.joining(","))));
            }
        }
        try {
            asked.forEach(answer -> found.addAll(answer.join()));
        } catch (CompletionException e) {
            throw e.getCause() instanceof StoreUnavailableException unavailable
                    ? unavailable
                    : new StoreUnavailableException("an instance failed to answer: " + e.getCause(), e.getCause());
        }
        return found;
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

    /** The store is partitioned like the cluster-health topic: its partitions on an instance are that topic's. */
    private Set<Integer> partitions(Set<TopicPartition> assigned) {
        Set<Integer> partitions = new TreeSet<>();
        assigned.stream().filter(p -> p.topic().equals(healthTopic)).forEach(p -> partitions.add(p.partition()));
        return partitions;
    }
}
