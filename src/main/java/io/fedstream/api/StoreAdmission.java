package io.fedstream.api;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.stage.AdmitStores;
import io.fedstream.admit.stage.AggregateReader;
import io.fedstream.admit.stage.ClusterShare;
import io.fedstream.admit.stage.NamespaceAggregates;
import io.fedstream.admit.stage.QuotaReader;
import io.fedstream.admit.stage.QuotaReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Interactive queries on this instance's quotas and aggregates (the admit stage's stores), one partition at a time. */
public final class StoreAdmission implements LocalAdmissionLookup {

    private final KafkaStreams streams;
    private final Clock clock;

    public StoreAdmission(KafkaStreams streams, Clock clock) {
        this.streams = streams;
        this.clock = clock;
    }

    @Override
    public List<QuotaReport> quotas(String namespace, Set<Integer> partitions) {
        List<QuotaReport> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            found.addAll(read(AdmitStores.QUOTAS, partition, () -> new QuotaReader(stores(partition), clock).inNamespace(namespace)));
        }
        return found;
    }

    @Override
    public NamespaceAggregates aggregates(String namespace, Set<Integer> partitions) {
        // A namespace lives in one partition; the others asked for add nothing.
        Aggregate total = Aggregate.NONE;
        List<NamespaceAggregates.Component> components = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            NamespaceAggregates part = read(AdmitStores.AGGREGATES, partition,
                    () -> new AggregateReader(stores(partition).apply(AdmitStores.AGGREGATES)).namespace(namespace));
            total = total.plus(part.total());
            components.addAll(part.components());
        }
        return new NamespaceAggregates(namespace, total, components);
    }

    @Override
    public List<ClusterShare> clusterShares(Optional<String> cluster, Set<Integer> partitions) {
        List<ClusterShare> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            found.addAll(read(AdmitStores.AGGREGATES, partition,
                    () -> new AggregateReader(stores(partition).apply(AdmitStores.AGGREGATES)).clusterShares(cluster)));
        }
        return found;
    }

    private Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores(int partition) {
        return name -> streams.store(StoreQueryParameters
                .fromNameAndType(name, QueryableStoreTypes.<String, byte[]>keyValueStore())
                .withPartition(partition));
    }

    private static <T> T read(String store, int partition, Supplier<T> read) {
        try {
            return read.get();
        } catch (InvalidStateStoreException e) {
            throw new StoreUnavailableException(
                    "store " + store + " partition " + partition + " is not queryable here (migrating or restoring): " + e.getMessage(), e);
        }
    }
}
