package io.fedstream.admit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A LedgerState that keeps only encoded bytes in string-keyed sorted maps, as the admit processor's RocksDB stores will. */
final class EncodedLedgerState implements LedgerState {

    private final TreeMap<String, byte[]> quotas = new TreeMap<>();
    private final TreeMap<String, byte[]> usage = new TreeMap<>();
    private final TreeMap<String, byte[]> admitted = new TreeMap<>();
    private final TreeMap<String, byte[]> pending = new TreeMap<>();
    private final TreeMap<String, byte[]> queue = new TreeMap<>();

    @Override
    public List<FederatedResourceQuota> quotas(String namespace) {
        return prefix(quotas, namespace + "/").values().stream().map(LedgerCodecs.QUOTA::decode).toList();
    }

    @Override
    public void putQuota(FederatedResourceQuota quota) {
        quotas.put(quota.key(), LedgerCodecs.QUOTA.encode(quota));
    }

    @Override
    public void removeQuota(String namespace, String name) {
        quotas.remove(namespace + "/" + name);
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
        admitted.remove(workloadKey);
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
        pending.remove(workload.workloadKey());
        queue.remove(workload.queueKey());
    }

    @Override
    public List<PendingWorkload> queue(String namespace) {
        List<PendingWorkload> out = new ArrayList<>();
        prefix(queue, PendingWorkload.queuePrefix(namespace)).values().forEach(b -> out.add(LedgerCodecs.PENDING.decode(b)));
        return out;
    }

    private static Map<String, byte[]> prefix(TreeMap<String, byte[]> map, String prefix) {
        return map.subMap(prefix, prefix.substring(0, prefix.length() - 1) + '0');
    }
}
