package io.fedstream.admit;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Each namespace's usage made again from what it is the sum of: the charges of its admitted workloads, and the
 * sequences its queued workloads took. A namespace task rebuilds its usage so when it starts, from the admitted entries
 * in its workloads' records and its queue, instead of logging the usage at every commit: the ledger keeps usage equal
 * to the sum of the admitted charges (docs/admission.md, "Invariants"; {@code LedgerInvariantTest}), and a sequence
 * only orders the queue, so any next sequence above the queued ones keeps its order.
 */
public final class UsageTally {

    private final Map<String, NamespaceUsage> namespaces = new HashMap<>();

    /** Counts an admitted workload's charge in its namespace's usage. */
    public void admitted(AdmittedWorkload workload) {
        namespaces.put(workload.namespace(), of(workload.namespace()).replace(Charge.NONE, workload.charge(), 1));
    }

    /** A queued workload: its namespace's next sequence comes after its own. */
    public void queued(PendingWorkload workload) {
        NamespaceUsage usage = of(workload.namespace());
        if (workload.sequence() >= usage.nextSequence()) {
            namespaces.put(workload.namespace(), usage.withNextSequence(Math.addExact(workload.sequence(), 1)));
        }
    }

    /** The usage of every namespace that has an admitted or a queued workload. */
    public Collection<NamespaceUsage> namespaces() {
        return namespaces.values();
    }

    private NamespaceUsage of(String namespace) {
        return namespaces.getOrDefault(namespace, NamespaceUsage.empty(namespace));
    }
}
