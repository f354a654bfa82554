package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.LedgerCodecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Reads aggregates from one partition of {@link AdmitStores#AGGREGATES}, in the key layout of {@link AggregateKeys}. */
public final class AggregateReader {

    private static final StringSerializer KEYS = new StringSerializer();

    private final ReadOnlyKeyValueStore<String, byte[]> store;

    public AggregateReader(ReadOnlyKeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** A namespace's total and components (sorted by kind, then component); zero when nothing is admitted there. */
    public NamespaceAggregates namespace(String namespace) {
        byte[] total = store.get(AggregateKeys.namespace(namespace));
        String prefix = AggregateKeys.componentPrefix(namespace);
        List<NamespaceAggregates.Component> components = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = store.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> {
                // Kinds have no '/', so the first one after the prefix ends the kind; the rest is the component.
                String rest = entry.key.substring(prefix.length());
                int slash = rest.indexOf('/');
                if (slash > 0) {
                    components.add(new NamespaceAggregates.Component(
                            rest.substring(0, slash), rest.substring(slash + 1), LedgerCodecs.AGGREGATE.decode(entry.value)));
                }
            });
        }
        return new NamespaceAggregates(namespace, total == null ? Aggregate.NONE : LedgerCodecs.AGGREGATE.decode(total), components);
    }

    /** The shares of one cluster, or of every cluster when none is named, sorted by cluster then namespace. */
    public List<ClusterShare> clusterShares(Optional<String> cluster) {
        String prefix = cluster.map(c -> AggregateKeys.CLUSTER + c + "/").orElse(AggregateKeys.CLUSTER);
        List<ClusterShare> shares = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = store.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> {
                // Namespaces have no '/', so the last one separates the cluster from the namespace.
                String rest = entry.key.substring(AggregateKeys.CLUSTER.length());
                int slash = rest.lastIndexOf('/');
                if (slash > 0) {
                    shares.add(new ClusterShare(rest.substring(0, slash), rest.substring(slash + 1), LedgerCodecs.AGGREGATE.decode(entry.value)));
                }
            });
        }
        return shares;
    }
}
