package io.fedstream.admit.stage;

import io.fedstream.admit.AdmittedWorkload;
import io.fedstream.admit.Codec;
import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.LedgerState;
import io.fedstream.admit.NamespaceUsage;
import io.fedstream.admit.PendingWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The ledger's state as one partition of the admit stage's stores holds it, for queries: reads as
 * {@link StoreLedgerState} does, and every write throws, since only the admit processor may change the ledger.
 */
final class ReadOnlyLedgerState implements LedgerState {

    private static final StringSerializer KEYS = new StringSerializer();

    private final ReadOnlyKeyValueStore<String, byte[]> quotas;
    private final ReadOnlyKeyValueStore<String, byte[]> usage;
    private final ReadOnlyKeyValueStore<String, byte[]> admitted;
    private final ReadOnlyKeyValueStore<String, byte[]> pending;
    private final ReadOnlyKeyValueStore<String, byte[]> queue;

    /** {@code stores} gives each store of the partition by name. */
    ReadOnlyLedgerState(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores) {
        this.quotas = stores.apply(AdmitStores.QUOTAS);
        this.usage = stores.apply(AdmitStores.USAGE);
        this.admitted = stores.apply(AdmitStores.ADMITTED);
        this.pending = stores.apply(AdmitStores.PENDING);
        this.queue = stores.apply(AdmitStores.QUEUE);
    }

    @Override
    public List<FederatedResourceQuota> quotas(String namespace) {
        return scan(quotas, namespace + "/", LedgerCodecs.QUOTA);
    }

    @Override
    public NamespaceUsage usage(String namespace) {
        byte[] bytes = usage.get(namespace);
        return bytes == null ? NamespaceUsage.empty(namespace) : LedgerCodecs.USAGE.decode(bytes);
    }

    @Override
    public Optional<AdmittedWorkload> admitted(String workloadKey) {
        return Optional.ofNullable(admitted.get(workloadKey)).map(LedgerCodecs.ADMITTED::decode);
    }

    @Override
    public Optional<PendingWorkload> pending(String workloadKey) {
        return Optional.ofNullable(pending.get(workloadKey)).map(LedgerCodecs.PENDING::decode);
    }

    @Override
    public List<PendingWorkload> queue(String namespace) {
        return scan(queue, PendingWorkload.queuePrefix(namespace), LedgerCodecs.PENDING);
    }

    @Override
    public void putQuota(FederatedResourceQuota quota) {
        throw readOnly();
    }

    @Override
    public void removeQuota(String namespace, String name) {
        throw readOnly();
    }

    @Override
    public void putUsage(NamespaceUsage value) {
        throw readOnly();
    }

    @Override
    public void putAdmitted(AdmittedWorkload workload) {
        throw readOnly();
    }

    @Override
    public void removeAdmitted(String workloadKey) {
        throw readOnly();
    }

    @Override
    public void putPending(PendingWorkload workload) {
        throw readOnly();
    }

    @Override
    public void removePending(PendingWorkload workload) {
        throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("the ledger is read-only outside the admit processor");
    }

    private static <T> List<T> scan(ReadOnlyKeyValueStore<String, byte[]> store, String prefix, Codec<T> codec) {
        List<T> out = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = store.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> out.add(codec.decode(entry.value)));
        }
        return out;
    }
}
