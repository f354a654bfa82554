package io.fedstream.admit;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A ledger state that keeps the most recently used namespaces' quotas, usage and queue decoded between records, over
 * a state that stores them encoded: each decision and each quota status reads all three, and reading and decoding
 * them again was a sixth of the admit task's time (docs/benchmarks.md). Quotas and queues are written to the state below
 * at once; usage at {@link #flush()}, once per processing: a workload admitted and placed in one processing changes its
 * namespace's usage twice, and encoding it each time was a thirtieth of the namespace pass's samples. The admitted
 * entries a processing changes are kept decoded until the flush too: its placement changes the charge of a version
 * admitted earlier in the same processing, and encoding it then decoding it again was a fifth of the placement's
 * admission (docs/benchmarks.md). A task that starts again (a crash, a rebalance, a revival) starts with an empty cache.
 */
public final class DecodedNamespaces implements LedgerState {

    /** Namespaces kept decoded per task; each holds a few quotas, one usage and a short queue. */
    static final int NAMESPACES = 1_024;
    /** A longer queue is decoded at each read, as below, so that a burst of rejections cannot fill the heap. */
    static final int QUEUE_KEPT_UP_TO = 256;

    private final LedgerState stored;
    private final Map<String, List<FederatedResourceQuota>> quotas = recent();
    private final Map<String, NamespaceUsage> usage = recent();
    /** Usage changed since the last {@link #flush()}, not written below yet; never forgotten by the cache's limit. */
    private final Map<String, NamespaceUsage> unwritten = new LinkedHashMap<>();
    private final Map<String, List<PendingWorkload>> queues = recent();
    /** Admitted entries changed since the last {@link #flush()} by workload key, empty when removed; written at the flush. */
    private final Map<String, Optional<AdmittedWorkload>> admittedUnwritten = new HashMap<>();

    public DecodedNamespaces(LedgerState stored) {
        this.stored = stored;
    }

    @Override
    public List<FederatedResourceQuota> quotas(String namespace) {
        return quotas.computeIfAbsent(namespace, stored::quotas);
    }

    @Override
    public void putQuota(FederatedResourceQuota quota) {
        stored.putQuota(quota);
        quotas.remove(quota.namespace());
    }

    @Override
    public void removeQuota(String namespace, String name) {
        stored.removeQuota(namespace, name);
        quotas.remove(namespace);
    }

    @Override
    public NamespaceUsage usage(String namespace) {
        NamespaceUsage changed = unwritten.get(namespace);
        return changed != null ? changed : usage.computeIfAbsent(namespace, stored::usage);
    }

    @Override
    public void putUsage(NamespaceUsage value) {
        unwritten.put(value.namespace(), value);
        usage.put(value.namespace(), value);
    }

    /** Writes the usage and admitted entries changed since the last flush to the state below; call when a processing ends. */
    public void flush() {
        unwritten.values().forEach(stored::putUsage);
        unwritten.clear();
        admittedUnwritten.forEach((workloadKey, admitted) -> {
            if (admitted.isPresent()) {
                stored.putAdmitted(admitted.get());
            } else {
                stored.removeAdmitted(workloadKey);
            }
        });
        admittedUnwritten.clear();
    }

    /** Forgets the usage and admitted entries changed since the last flush: the processing that changed them is dropped. */
    public void discard() {
        unwritten.keySet().forEach(usage::remove);
        unwritten.clear();
        admittedUnwritten.clear();
    }

    @Override
    public Optional<AdmittedWorkload> admitted(String workloadKey) {
        Optional<AdmittedWorkload> changed = admittedUnwritten.get(workloadKey);
        return changed != null ? changed : stored.admitted(workloadKey);
    }

    @Override
    public void putAdmitted(AdmittedWorkload workload) {
        admittedUnwritten.put(workload.workloadKey(), Optional.of(workload));
    }

    @Override
    public void removeAdmitted(String workloadKey) {
        admittedUnwritten.put(workloadKey, Optional.empty());
    }

    @Override
    public Optional<PendingWorkload> pending(String workloadKey) {
        return stored.pending(workloadKey);
    }

    @Override
    public void putPending(PendingWorkload workload) {
        stored.putPending(workload);
        queues.remove(workload.namespace());
    }

    @Override
    public void removePending(PendingWorkload workload) {
        stored.removePending(workload);
        queues.remove(workload.namespace());
    }

    @Override
    public List<PendingWorkload> queue(String namespace) {
        List<PendingWorkload> kept = queues.get(namespace);
        if (kept != null) {
            return kept;
        }
        List<PendingWorkload> queue = stored.queue(namespace);
        if (queue.size() <= QUEUE_KEPT_UP_TO) {
            queues.put(namespace, queue);
        }
        return queue;
    }

    /** A map that forgets its least recently used namespace beyond {@link #NAMESPACES}. */
    private static <V> Map<String, V> recent() {
        return new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > NAMESPACES;
            }
        };
    }
}
