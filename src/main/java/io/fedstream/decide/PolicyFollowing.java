package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.AppliedPlacement;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Schedules a placed workload again when the placement of the policy that governs it changes, as Karmada's scheduler
 * does for a binding whose placement differs from the applied one ({@code scheduler.go} {@code doScheduleBinding},
 * {@code helper.go} {@code placementChanged}) in its steady mode: {@link ReplicaScheduler#reschedule} from the clusters
 * that run it; every cluster whose pods grow (a new one: all its pods) asks the leased room for the growth first
 * ({@link RoomAsk.Purpose#POLICY_RESCHEDULE}), and once all grant the placement becomes the new schedule's, a cluster
 * left out is released and its copy purged. A policy deleted, or no longer selecting the workload, releases it as
 * Karmada's detector removes the claim: another policy that governs it now claims it (and schedules it again when its
 * placement differs), else its placement stays, governed by none.
 *
 * <p>Changes arrive as records: the pass calls {@link #check} in the processing of every policy record, once the task
 * has taken it in ({@code PlaceAndFailOver.onPolicyChanged}). A check compares the task's count of policy changes
 * ({@link TaskPolicies#changes()}) with the one it followed and, when it moved, finds the policies that changed; a
 * changed policy's workloads are found in {@link PolicyPlacements} and walked at most {@link #WALK_BUDGET} per check,
 * so a policy with many workloads never holds the task for long. The rest of a walk, the walks due again after
 * {@code place.retry.interval.ms}, and the walk of every placed workload after a (re)start (what was followed is kept
 * in memory only) go on in a wall-clock punctuation every {@link #CHECK_INTERVAL}, which reads nothing while no walk is
 * under way and none is due.
 */
final class PolicyFollowing extends Rescheduling {

    /** How often, on the wall clock, a walk under way goes on and the walks due again start. */
    static final Duration CHECK_INTERVAL = Duration.ofMillis(100);
    /** Workloads visited per check: 640 a second per task while a walk lasts. */
    static final int WALK_BUDGET = 64;
    /** The walk of every policy's workloads, after a (re)start: what was followed is kept in memory only. */
    private static final String ALL = "";
    private static final String MARK = "/policy/";

    private final FailingOver failingOver;
    private final LongSupplier policyChanges;
    private long followedChanges = Long.MIN_VALUE;
    /** The valid policies by key as last checked; null before the first check. */
    private Map<String, PropagationPolicy> followed;
    /** Walks under way: policy key ({@link #ALL}: every one) to the cursor it resumes after (null: from the first). */
    private final Map<String, String> walks = new LinkedHashMap<>();
    /** Policies whose workloads are walked again at the given time: some could not be scheduled again yet. */
    private final Map<String, Long> again = new HashMap<>();
    /** Workload and placement whose re-schedule was audited as impossible, so it is audited once. */
    private final Set<String> reportedUnschedulable = new HashSet<>();
    /**
     * Workloads placed under a Lazy policy whose placement changed, and which have had a new version since: they are
     * scheduled again like any other (in memory: after a restart such a workload waits for its next version again).
     */
    private final Set<String> lazyDue = new HashSet<>();

    PolicyFollowing(PlaceFailoverTask task, FailingOver failingOver, LongSupplier policyChanges) {
        super(task);
        this.failingOver = failingOver;
        this.policyChanges = policyChanges;
    }

    /**
     * A new version of a placed workload arrived: under a Lazy policy ({@code activationPreference: Lazy}) whose
     * placement changed since the workload was scheduled, it is scheduled again now, as Karmada's detector applies a
     * Lazy policy's change with the resource template's next change. Other policies' changes are applied by the walks.
     */
    void onNewVersion(String key, ResourceBinding binding) {
        AppliedPlacement applied = task.policyPlacements.applied(key);
        if (applied == null) {
            return;
        }
        PropagationPolicy governing = task.policies.governing(binding).orElse(null);
        if (governing != null && governing.lazyActivation() && !applied.changes(governing).isEmpty()) {
            lazyDue.add(key);
            follow(new PolicyPlacements.Entry(key, applied));
        }
    }

    /** Notices changed policies and walks on through their workloads, at most {@link #WALK_BUDGET} of them. */
    void check() {
        long changes = policyChanges.getAsLong();
        if (changes != followedChanges) {
            followedChanges = changes;
            noticeChanges();
        }
        long now = task.now();
        again.entrySet().removeIf(entry -> {
            if (entry.getValue() > now) {
                return false;
            }
            walks.putIfAbsent(entry.getKey(), null);
            return true;
        });
        walk();
    }

    private void noticeChanges() {
        Map<String, PropagationPolicy> now = new HashMap<>();
        task.policies.valid().forEach(policy -> now.put(policy.key(), policy));
        if (followed == null) {
            restart(ALL);
        } else {
            for (Map.Entry<String, PropagationPolicy> before : followed.entrySet()) {
                if (!before.getValue().equals(now.get(before.getKey()))) {
                    restart(before.getKey());
                }
            }
            if (!followed.keySet().containsAll(now.keySet())) {
                // A new policy may claim the workloads no policy governs (Karmada's detector re-matches them).
                restart(PolicyPlacements.UNCLAIMED);
            }
        }
        followed = now;
    }

    private void restart(String walk) {
        walks.remove(walk);
        walks.put(walk, null);
    }

    private void walk() {
        int budget = WALK_BUDGET;
        for (String walk : new ArrayList<>(walks.keySet())) {
            if (budget <= 0) {
                return;
            }
            String policyKey = walk.equals(ALL) ? null : walk;
            List<PolicyPlacements.Entry> entries = task.policyPlacements.next(policyKey, walks.get(walk), budget);
            budget -= entries.size();
            for (PolicyPlacements.Entry entry : entries) {
                try {
                    follow(entry);
                } catch (RuntimeException e) {
                    task.policyPlacements.forget(entry);
                    task.deadLetterEntry(PlaceFailoverAudit.PLACE, Workloads.STORE, entry.workloadKey(), e);
                }
            }
            if (entries.isEmpty()) {
                walks.remove(walk);
            } else if (walks.containsKey(walk)) {
                walks.put(walk, PolicyPlacements.cursor(policyKey, entries.get(entries.size() - 1)));
            }
        }
    }

    /** Compares the placement the workload was scheduled with and that of the policy governing it now. */
    private void follow(PolicyPlacements.Entry entry) {
        String key = entry.workloadKey();
        AppliedPlacement applied = entry.applied();
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null || binding.getPlacement() != null && "user".equals(binding.getPlacement().getDecidedBy())) {
            // Deleted, or placed by its user since: no policy's placement applies to it.
            task.policyPlacements.forget(entry);
            return;
        }
        if (task.policies.stillSelecting(binding, applied.policy()).filter(placedUnder -> applied.changes(placedUnder).isEmpty()).isPresent()) {
            // The policy it was placed under selects it with the same placement: a policy added since does not take it
            // (Karmada: preemption Never), also in the walk of every placed workload that a (re)started task makes.
            return;
        }
        PropagationPolicy governing = task.policies.governing(binding).orElse(null);
        if (governing == null) {
            if (!applied.policy().equals(PolicyPlacements.UNCLAIMED)) {
                task.policyPlacements.record(key, applied.claimedBy(PolicyPlacements.UNCLAIMED));
                task.audit(PlaceFailoverAudit.rescaling(binding, "POLICY_RELEASED", key + MARK + "released/" + task.now(),
                        named(applied.policy()) + " no longer governs it (deleted, refused, or no longer selecting it) and no other"
                                + " policy does: its placement stays as it is", task.now()));
            }
            return;
        }
        List<String> changes = applied.changes(governing);
        if (changes.isEmpty()) {
            if (!governing.key().equals(applied.policy())) {
                task.policyPlacements.record(key, applied.claimedBy(governing.key()));
            }
            return;
        }
        if (governing.lazyActivation() && !lazyDue.contains(key)) {
            // Lazy: the changed placement waits for the workload's next version (onNewVersion).
            return;
        }
        PlacementState workload = task.placementStates.of(key);
        if (binding.getPlacement() == null || !Placing.needsPlacement(binding) || busy(key, binding, workload)) {
            // Waiting in the quota queue, being placed or moved: scheduled again once that is over.
            again.putIfAbsent(applied.policy(), task.now() + task.settings.placeRetryInterval().toMillis());
            return;
        }
        reschedule(key, binding, workload, governing, applied, 0, List.of());
    }

    /** Whether a placement, failover, re-division or re-scale of the workload is under way (its placement may change). */
    private boolean busy(String key, ResourceBinding binding, PlacementState workload) {
        Redivision redivision = workload.redivision();
        boolean redividing = redivision != null && !(redivision.allGranted() && WorkloadBindings.placedClusters(binding)
                .equals(Set.copyOf(redivision.targets().stream().map(ScheduleResult.Target::cluster).toList())));
        return workload.pending() != null || workload.shares() != null || redividing || task.migrations.migrating(key, "");
    }

    private void reschedule(String key, ResourceBinding binding, PlacementState workload, PropagationPolicy policy, AppliedPlacement applied,
                            int attempt, List<String> refused) {
        ShareFailover.Shares shares = ShareFailover.shares(binding, null);
        if (shares == null) {
            unschedulable(key, binding, policy, applied, "its placement does not list each component's share (placement.clusters[].components)");
            return;
        }
        List<ScheduleResult.Target> previous = shares.kept();
        int group = applied.groupIndex(policy);
        Set<String> avoid = new HashSet<>();
        refused.stream().filter(cluster -> !shares.runs(cluster)).forEach(avoid::add);
        ScheduleResult result;
        try {
            result = FullStaticAssignmentsLast.scheduled(binding, avoid,
                    without -> reschedule(task, binding, policy, group, previous, without));
        } catch (IllegalArgumentException e) {
            unschedulable(key, binding, policy, applied, "its requirements cannot be read: " + e.getMessage());
            return;
        }
        if (result instanceof ScheduleResult.Unschedulable no) {
            unschedulable(key, binding, policy, applied, PlacingShares.unschedulable(no, refused));
            return;
        }
        ScheduleResult.Scheduled scheduled = (ScheduleResult.Scheduled) result;
        Redivision rescheduled = Redivision.of(key + MARK + "t" + task.now() + "/s" + attempt, RoomAsk.Purpose.POLICY_RESCHEDULE,
                "policy-" + task.now(), null, binding.getGeneration(), attempt, refused, scheduled, previous);
        Redivision settled = ask(key, binding, workload, rescheduled, scheduled.roomNotes());
        if (settled != null) {
            apply(key, binding, workload, settled);
        }
    }

    @Override
    boolean stillApplies(ResourceBinding binding, Redivision rescheduled) {
        return binding.getPlacement() != null;
    }

    /** A re-schedule void, or replaced by a failover's re-division or a re-scale: the policy's placement is applied after it. */
    @Override
    void over(String key, ResourceBinding binding, Redivision current) {
        AppliedPlacement applied = task.policyPlacements.applied(key);
        if (binding != null && applied != null && (current == null || current.purpose() != RoomAsk.Purpose.POLICY_RESCHEDULE)) {
            again.putIfAbsent(applied.policy(), task.now() + task.settings.placeRetryInterval().toMillis());
        }
    }

    @Override
    void refused(String key, ResourceBinding binding, PlacementState cleared, Redivision rescheduled, List<String> refused) {
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        AppliedPlacement applied = task.policyPlacements.applied(key);
        if (policy == null || applied == null) {
            return;
        }
        if (rescheduled.attempt() + 1 >= PlacingShares.MAX_ATTEMPTS) {
            unschedulable(key, binding, policy, applied, "every re-schedule was refused a reservation (refused by " + String.join(", ", refused) + ")");
            return;
        }
        reschedule(key, binding, cleared, policy, applied, rescheduled.attempt() + 1, refused);
    }

    /**
     * Every growth is reserved: the placement becomes the new schedule's, a cluster left out is released and its copy
     * purged, and the workload is listed with the placement it was scheduled with now.
     */
    @Override
    void apply(String key, ResourceBinding binding, PlacementState workload, Redivision rescheduled) {
        List<ScheduleResult.Target> previous = ShareFailover.shares(binding, null).kept();
        PropagationPolicy policy = task.policies.governing(binding).orElseThrow();
        AppliedPlacement applied = task.policyPlacements.applied(key);
        List<String> changed = applied == null ? List.of("placement") : applied.changes(policy);
        boolean moved = !Objects.equals(Set.copyOf(previous), Set.copyOf(rescheduled.targets()));
        if (moved) {
            task.emitPlacement(rescheduled.placement(binding, Placing.DECIDED_BY, policy.key()));
        }
        List<String> outcome = new ArrayList<>();
        for (ScheduleResult.Target before : previous) {
            if (!rescheduled.targets(before.cluster())) {
                outcome.add(before.cluster() + " " + before.replicas() + " -> 0 pods (its copy is purged)");
                failingOver.purgeLeftOut(key, rescheduled.incidentId(), before.cluster(),
                        before.cluster() + " runs no copy under the placement of " + named(policy.key()) + "; purge the copy there");
            }
        }
        outcome.addAll(rescheduled.targetChanges(previous));
        task.placementStates.save(key, workload.withRedivision(null).placedOn(null, rescheduled.group()));
        task.policyPlacements.record(key, AppliedPlacement.of(policy, rescheduled.group()));
        lazyDue.remove(key);
        String by = applied == null || applied.policy().equals(policy.key()) ? named(policy.key()) + " changed"
                : named(policy.key()) + " claims it " + (applied.policy().equals(PolicyPlacements.UNCLAIMED) ? "(no policy governed it)"
                : "from " + named(applied.policy())) + "; its placement differs";
        task.audit(PlaceFailoverAudit.rescaling(binding, "POLICY_RESCHEDULED", rescheduled.decisionId(), by + " (" + String.join(", ", changed)
                + "): " + (moved ? "" : "the placement stays: ") + String.join(", ", outcome), task.now()));
    }

    private void unschedulable(String key, ResourceBinding binding, PropagationPolicy policy, AppliedPlacement applied, String why) {
        again.putIfAbsent(applied.policy(), task.now() + task.settings.placeRetryInterval().toMillis());
        if (!reportedUnschedulable.add(key + '\u0000' + AppliedPlacement.of(policy, applied.groupIndex(policy)))) {
            return;
        }
        task.audit(PlaceFailoverAudit.rescaling(binding, "POLICY_UNSCHEDULABLE", key + MARK + "t" + task.now(), named(policy.key())
                + " changed (" + String.join(", ", applied.changes(policy)) + ") and the workload cannot be scheduled again: " + why
                + "; the placement stays as it was and is tried again", task.now()));
    }

    /** {@code PropagationPolicy team-a/web} from the key {@code PropagationPolicy/team-a/web}. */
    static String named(String policyKey) {
        return policyKey.replaceFirst("/", " ");
    }
}
