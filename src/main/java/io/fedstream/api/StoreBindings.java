package io.fedstream.api;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.admit.stage.AdmitStores;
import io.fedstream.bind.BindingNames;
import io.fedstream.bind.WorkloadKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interactive queries on this instance's bindings with their admission state and their names index (the admit stage's
 * stores, partitioned by namespace), one partition at a time.
 */
public final class StoreBindings implements LocalBindingLookup {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KafkaStreams streams;

    public StoreBindings(KafkaStreams streams) {
        this.streams = streams;
    }

    @Override
    public List<ResourceBinding> byName(String namespace, String name, Set<Integer> partitions) {
        return scan(BindingNames.prefix(namespace, name), partitions);
    }

    @Override
    public List<ResourceBinding> inNamespace(String namespace, Set<Integer> partitions) {
        return scan(BindingNames.namespacePrefix(namespace), partitions);
    }

    @Override
    public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        String namespace = WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse("");
        KeyQueryMetadata metadata = streams.queryMetadataForKey(AdmitStores.BINDINGS, namespace, KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE)) {
            throw new StoreUnavailableException("no partition of " + AdmitStores.BINDINGS + " is assigned for " + workloadKey);
        }
        try {
            return Optional.ofNullable(bindings(metadata.partition()).get(workloadKey));
        } catch (InvalidStateStoreException e) {
            throw unavailable(AdmitStores.BINDINGS, metadata.partition(), e);
        }
    }

    /** Index entries of each partition resolved against the bindings table of the same partition (the same task). */
    private List<ResourceBinding> scan(String prefix, Set<Integer> partitions) {
        List<ResourceBinding> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            try {
                ReadOnlyKeyValueStore<String, ResourceBinding> bindings = bindings(partition);
                try (KeyValueIterator<String, String> entries = names(partition).prefixScan(prefix, KEYS)) {
                    entries.forEachRemaining(entry -> {
                        ResourceBinding binding = bindings.get(entry.value);
                        if (binding != null) {
                            found.add(binding);
                        }
                    });
                }
            } catch (InvalidStateStoreException e) {
                throw unavailable(AdmitStores.BINDING_NAMES, partition, e);
            }
        }
        return found;
    }

    private ReadOnlyKeyValueStore<String, ResourceBinding> bindings(int partition) {
        return streams.store(StoreQueryParameters
                .fromNameAndType(AdmitStores.BINDINGS, QueryableStoreTypes.<String, ResourceBinding>keyValueStore())
                .withPartition(partition));
    }

    private ReadOnlyKeyValueStore<String, String> names(int partition) {
        return streams.store(StoreQueryParameters
                .fromNameAndType(AdmitStores.BINDING_NAMES, QueryableStoreTypes.<String, String>keyValueStore())
                .withPartition(partition));
    }

    private static StoreUnavailableException unavailable(String store, int partition, InvalidStateStoreException e) {
        return new StoreUnavailableException(
                "store " + store + " partition " + partition + " is not queryable here (migrating or restoring): " + e.getMessage(), e);
    }
}
