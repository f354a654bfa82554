package io.fedstream.admit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/** A {@link LedgerState} in sorted maps, laid out as the namespace pass keeps them: the ledger's tests run on it. */
public final class InMemoryLedgerState implements LedgerState {

    private final TreeMap<String, FederatedResourceQuota> quotas = new TreeMap<>();
    private final TreeMap<String, NamespaceUsage> usage = new TreeMap<>();
    private final TreeMap<String, AdmittedWorkload> admitted = new TreeMap<>();
    private final TreeMap<String, PendingWorkload> pendingByWorkload = new TreeMap<>();
    private final TreeMap<String, PendingWorkload> queue = new TreeMap<>();

    @Override
    public List<FederatedResourceQuota> quotas(String namespace) {
        return List.copyOf(withPrefix(quotas, namespace + "/").values());
    }

    @Override
    public void putQuota(FederatedResourceQuota quota) {
        quotas.put(quota.key(), quota);
    }

    @Override
    public void removeQuota(String namespace, String name) {
        quotas.remove(namespace + "/" + name);
    }

    @Override
    public NamespaceUsage usage(String namespace) {
        return usage.getOrDefault(namespace, NamespaceUsage.empty(namespace));
    }

    @Override
    public void putUsage(NamespaceUsage value) {
        usage.put(value.namespace(), value);
    }

    @Override
    public Optional<AdmittedWorkload> admitted(String workloadKey) {
        return Optional.ofNullable(admitted.get(workloadKey));
    }

    @Override
    public void putAdmitted(AdmittedWorkload workload) {
        admitted.put(workload.workloadKey(), workload);
    }

    @Override
    public void removeAdmitted(String workloadKey) {
        admitted.remove(workloadKey);
    }

    @Override
    public Optional<PendingWorkload> pending(String workloadKey) {
        return Optional.ofNullable(pendingByWorkload.get(workloadKey));
    }

    @Override
    public void putPending(PendingWorkload workload) {
        if (pendingByWorkload.containsKey(workload.workloadKey())) {
            throw new IllegalStateException(workload.workloadKey() + " is already queued; remove it first");
        }
        pendingByWorkload.put(workload.workloadKey(), workload);
        queue.put(workload.queueKey(), workload);
    }

    @Override
    public void removePending(PendingWorkload workload) {
        pendingByWorkload.remove(workload.workloadKey());
        queue.remove(workload.queueKey());
    }

    @Override
    public List<PendingWorkload> queue(String namespace) {
        return List.copyOf(withPrefix(queue, PendingWorkload.queuePrefix(namespace)).values());
    }

    /** Every admitted workload of a namespace, by workload key. */
    public List<AdmittedWorkload> admittedIn(String namespace) {
        List<AdmittedWorkload> out = new ArrayList<>();
        admitted.values().forEach(a -> {
            if (a.namespace().equals(namespace)) {
                out.add(a);
            }
        });
        return out;
    }

    /** The namespaces that have usage, quotas or a queue. */
    public List<String> namespaces() {
        TreeSet<String> out = new TreeSet<>(usage.keySet());
        quotas.values().forEach(q -> out.add(q.namespace()));
        return List.copyOf(out);
    }

    private static <V> Map<String, V> withPrefix(TreeMap<String, V> map, String prefix) {
        // '/' + 1 is '0': every key starting with prefix sorts before prefix-without-slash + '0'.
        return map.subMap(prefix, prefix.substring(0, prefix.length() - 1) + (char) ('/' + 1));
    }
}
