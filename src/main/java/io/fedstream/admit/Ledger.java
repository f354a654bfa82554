package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The quota ledger of stage 3: admits or rejects workload versions against the
 * FederatedResourceQuotas of their namespace, releases deleted workloads, and re-tries the
 * rejected ones (BestEffortFIFO) whenever room may have appeared. Rules: {@code docs/admission.md}.
 *
 * <p>Invariants: for every namespace, usage equals the sum of the admitted charges (overall
 * and per cluster), and no admission raises a quota key above hard (a {@link #move}, which
 * follows a completed migration, may: the status shows the overage).
 *
 * <p>Not final: a test of the admit step counts the admissions it asks for.
 */
public class Ledger {

    private final LedgerState state;

    public Ledger(LedgerState state) {
        this.state = Objects.requireNonNull(state, "state");
    }

    /**
     * Decides a new version of a workload (its charge replaces the admitted version's, if any).
     * The first decision is about this workload; when it was admitted and lowered its charge,
     * decisions about queued workloads that now fit follow.
     */
    public List<Decision> admit(String namespace, String workloadKey, long generation, Charge charge, int priority) {
        return admitting(namespace, workloadKey, generation, charge, priority, state.admitted(workloadKey), state.pending(workloadKey));
    }

    /**
     * The workload's version was placed (by the scheduler, a re-scale, a policy change): its charge follows the
     * placement, onto the clusters it runs on and, duplicated, as many copies overall. When that version is the admitted
     * one and none is queued, it is not decided again: only what the placement adds is checked, as an admission checks
     * an increase (a static assignment or the overall total it would pass rejects it, and the version waits in the
     * queue while the charge stays where it was), and nothing is written when the placement changes nothing the ledger
     * counts. Any other version is decided as {@link #admit} decides it, its placement with it.
     */
    public List<Decision> place(String namespace, String workloadKey, long generation, Charge charge, int priority) {
        Optional<AdmittedWorkload> admitted = state.admitted(workloadKey);
        Optional<PendingWorkload> pending = state.pending(workloadKey);
        if (admitted.isEmpty() || admitted.get().generation() != generation || pending.isPresent()) {
            return admitting(namespace, workloadKey, generation, charge, priority, admitted, pending);
        }
        if (admitted.get().charge().equals(charge) && admitted.get().priority() == priority) {
            return List.of(new Decision.Admitted(workloadKey, generation, charge));
        }
        return charging(namespace, workloadKey, generation, charge, priority, admitted, pending);
    }

    /** {@link #admit}, given what the ledger holds of the workload. */
    private List<Decision> admitting(String namespace, String workloadKey, long generation, Charge charge, int priority,
                                     Optional<AdmittedWorkload> admitted, Optional<PendingWorkload> pending) {
        long current = Math.max(admitted.map(AdmittedWorkload::generation).orElse(Long.MIN_VALUE),
                pending.map(PendingWorkload::generation).orElse(Long.MIN_VALUE));
        if (generation < current) {
            return List.of(new Decision.Stale(workloadKey, generation, current));
        }
        return charging(namespace, workloadKey, generation, charge, priority, admitted, pending);
    }

    /**
     * The version's charge replaces the admitted one's (if any) when the increase fits every quota; else the version
     * waits in the queue (keeping its place if it waited already) and the admitted charge stays.
     */
    private List<Decision> charging(String namespace, String workloadKey, long generation, Charge charge, int priority,
                                    Optional<AdmittedWorkload> admitted, Optional<PendingWorkload> pending) {
        List<FederatedResourceQuota> quotas = state.quotas(namespace);
        NamespaceUsage usage = state.usage(namespace);
        Charge old = admitted.map(AdmittedWorkload::charge).orElse(Charge.NONE);
        List<Violation> violations = QuotaCheck.violations(quotas, usage, old, charge);
        if (!violations.isEmpty()) {
            long sequence = pending.map(PendingWorkload::sequence).orElse(usage.nextSequence());
            NamespaceUsage next = pending.isPresent() ? usage : usage.takeSequence();
            PendingWorkload queued = new PendingWorkload(namespace, workloadKey, generation, priority, sequence, charge, violations);
            pending.ifPresent(state::removePending);
            state.putPending(queued);
            state.putUsage(next);
            return List.of(new Decision.Rejected(workloadKey, generation, violations, admitted.orElse(null)));
        }
        NamespaceUsage next = usage.replace(old, charge, admitted.isPresent() ? 0 : 1);
        pending.ifPresent(state::removePending);
        state.putAdmitted(new AdmittedWorkload(namespace, workloadKey, generation, priority, charge));
        state.putUsage(next);
        List<Decision> decisions = new ArrayList<>();
        decisions.add(new Decision.Admitted(workloadKey, generation, charge));
        if (QuotaCheck.frees(old, charge)) {
            decisions.addAll(retry(namespace));
        }
        return decisions;
    }

    /**
     * The admitted version now runs elsewhere (a completed migration moved it): its charge moves with it, unchecked,
     * because the move has happened; a static assignment it overruns shows the overage, as after a shrunk quota. Empty
     * when no version is admitted; else the admission of the moved charge, then the queue's decisions when room was freed.
     */
    public List<Decision> move(String namespace, String workloadKey, Charge charge) {
        Optional<AdmittedWorkload> moved = moveCharge(namespace, workloadKey, charge);
        if (moved.isEmpty()) {
            return List.of();
        }
        List<Decision> decisions = new ArrayList<>();
        decisions.add(new Decision.Admitted(workloadKey, moved.get().generation(), charge));
        if (QuotaCheck.frees(moved.get().charge(), charge)) {
            decisions.addAll(retry(namespace));
        }
        return decisions;
    }

    /**
     * As {@link #move}, when the workload's latest version is not the admitted one: the admitted version's charge moves,
     * a queued newer version now asks for {@code queued} (where it would run after the move) and keeps its place in the
     * queue, and the queue is re-tried. Returns the queue's decisions only: the moved version's admission is no decision
     * about the workload's latest version. Empty when no version is admitted.
     */
    public List<Decision> moveBehind(String namespace, String workloadKey, Charge charge, Charge queued) {
        if (moveCharge(namespace, workloadKey, charge).isEmpty()) {
            return List.of();
        }
        state.pending(workloadKey).ifPresent(waiting -> {
            state.removePending(waiting);
            state.putPending(new PendingWorkload(namespace, workloadKey, waiting.generation(), waiting.priority(), waiting.sequence(),
                    queued, waiting.violations()));
        });
        return retry(namespace);
    }

    /** The admitted version's charge becomes {@code charge}, unchecked; returns that version as it was, empty when none is. */
    private Optional<AdmittedWorkload> moveCharge(String namespace, String workloadKey, Charge charge) {
        Optional<AdmittedWorkload> admitted = state.admitted(workloadKey);
        admitted.ifPresent(before -> {
            NamespaceUsage next = state.usage(namespace).replace(before.charge(), charge, 0);
            state.putAdmitted(new AdmittedWorkload(namespace, workloadKey, before.generation(), before.priority(), charge));
            state.putUsage(next);
        });
        return admitted;
    }

    /** A workload was deleted: its charge is released (or its queued version dropped), then the queue is re-tried. */
    public List<Decision> release(String namespace, String workloadKey) {
        Optional<AdmittedWorkload> admitted = state.admitted(workloadKey);
        Optional<PendingWorkload> pending = state.pending(workloadKey);
        if (admitted.isEmpty() && pending.isEmpty()) {
            return List.of();
        }
        Charge old = admitted.map(AdmittedWorkload::charge).orElse(Charge.NONE);
        NamespaceUsage next = admitted.isPresent() ? state.usage(namespace).replace(old, Charge.NONE, -1) : null;
        pending.ifPresent(state::removePending);
        if (admitted.isPresent()) {
            state.removeAdmitted(workloadKey);
            state.putUsage(next);
        }
        List<Decision> decisions = new ArrayList<>();
        decisions.add(new Decision.Released(workloadKey, old));
        if (admitted.isPresent()) {
            decisions.addAll(retry(namespace));
        }
        return decisions;
    }

    /**
     * A workload's latest version cannot be charged (its manifest became invalid or uninterpretable): its queued
     * version, if any, leaves the queue so that an out-of-date version is never admitted later. An admitted version
     * stays charged. True when a queued version was dropped.
     */
    public boolean withdraw(String workloadKey) {
        Optional<PendingWorkload> pending = state.pending(workloadKey);
        pending.ifPresent(state::removePending);
        return pending.isPresent();
    }

    /** The version of a workload the ledger holds charged, if any. */
    public Optional<AdmittedWorkload> admitted(String workloadKey) {
        return state.admitted(workloadKey);
    }

    /**
     * The clusters, in name order, whose static assignments ({@code spec.staticAssignments}) in the namespace cannot hold
     * {@code copyOn(cluster)} (a copy charged on that cluster alone) next to what is admitted now: the clusters a
     * scheduler should try last, since a placement there would only wait in the quota queue (docs/placement.md, "Static
     * assignments"). Only the assignment of that cluster counts: whether the overall limits hold does not depend on where
     * the copy runs. Empty without static assignments.
     */
    public List<String> fullStaticAssignments(String namespace, Function<String, Charge> copyOn) {
        List<FederatedResourceQuota> quotas = state.quotas(namespace);
        TreeSet<String> assigned = new TreeSet<>();
        quotas.forEach(quota -> quota.staticAssignments().forEach(a -> assigned.add(a.clusterName())));
        if (assigned.isEmpty()) {
            return List.of();
        }
        NamespaceUsage usage = state.usage(namespace);
        return assigned.stream()
                .filter(cluster -> QuotaCheck.violations(quotas, usage, Charge.NONE, copyOn.apply(cluster)).stream()
                        .anyMatch(v -> cluster.equals(v.cluster())))
                .toList();
    }

    /** The quotas in force in a namespace, by name. */
    public List<FederatedResourceQuota> quotas(String namespace) {
        return state.quotas(namespace);
    }

    /**
     * A quota was created or changed. Admitted workloads are never evicted; a shrunk quota shows
     * the overage in its status. The queue is re-tried: a grown quota may let workloads in, and
     * queued rejections are brought up to date.
     */
    public List<Decision> upsertQuota(FederatedResourceQuota quota) {
        state.putQuota(quota);
        return retry(quota.namespace());
    }

    /** A quota was deleted: its limits no longer apply, and the queue is re-tried. */
    public List<Decision> deleteQuota(String namespace, String name) {
        state.removeQuota(namespace, name);
        return retry(namespace);
    }

    /**
     * Re-tries the namespace queue, BestEffortFIFO: in queue order, every workload that fits is
     * admitted, and one that does not fit does not hold back those behind it. After an admission
     * that lowers some amount (an update that shrinks one resource while growing another), the
     * scan starts over from the head, so an earlier entry is never passed over for room it could
     * have used. Returns the admissions, then the rejections whose reasons changed.
     */
    public List<Decision> retry(String namespace) {
        List<PendingWorkload> queue = new ArrayList<>(state.queue(namespace));
        if (queue.isEmpty()) {
            return List.of();
        }
        List<FederatedResourceQuota> quotas = state.quotas(namespace);
        NamespaceUsage usage = state.usage(namespace);
        Map<String, AdmittedWorkload> admitted = new TreeMap<>();
        List<Decision> decisions = new ArrayList<>();
        int i = 0;
        while (i < queue.size()) {
            PendingWorkload p = queue.get(i);
            Optional<AdmittedWorkload> before = state.admitted(p.workloadKey());
            Charge old = before.map(AdmittedWorkload::charge).orElse(Charge.NONE);
            if (!QuotaCheck.violations(quotas, usage, old, p.charge()).isEmpty()) {
                i++;
                continue;
            }
            usage = usage.replace(old, p.charge(), before.isPresent() ? 0 : 1);
            admitted.put(p.workloadKey(), new AdmittedWorkload(namespace, p.workloadKey(), p.generation(), p.priority(), p.charge()));
            decisions.add(new Decision.Admitted(p.workloadKey(), p.generation(), p.charge()));
            queue.remove(i);
            if (QuotaCheck.frees(old, p.charge())) {
                i = 0;
            }
        }
        List<PendingWorkload> changed = new ArrayList<>();
        for (PendingWorkload p : queue) {
            Optional<AdmittedWorkload> still = state.admitted(p.workloadKey());
            List<Violation> now = QuotaCheck.violations(quotas, usage, still.map(AdmittedWorkload::charge).orElse(Charge.NONE), p.charge());
            if (!now.equals(p.violations())) {
                changed.add(p.withViolations(now));
                decisions.add(new Decision.Rejected(p.workloadKey(), p.generation(), now, still.orElse(null)));
            }
        }
        for (AdmittedWorkload a : admitted.values()) {
            state.removePending(state.pending(a.workloadKey()).orElseThrow());
            state.putAdmitted(a);
        }
        for (PendingWorkload p : changed) {
            state.removePending(p);
            state.putPending(p);
        }
        state.putUsage(usage);
        return decisions;
    }

    /** The status of every quota of a namespace, by name. */
    public List<QuotaUsage> statuses(String namespace) {
        NamespaceUsage usage = state.usage(namespace);
        List<PendingWorkload> queue = state.queue(namespace);
        return state.quotas(namespace).stream().map(q -> status(q, usage, queue)).toList();
    }

    private static QuotaUsage status(FederatedResourceQuota quota, NamespaceUsage usage, List<PendingWorkload> queue) {
        Resources used = restrict(usage.overall(), quota.overall());
        List<QuotaUsage.ClusterUsage> clusters = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(usage.clusters().keySet());
        quota.staticAssignments().forEach(a -> names.add(a.clusterName()));
        for (String cluster : names) {
            Optional<FederatedResourceQuota.StaticAssignment> assignment = quota.assignment(cluster);
            Resources hard = assignment.map(FederatedResourceQuota.StaticAssignment::hard).orElse(Resources.NONE);
            Resources clusterUsed = restrict(usage.cluster(cluster), assignment.isPresent() ? hard : quota.overall());
            if (assignment.isPresent() || !clusterUsed.withoutZeros().isEmpty()) {
                clusters.add(new QuotaUsage.ClusterUsage(cluster, hard, clusterUsed, overage(clusterUsed, hard)));
            }
        }
        long rejected = queue.stream()
                .filter(p -> p.violations().stream().anyMatch(v -> v.quota().equals(quota.key())))
                .count();
        return new QuotaUsage(quota.namespace(), quota.name(), quota.overall(), used, overage(used, quota.overall()),
                clusters, usage.admitted(), rejected);
    }

    /** The amounts of {@code used} for every key {@code hard} names, 0 included. */
    private static Resources restrict(Resources used, Resources hard) {
        TreeMap<String, Long> out = new TreeMap<>();
        hard.amounts().keySet().forEach(key -> out.put(key, used.get(key)));
        return Resources.of(out);
    }

    private static Resources overage(Resources used, Resources hard) {
        TreeMap<String, Long> out = new TreeMap<>();
        hard.amounts().forEach((key, limit) -> {
            long over = used.get(key) - limit;
            if (over > 0) {
                out.put(key, over);
            }
        });
        return Resources.of(out);
    }
}
