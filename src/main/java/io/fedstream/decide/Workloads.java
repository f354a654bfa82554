package io.fedstream.decide;

import io.fedstream.admit.ByteTable;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.config.WorkloadKey;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Every workload of one namespace task, one store entry each ({@link #STORE}, a {@link WorkloadRecord}): its binding,
 * its quota charge, its manifest, its placement state and what placement and failover keep of it. What the steps of one
 * processing read and change of a workload stays here, decoded, and is written once when the processing ends
 * ({@link #flush()}), so a decision costs one changelog record per workload however many steps it took.
 *
 * <p>The store is keyed {@code namespace/group/kind/name}, so that a namespace's workloads are one range of it for the
 * query API; a key that is not a workload key is stored as it is.
 */
public final class Workloads {

    /** Store key ({@link #storeKey}) to the workload's {@link WorkloadRecord}. */
    public static final String STORE = "workloads-store";

    private static final StringSerializer KEYS = new StringSerializer();

    private final KeyValueStore<String, WorkloadRecord> store;
    /** The entries read in this processing, by workload key, with their binding as it was read. */
    private final Map<String, Open> open = new HashMap<>();
    private final Set<String> changed = new LinkedHashSet<>();
    private final BiConsumer<String, Collection<MigrationRecord>> commandsWritten;
    /** The entries changed in this processing only in what a restart gives up ({@link #changedInMemory}). */
    private final Set<String> changedInMemory = new HashSet<>();
    /** The entries whose latest version is not written yet, by workload key: a later processing writes it, if any. */
    private final Map<String, WorkloadRecord> unwritten = new HashMap<>();
    /** The entries found unreadable, each with whether a dead letter has told of it yet; kept while the task runs. */
    private final Map<String, Boolean> unreadable = new java.util.TreeMap<>();

    private static final class Open {
        final WorkloadRecord record;
        final ResourceBinding bindingAsRead;

        Open(WorkloadRecord record) {
            this.record = record;
            this.bindingAsRead = record.getBinding();
        }
    }

    /**
     * {@code commandsWritten} hears, for each entry written or deleted, the migration commands it now holds (none when
     * deleted), once the processing that changed it is kept: the migration gauges count them without reading the store.
     */
    Workloads(KeyValueStore<String, WorkloadRecord> store, BiConsumer<String, Collection<MigrationRecord>> commandsWritten) {
        this.store = store;
        this.commandsWritten = commandsWritten;
    }

    /**
     * Adds the store, cached: a workload decided over two processings of one commit (it waited for a lease grant, say)
     * writes its entry to the changelog once.
     */
    static void addTo(StreamsBuilder builder, Serde<WorkloadRecord> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), values).withCachingEnabled());
    }

    /** The store key of a workload: {@code namespace/group/kind/name}, or the key itself when it is not a workload key. */
    public static String storeKey(String workloadKey) {
        return WorkloadKey.parse(workloadKey)
                .map(key -> key.namespace() + "/" + key.group() + "/" + key.kind() + "/" + key.name())
                .orElse(workloadKey);
    }

    /** The workload key of a store key ({@link #storeKey}'s inverse). */
    public static String workloadKey(String storeKey) {
        String[] parts = storeKey.split("/", -1);
        if (parts.length != 4) {
            return storeKey;
        }
        String workloadKey = parts[1] + "/" + parts[2] + "/" + parts[0] + "/" + parts[3];
        return WorkloadKey.parse(workloadKey).isPresent() ? workloadKey : storeKey;
    }

    /** The workloads of a namespace in a queried store, in store-key order. */
    public static KeyValueIterator<String, WorkloadRecord> inNamespace(ReadOnlyKeyValueStore<String, WorkloadRecord> store, String namespace) {
        return store.prefixScan(namespace + "/", KEYS);
    }

    /**
     * The workload's entry for this processing: read (and decoded) once, changed in place, written at {@link #flush()}.
     *
     * @throws UnreadableWorkload when the stored entry cannot be decoded
     */
    WorkloadRecord of(String workloadKey) {
        Open entry = open.get(workloadKey);
        if (entry == null) {
            entry = new Open(read(workloadKey));
            open.put(workloadKey, entry);
        }
        return entry.record;
    }

    private WorkloadRecord read(String workloadKey) {
        WorkloadRecord held = unwritten.get(workloadKey);
        if (held != null) {
            // A copy: a processing that fails leaves the held version as it was.
            return WorkloadRecord.newBuilder(held).build();
        }
        WorkloadRecord stored;
        try {
            stored = store.get(storeKey(workloadKey));
        } catch (RuntimeException e) {
            unreadable.putIfAbsent(workloadKey, false);
            throw new UnreadableWorkload(workloadKey, e);
        }
        return stored == null ? empty() : stored;
    }

    /**
     * A workload's record before anything is kept of it, made field by field: Avro's builder looks each default value up
     * by its field, whose hash it computes anew from the field's schema at every call (1.1% of the stream thread's
     * samples in a 100,000 round, docs/benchmarks.md).
     */
    private static WorkloadRecord empty() {
        return new WorkloadRecord(null, null, null, null, null, null, null, new ArrayList<>(), new HashMap<>(), new HashMap<>(),
                new HashMap<>());
    }

    /**
     * Marks the unreadable workload as told of in a dead letter; false when one has told of it already, so that an
     * entry read again and again (by every retry, every check) is one dead letter.
     */
    boolean firstReport(String workloadKey) {
        return !Boolean.TRUE.equals(unreadable.put(workloadKey, true));
    }

    /** The unreadable entries found by walks of the store and not told of yet; each is told of once. */
    List<String> unreported() {
        List<String> keys = new java.util.ArrayList<>();
        unreadable.forEach((key, reported) -> {
            if (!reported) {
                keys.add(key);
            }
        });
        keys.forEach(key -> unreadable.put(key, true));
        return keys;
    }

    /** Drops what this processing read and changed: it failed, and its record goes to the dead letters instead. */
    void discard() {
        changed.clear();
        changedInMemory.clear();
        open.clear();
    }

    /** Whether this processing read the workload's entry: one it did not read is as the last processing left it. */
    boolean readInThisProcessing(String workloadKey) {
        return open.containsKey(workloadKey);
    }

    /** The workload's binding as it was when this processing first read it (null: none). */
    ResourceBinding bindingAsRead(String workloadKey) {
        of(workloadKey);
        return open.get(workloadKey).bindingAsRead;
    }

    /** The workload's entry changed: it is written at {@link #flush()}. */
    void changed(String workloadKey) {
        of(workloadKey);
        changed.add(workloadKey);
    }

    /**
     * The workload's entry changed only in what a restart may give up (a move's ask for room that waits for a lease
     * grant, whose answer the task holds in memory only): kept here, not written, until a later processing changes the
     * entry in what must be written ({@link #changed}), which writes both at once (`fedstream bench failover`: one
     * changelog record a move, not one for the ask and one for the command when the grant comes in another commit).
     */
    void changedInMemory(String workloadKey) {
        of(workloadKey);
        changedInMemory.add(workloadKey);
    }

    /** Writes the entries whose latest version {@link #changedInMemory} kept unwritten (the task closes). */
    void writeHeldInMemory() {
        unwritten.forEach((key, record) -> store.put(storeKey(key), record));
        unwritten.clear();
    }

    /** Writes every entry changed in this processing, once; an entry left with nothing in it is deleted. */
    void flush() {
        for (String key : open.keySet()) {
            if (changed.contains(key)) {
                unwritten.remove(key);
            } else if (changedInMemory.contains(key) || unwritten.containsKey(key)) {
                unwritten.put(key, open.get(key).record);
            }
        }
        changedInMemory.clear();
        for (String key : changed) {
            WorkloadRecord record = open.get(key).record;
            if (isEmpty(record)) {
                if (open.get(key).bindingAsRead != null || store.get(storeKey(key)) != null) {
                    store.delete(storeKey(key));
                }
                commandsWritten.accept(key, List.of());
            } else {
                store.put(storeKey(key), record);
                commandsWritten.accept(key, record.getMigrations().values());
            }
        }
        changed.clear();
        open.clear();
    }

    /**
     * Visits every stored workload once (for the in-memory indexes a task rebuilds when it starts); an entry that cannot
     * be read is passed by and noted ({@link #unreported}).
     */
    void scan(BiConsumer<String, WorkloadRecord> visit) {
        try (KeyValueIterator<String, WorkloadRecord> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<String, WorkloadRecord> entry = next(all);
                if (entry != null) {
                    visit.accept(workloadKey(entry.key), entry.value);
                }
            }
        }
    }

    /** The iterator's next entry, or null (noted as unreadable) when its value cannot be decoded. */
    private KeyValue<String, WorkloadRecord> next(KeyValueIterator<String, WorkloadRecord> entries) {
        String storeKey = entries.peekNextKey();
        try {
            return entries.next();
        } catch (RuntimeException e) {
            unreadable.putIfAbsent(workloadKey(storeKey), false);
            return null;
        }
    }

    /**
     * The keys of the stored workloads whose workload key starts with {@code prefix} ({@code group/kind/} or
     * {@code group/kind/namespace/}, or empty for all), in key order: a range of the store when it names the namespace,
     * else a walk of the whole store. Unreadable entries are left out and noted ({@link #unreported}).
     */
    java.util.SortedSet<String> keysStartingWith(String prefix) {
        String[] parts = prefix.split("/", -1);
        java.util.SortedSet<String> keys = new java.util.TreeSet<>();
        boolean namesNamespace = parts.length >= 4;
        String storePrefix = namesNamespace ? parts[2] + "/" + parts[0] + "/" + parts[1] + "/" + String.join("/", java.util.Arrays.copyOfRange(parts, 3, parts.length)) : "";
        try (KeyValueIterator<String, WorkloadRecord> entries = storePrefix.isEmpty() ? store.all() : store.prefixScan(storePrefix, KEYS)) {
            while (entries.hasNext()) {
                KeyValue<String, WorkloadRecord> entry = next(entries);
                String key = entry == null ? null : workloadKey(entry.key);
                if (key != null && key.startsWith(prefix)) {
                    keys.add(key);
                }
            }
        }
        return keys;
    }

    /** The workload's latest binding ({@code fedstream.bindings} as the task holds it); null: none. */
    ResourceBinding binding(String workloadKey) {
        return of(workloadKey).getBinding();
    }

    /** Keeps {@code binding} as the workload's latest (null: none any more). */
    void bind(String workloadKey, ResourceBinding binding) {
        of(workloadKey).setBinding(binding);
        changed(workloadKey);
    }

    /** The record's admitted entry as the ledger encodes it ({@code LedgerCodecs.ADMITTED}); null when none is charged. */
    static byte[] chargeOf(WorkloadRecord record) {
        ByteBuffer charge = record.getCharge();
        if (charge == null) {
            return null;
        }
        byte[] bytes = new byte[charge.remaining()];
        charge.duplicate().get(bytes);
        return bytes;
    }

    /** The quota ledger's admitted entries ({@code admit.LedgerCodecs.ADMITTED}), by workload key. */
    ByteTable charges() {
        return new ByteTable() {
            @Override
            public byte[] get(String workloadKey) {
                return chargeOf(of(workloadKey));
            }

            @Override
            public void put(String workloadKey, byte[] value) {
                of(workloadKey).setCharge(ByteBuffer.wrap(value));
                changed(workloadKey);
            }

            @Override
            public void delete(String workloadKey) {
                if (of(workloadKey).getCharge() != null) {
                    of(workloadKey).setCharge(null);
                    changed(workloadKey);
                }
            }

            @Override
            public List<byte[]> prefix(String prefix) {
                throw new UnsupportedOperationException("the ledger reads admitted entries by workload key only");
            }
        };
    }

    /**
     * Nothing kept: no field set, no room held. Its migration commands do not count: they are the workload's history,
     * which goes with its record (a deleted workload's commands are no longer listed).
     */
    private static boolean isEmpty(WorkloadRecord record) {
        return record.getBinding() == null && record.getAdmittedBinding() == null && record.getCharge() == null
                && record.getManifest() == null && record.getPlacement() == null && record.getWaiting() == null
                && record.getApplied() == null && record.getHoldings().isEmpty() && record.getIncidents().isEmpty()
                && record.getStaleCopies().isEmpty();
    }
}
