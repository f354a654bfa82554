package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
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
        return new StoreFanOut(streams, StoreMigrations.STORE, partitionedLike, self)
                .collect(partitions -> local.list(partitions, namespace), (host, partitions) -> peers.list(host, partitions, namespace));
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
}
