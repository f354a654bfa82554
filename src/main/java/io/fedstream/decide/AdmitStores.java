package io.fedstream.decide;

import io.fedstream.admit.LedgerCodecs;
import io.fedstream.serde.StoreEncodingCheck;
import io.fedstream.serde.StoredEncoding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** The admit step's stores, partitioned by namespace like the pass itself; names are part of the contract of the query API. */
public final class AdmitStores {

    /** Quotas in force: {@code namespace/name} to a {@code LedgerCodecs.QUOTA}. */
    public static final String QUOTAS = "admission-quotas-store";
    /** Per namespace: what its admitted workloads use, overall and per cluster; not logged, rebuilt from the workloads' records at start. */
    public static final String USAGE = "admission-usage-store";
    /** Workload key to its queued (rejected) version. */
    public static final String PENDING = "admission-pending-store";
    /** The namespace queues, keyed in queue order ({@code PendingWorkload.queueKey}). */
    public static final String QUEUE = "admission-queue-store";
    /** {@code namespace/name} of a quota on the policies topic to the digest of the version last applied, and why it was refused. */
    public static final String QUOTA_SOURCES = "admission-quota-sources-store";
    /** Aggregates over admitted versions (keys: {@link AggregateKeys}); not logged, rebuilt from the workloads' records at start. */
    public static final String AGGREGATES = "aggregates-store";

    private static final List<String> BYTE_STORES = List.of(QUOTAS, USAGE, PENDING, QUEUE, QUOTA_SOURCES, AGGREGATES);
    /** The stores with few keys, each changed by many requests. */
    private static final List<String> HOT_KEYS = List.of(QUOTAS, USAGE, QUOTA_SOURCES, AGGREGATES);
    /** The stores that hold a few entries per namespace, or only the rejected workloads: kept in memory (see {@link #addTo}). */
    private static final List<String> SMALL = List.of(QUOTAS, USAGE, QUOTA_SOURCES, AGGREGATES, PENDING, QUEUE);
    /** The stores a task derives from its workloads' records when it starts, so not logged. */
    private static final List<String> DERIVED = List.of(USAGE, AGGREGATES);

    private AdmitStores() {}

    /** Every store name, for connecting the processor. */
    static String[] all() {
        return BYTE_STORES.toArray(String[]::new);
    }

    /**
     * The stores of bytes, each with the classifier of its values: the ledger's Avro after its format byte, where
     * fedstream before commit 29f6ed9 wrote its varint encoding (format byte 1), and before commit 48cb41f the quota
     * sources as JSON ({@link StoreEncodingCheck}).
     */
    static Map<String, StoredEncoding.Classifier> encodings() {
        Map<String, StoredEncoding.Classifier> encodings = new LinkedHashMap<>();
        for (String name : BYTE_STORES) {
            encodings.put(name, name.equals(QUOTA_SOURCES) ? AdmitStores::quotaSourceEncoding : AdmitStores::ledgerEncoding);
        }
        return encodings;
    }

    static StoredEncoding ledgerEncoding(byte[] value) {
        if (value.length > 0 && value[0] == LedgerCodecs.FORMAT) {
            return StoredEncoding.CURRENT;
        }
        if (value.length > 0 && value[0] == LedgerCodecs.VARINT_FORMAT) {
            return new StoredEncoding.Earlier("format byte " + LedgerCodecs.VARINT_FORMAT + ", the varint encoding of the ledger"
                    + " in fedstream before commit 29f6ed9");
        }
        return StoreEncodingCheck.unreadable(value, "neither the ledger's Avro (format byte " + LedgerCodecs.FORMAT
                + ") nor its earlier varint encoding (format byte " + LedgerCodecs.VARINT_FORMAT + ")");
    }

    static StoredEncoding quotaSourceEncoding(byte[] value) {
        if (value.length > 0 && value[0] == LedgerCodecs.FORMAT) {
            return StoredEncoding.CURRENT;
        }
        if (StoreEncodingCheck.isJsonObject(value)) {
            return new StoredEncoding.Earlier("JSON, the encoding of the quota sources in fedstream before commit 48cb41f");
        }
        return StoreEncodingCheck.unreadable(value, "neither Avro after format byte " + LedgerCodecs.FORMAT + " nor JSON");
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
     * The stores keyed by namespace or quota (usage, aggregates, quotas) are cached: a burst changes each of their few
     * keys thousands of times, and the cache sends the changelog only the last value per commit. The stores keyed by
     * workload are not: a workload's keys change once or twice, and caching them cost more (sorting the cache's dirty
     * keys, evicting) than it saved (profile of `fedstream bench`, docs/benchmarks.md).
     *
     * <p>The small stores live in memory, restored from their changelogs like the others: every RocksDB store costs each
     * task about 50 ms of CPU to open at start (docs/benchmarks.md, "Start-up"), and these hold kilobytes.
     */
    static void addTo(StreamsBuilder builder) {
        for (String name : BYTE_STORES) {
            var supplier = SMALL.contains(name) ? Stores.inMemoryKeyValueStore(name) : Stores.persistentKeyValueStore(name);
            var store = Stores.keyValueStoreBuilder(supplier, Serdes.String(), Serdes.ByteArray());
            if (DERIVED.contains(name)) {
                // Derived from the workloads' records and rebuilt from them when a task starts: logging the aggregates
                // cost more than a record a workload, the usage a quarter of one (docs/benchmarks.md).
                store = store.withLoggingDisabled();
            }
            builder.addStateStore(HOT_KEYS.contains(name) ? store.withCachingEnabled() : store);
        }
    }
}
