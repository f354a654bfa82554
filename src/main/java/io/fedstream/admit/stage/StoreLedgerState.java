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
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The ledger's state in the admit task's RocksDB stores, in the layout of {@code docs/admission.md}. */
final class StoreLedgerState implements LedgerState {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KeyValueStore<String, byte[]> quotas;
    private final KeyValueStore<String, byte[]> usage;
    private final KeyValueStore<String, byte[]> admitted;
    private final KeyValueStore<String, byte[]> pending;
    private final KeyValueStore<String, byte[]> queue;

    StoreLedgerState(ProcessingContext context) {
        this.quotas = context.getStateStore(AdmitStores.QUOTAS);
        this.usage = context.getStateStore(AdmitStores.USAGE);
        this.admitted = context.getStateStore(AdmitStores.ADMITTED);
        this.pending = context.getStateStore(AdmitStores.PENDING);
        this.queue = context.getStateStore(AdmitStores.QUEUE);
    }

    @Override
    public List<FederatedResourceQuota> quotas(String namespace) {
        return scan(quotas, namespace + "/", LedgerCodecs.QUOTA);
    }

    @Override
    public void putQuota(FederatedResourceQuota quota) {
        quotas.put(quota.key(), LedgerCodecs.QUOTA.encode(quota));
    }

    @Override
    public void removeQuota(String namespace, String name) {
        quotas.delete(namespace + "/" + name);
    }

    @Override
    public NamespaceUsage usage(String namespace) {
        byte[] bytes = usage.get(namespace);
        return bytes == null ? NamespaceUsage.empty(namespace) : LedgerCodecs.USAGE.decode(bytes);
    }

    @Override
    public void putUsage(NamespaceUsage value) {
        usage.put(value.namespace(), LedgerCodecs.USAGE.encode(value));
    }

    @Override
    public Optional<AdmittedWorkload> admitted(String workloadKey) {
        return Optional.ofNullable(admitted.get(workloadKey)).map(LedgerCodecs.ADMITTED::decode);
    }

    @Override
    public void putAdmitted(AdmittedWorkload workload) {
        admitted.put(workload.workloadKey(), LedgerCodecs.ADMITTED.encode(workload));
    }

    @Override
    public void removeAdmitted(String workloadKey) {
        admitted.delete(workloadKey);
    }

    @Override
    public Optional<PendingWorkload> pending(String workloadKey) {
        return Optional.ofNullable(pending.get(workloadKey)).map(LedgerCodecs.PENDING::decode);
    }

    @Override
    public void putPending(PendingWorkload workload) {
        byte[] bytes = LedgerCodecs.PENDING.encode(workload);
        pending.put(workload.workloadKey(), bytes);
        queue.put(workload.queueKey(), bytes);
    }

    @Override
    public void removePending(PendingWorkload workload) {
        pending.delete(workload.workloadKey());
        queue.delete(workload.queueKey());
    }

    @Override
    public List<PendingWorkload> queue(String namespace) {
        return scan(queue, PendingWorkload.queuePrefix(namespace), LedgerCodecs.PENDING);
    }

    private static <T> List<T> scan(KeyValueStore<String, byte[]> store, String prefix, Codec<T> codec) {
        List<T> out = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = store.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> out.add(codec.decode(entry.value)));
        }
        return out;
    }
}
