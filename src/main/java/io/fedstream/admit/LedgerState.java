package io.fedstream.admit;

import java.util.List;
import java.util.Optional;

/**
 * Where the ledger keeps its state: in memory for tests and the CLI, in key-value stores in the
 * admit processor. Reads return values, writes replace them. {@link Ledger} computes the writes
 * of each step (one decision, one re-try of the queue) before making the first, so a step that
 * fails (an amount overflowing 64 bits) leaves the state as the previous step left it.
 */
public interface LedgerState {

    /** The quotas of a namespace, by name. */
    List<FederatedResourceQuota> quotas(String namespace);

    void putQuota(FederatedResourceQuota quota);

    void removeQuota(String namespace, String name);

    /** The namespace's usage; {@link NamespaceUsage#empty} when nothing was ever admitted or queued there. */
    NamespaceUsage usage(String namespace);

    void putUsage(NamespaceUsage usage);

    Optional<AdmittedWorkload> admitted(String workloadKey);

    void putAdmitted(AdmittedWorkload workload);

    void removeAdmitted(String workloadKey);

    /** The queued version of a workload, if one waits. */
    Optional<PendingWorkload> pending(String workloadKey);

    /** Queues an entry; the workload must have none queued (remove the old one first). */
    void putPending(PendingWorkload workload);

    void removePending(PendingWorkload workload);

    /** The queue of a namespace in queue order ({@link PendingWorkload#queueKey()}). */
    List<PendingWorkload> queue(String namespace);
}
