package io.fedstream.decide;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The admit step's derived stores, partitioned by namespace like the pass itself (its quotas, quota sources and queue
 * are sections of {@link PassState}); names are part of the contract of the query API.
 */
public final class AdmitStores {

    /** Per namespace: what its admitted workloads use, overall and per cluster; not logged, rebuilt from the workloads' records at start. */
    public static final String USAGE = "admission-usage-store";
    /** Aggregates over admitted versions (keys: {@link AggregateKeys}); not logged, rebuilt from the workloads' records at start. */
    public static final String AGGREGATES = "aggregates-store";

    private static final List<String> STORES = List.of(USAGE, AGGREGATES);

    private AdmitStores() {}

    /** Every store name, for connecting the processor. */
    static String[] all() {
        return STORES.toArray(String[]::new);
    }

    /** Empties a derived store of what an earlier life of the task left in it, for the start's rebuild; returns it. */
    static KeyValueStore<String, byte[]> empty(KeyValueStore<String, byte[]> store) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(entry -> keys.add(entry.key));
        }
        keys.forEach(store::delete);
        return store;
    }

    /**
     * The stores are derived from the workloads' records and rebuilt from them when a task starts, so not logged: logging
     * the aggregates cost more than a record a workload, the usage a quarter of one (docs/benchmarks.md). Not cached: the
     * pass writes each key once before each commit ({@code NamespacePass.BEFORE_COMMIT}), however often a burst changed
     * it. In memory: every RocksDB store costs each task about 50 ms of CPU to open at start (docs/benchmarks.md,
     * "Start-up"), and these hold kilobytes.
     */
    static void addTo(StreamsBuilder builder) {
        for (String name : STORES) {
            builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), Serdes.ByteArray())
                    .withLoggingDisabled().withCachingDisabled());
        }
    }
}
