package io.fedstream.admit;

import java.util.List;
import java.util.Optional;

/**
 * The ledger's state as encoded bytes ({@link LedgerCodecs}) in five sorted tables, in the layout of
 * {@code docs/admission.md}: the admit step's stores, or sorted maps in tests.
 */
public final class EncodedLedgerState implements LedgerState {

    private final ByteTable quotas;
    private final ByteTable usage;
    private final ByteTable admitted;
    private final ByteTable pending;
    private final ByteTable queue;

    public EncodedLedgerState(ByteTable quotas, ByteTable usage, ByteTable admitted, ByteTable pending, ByteTable queue) {
        this.quotas = quotas;
        this.usage = usage;
        this.admitted = admitted;
        this.pending = pending;
        this.queue = queue;
    }

    @Override
    public List<FederatedResourceQuota> quotas(String namespace) {
        return quotas.prefix(namespace + "/").stream().map(LedgerCodecs.QUOTA::decode).toList();
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
        return queue.prefix(PendingWorkload.queuePrefix(namespace)).stream().map(LedgerCodecs.PENDING::decode).toList();
    }
}
