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

    /**
     * The step's sections of {@link PassState#STORE}, each with the classifier of its values: the ledger's Avro after its
     * format byte, where fedstream before commit 29f6ed9 wrote its varint encoding (format byte 1), and before commit
     * 48cb41f the quota sources as JSON ({@link StoreEncodingCheck}). The usage and the aggregates are neither logged nor
     * kept: a task rebuilds them at its start, so no earlier version's value can be in them.
     */
    static Map<String, StoredEncoding.Classifier> encodings() {
        Map<String, StoredEncoding.Classifier> encodings = new LinkedHashMap<>();
        for (String section : List.of(PassState.QUOTAS, PassState.PENDING, PassState.QUEUE)) {
            encodings.put(section, AdmitStores::ledgerEncoding);
        }
        encodings.put(PassState.QUOTA_SOURCES, AdmitStores::quotaSourceEncoding);
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
     * The stores are derived from the workloads' records and rebuilt from them when a task starts, so not logged: logging
     * the aggregates cost more than a record a workload, the usage a quarter of one (docs/benchmarks.md). Cached: a burst
     * changes each of their few keys (a namespace's) thousands of times. In memory: every RocksDB store costs each task
     * about 50 ms of CPU to open at start (docs/benchmarks.md, "Start-up"), and these hold kilobytes.
     */
    static void addTo(StreamsBuilder builder) {
        for (String name : STORES) {
            builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), Serdes.ByteArray())
                    .withLoggingDisabled().withCachingEnabled());
        }
    }
}
