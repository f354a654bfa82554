package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interactive queries on this instance's partitions of the fail-over stage's {@value #STORE} (command id to
 * MigrationRecord), which is partitioned by workload key, not by its own key.
 */
public final class StoreMigrations implements LocalMigrationLookup {

    /** The fail-over stage's store of migrations: String command id to {@link MigrationRecord}. */
    public static final String STORE = "migrations-store";

    private static final StringSerializer KEYS = new StringSerializer();

    private final IntFunction<ReadOnlyKeyValueStore<String, MigrationRecord>> partitions;
    private final ToIntFunction<String> partitionOfWorkload;

    StoreMigrations(KafkaStreams streams) {
        this(partition -> streams.store(StoreQueryParameters
                        .fromNameAndType(STORE, QueryableStoreTypes.<String, MigrationRecord>keyValueStore())
                        .withPartition(partition)),
                workloadKey -> partitionOf(streams, workloadKey));
    }

    /** Over given stores per partition and a workload-key partitioner (the seam tests use). */
    StoreMigrations(IntFunction<ReadOnlyKeyValueStore<String, MigrationRecord>> partitions, ToIntFunction<String> partitionOfWorkload) {
        this.partitions = partitions;
        this.partitionOfWorkload = partitionOfWorkload;
    }

    @Override
    public List<MigrationRecord> list(Set<Integer> asked, Optional<String> namespace) {
        List<MigrationRecord> found = new ArrayList<>();
        for (int partition : new TreeSet<>(asked)) {
            try (KeyValueIterator<String, MigrationRecord> entries = partitions.apply(partition).all()) {
                entries.forEachRemaining(entry -> {
                    if (namespace.isEmpty() || namespace.get().equals(MigrationKeys.namespace(entry.value))) {
                        found.add(entry.value);
                    }
                });
            } catch (InvalidStateStoreException e) {
                throw unavailable(partition, e);
            }
        }
        return found;
    }

    @Override
    public Optional<MigrationRecord> byId(String commandId) {
        Optional<String> workloadKey = MigrationKeys.workloadKey(commandId);
        if (workloadKey.isEmpty()) {
            return Optional.empty();
        }
        int partition = partitionOfWorkload.applyAsInt(workloadKey.get());
        try {
            return Optional.ofNullable(partitions.apply(partition).get(commandId));
        } catch (InvalidStateStoreException e) {
            throw unavailable(partition, e);
        }
    }

    /** The store's partition of a workload key; the store is keyed by command id, so its own key would hash elsewhere. */
    private static int partitionOf(KafkaStreams streams, String workloadKey) {
        KeyQueryMetadata metadata = streams.queryMetadataForKey(STORE, workloadKey, KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE)) {
            throw new StoreUnavailableException("no partition of " + STORE + " is assigned for workload " + workloadKey);
        }
        return metadata.partition();
    }

    private static StoreUnavailableException unavailable(int partition, InvalidStateStoreException e) {
        return new StoreUnavailableException("store " + STORE + " partition " + partition
                + " is not queryable here (migrating or restoring): " + e.getMessage(), e);
    }
}
