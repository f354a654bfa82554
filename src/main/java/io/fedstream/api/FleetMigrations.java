package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
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
 * Answers for the whole application: migrations are partitioned by workload key, so a list fans out to every
 * instance for its own partitions of the store, and one migration is asked of the instance active for its workload.
 */
final class FleetMigrations implements MigrationLookup {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KafkaStreams streams;
    private final String partitionedLike;
    private final HostInfo self;
    private final LocalMigrationLookup local;
    private final MigrationPeers peers;

    /** {@code partitionedLike}: a source topic of the sub-topology holding the store, whose partitions are the store's. */
    FleetMigrations(KafkaStreams streams, String partitionedLike, HostInfo self, LocalMigrationLookup local, MigrationPeers peers) {
        this.streams = streams;
        this.partitionedLike = partitionedLike;
        this.self = self;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public List<MigrationRecord> list(Optional<String> namespace) {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            throw new StoreUnavailableException("fedstream is " + streams.state() + ", not RUNNING: partitions may be moving");
        }
        Collection<StreamsMetadata> instances = streams.streamsMetadataForStore(StoreMigrations.STORE);
        if (instances.isEmpty()) {
            throw new StoreUnavailableException("no instance holds " + StoreMigrations.STORE + " now (rebalancing)");
        }
        List<MigrationRecord> found = new ArrayList<>();
        List<CompletableFuture<List<MigrationRecord>>> asked = new ArrayList<>();
        boolean anyPartition = false;
        for (StreamsMetadata instance : instances) {
            Set<Integer> partitions = partitions(instance.topicPartitions());
            if (partitions.isEmpty()) {
                continue;
            }
            anyPartition = true;
            if (instance.hostInfo().equals(self)) {
                found.addAll(local.list(partitions, namespace));
            } else {
                asked.add(peers.list(instance.hostInfo(),
                        partitions.stream().map(String::valueOf).collect(Collectors.joining(",")), namespace));
            }
        }
        if (!anyPartition) {
            // The store exists but no instance reads its partitions: an empty list here would be a guess, not an answer.
            throw new StoreUnavailableException("no instance is active for a partition of " + partitionedLike
                    + " (and so of " + StoreMigrations.STORE + ") now");
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
    public Optional<MigrationRecord> byId(String commandId) {
        Optional<String> workloadKey = MigrationKeys.workloadKey(commandId);
        if (workloadKey.isEmpty()) {
            return Optional.empty();
        }
        KeyQueryMetadata metadata = streams.queryMetadataForKey(StoreMigrations.STORE, workloadKey.get(), KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE) || metadata.activeHost() == null
                || metadata.activeHost().port() <= 0) {
            throw new StoreUnavailableException("no instance is active for workload " + workloadKey.get() + " now (rebalancing)");
        }
        return metadata.activeHost().equals(self) ? local.byId(commandId) : peers.byId(metadata.activeHost(), commandId);
    }

    /** The store's partitions on an instance are its partitions of {@code partitionedLike}. */
    private Set<Integer> partitions(Set<TopicPartition> assigned) {
        Set<Integer> partitions = new TreeSet<>();
        assigned.stream().filter(p -> p.topic().equals(partitionedLike)).forEach(p -> partitions.add(p.partition()));
        return partitions;
    }
}
