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
 * at once. The admitted entries a processing changes are kept decoded until it ends ({@link #endProcessing()}): its
 * placement changes the charge of a version admitted earlier in the same processing, and encoding it then decoding it
 * again was a fifth of the placement's admission (docs/benchmarks.md). Usage is written below only when asked
 * ({@link #writeUsage()}): the state below keeps it for the query API alone (the task rebuilds it from the workloads'
 * records when it starts), and encoding each namespace's usage at the end of every processing that changed it was 4.6%
 * of the workload stream thread (docs/benchmarks.md, 2026-12-07 21:29). A task that starts again (a crash, a
 * rebalance, a revival) starts with an empty cache.
 */
public final class DecodedNamespaces implements LedgerState {

    /** Namespaces kept decoded per task; each holds a few quotas, one usage and a short queue. */
    static final int NAMESPACES = 1_024;
    /** A longer queue is decoded at each read, as below, so that a burst of rejections cannot fill the heap. */
    static final int QUEUE_KEPT_UP_TO = 256;

    private final LedgerState stored;
    private final Map<String, List<FederatedResourceQuota>> quotas = recent();
    private final Map<String, NamespaceUsage> usage = recent();
    /** Usage the processing under way changed: forgotten if it is dropped ({@link #discard()}). */
    private final Map<String, NamespaceUsage> changedInProcessing = new LinkedHashMap<>();
    /** Usage of processings that ended, not written below yet; never forgotten by the cache's limit. */
    private final Map<String, NamespaceUsage> unwritten = new LinkedHashMap<>();
    private final Map<String, List<PendingWorkload>> queues = recent();
    /** Admitted entries the processing under way changed, by workload key, empty when removed; written when it ends. */
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
        NamespaceUsage changed = changedInProcessing.get(namespace);
        if (changed != null) {
            return changed;
        }
        NamespaceUsage kept = usage.get(namespace);
        if (kept != null) {
            return kept;
        }
        NamespaceUsage ended = unwritten.get(namespace);
        return ended != null ? ended : usage.computeIfAbsent(namespace, stored::usage);
    }

    @Override
    public void putUsage(NamespaceUsage value) {
        changedInProcessing.put(value.namespace(), value);
        usage.put(value.namespace(), value);
    }

    /** The processing under way ends: its admitted entries are written to the state below, its usage kept for {@link #writeUsage()}. */
    public void endProcessing() {
        unwritten.putAll(changedInProcessing);
        changedInProcessing.clear();
        admittedUnwritten.forEach((workloadKey, admitted) -> {
            if (admitted.isPresent()) {
                stored.putAdmitted(admitted.get());
            } else {
                stored.removeAdmitted(workloadKey);
            }
        });
        admittedUnwritten.clear();
    }

    /** Writes the usage of the processings that ended since the last call to the state below. */
    public void writeUsage() {
        unwritten.values().forEach(stored::putUsage);
        unwritten.clear();
    }

    /** Forgets the usage and admitted entries the processing under way changed: the processing is dropped. */
    public void discard() {
        changedInProcessing.keySet().forEach(usage::remove);
        changedInProcessing.clear();
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
