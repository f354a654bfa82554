package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.IncidentState;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.RoomNote;
import io.fedstream.avro.StoredIncident;
import io.fedstream.bind.BindingShares;
import io.fedstream.failover.FailoverSettings;
import io.fedstream.failover.FailureCause;
import io.fedstream.failover.IncidentKey;
import io.fedstream.failover.PlanRequest;
import io.fedstream.failover.PlanResult;
import io.fedstream.failover.TaintEviction;
import io.fedstream.health.CarriedTaints;
import io.fedstream.health.Reasons;
import io.fedstream.place.BurstSpread;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ClusterTaint;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import io.fedstream.place.Toleration;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * Stage 6 inside the task: keeps the open incident of every unhealthy cluster, and for each workload the cluster
 * index lists there, once its toleration has passed, reserves room on a candidate and issues one MigrationCommand per
 * (workload, incident); follows the executor's reports, retries on the next candidate and moves the placement on
 * completion; the copy left on the failed cluster is purged at Karmada's moment ({@link StaleCopyPurges}).
 */
final class FailingOver {

    /** A workload labelled so is never moved by fedstream. */
    static final String OPT_OUT_LABEL = "fedstream.io/failover";
    static final String DECIDED_BY = "failover";

    private final PlaceFailoverTask task;
    private final ReplicaScheduler scheduler = new ReplicaScheduler();
    private final ShareFailover shareFailover;
    private final BeyondRoomTargets beyondRoom;
    private final StaleCopyPurges stalePurges;
    private final MovesOut movesOut = new MovesOut();
    /** The policy change count at the last check: a changed policy may change what a workload's check finds. */
    private long checkedAtPolicies = -1;
    /** When the earliest move the checks found not due yet becomes due; {@code Long.MAX_VALUE}: none. */
    private long nextDueAt = Long.MAX_VALUE;

    FailingOver(PlaceFailoverTask task) {
        this.task = task;
        this.shareFailover = new ShareFailover(task, this);
        this.beyondRoom = new BeyondRoomTargets(task);
        this.stalePurges = new StaleCopyPurges(task, this);
    }

    /** Where the copies that cluster failures evicted wait for their purge. */
    StaleCopyPurges stalePurges() {
        return stalePurges;
    }

    /** Where the answers to a failed share's re-division go. */
    Redividing redividing() {
        return shareFailover.redividing();
    }

    /** A record of the workload arrived: the next check of its incident reads its stores again. */
    void onWorkloadRecord(String key) {
        movesOut.changed(key);
    }

    /** A cluster changed state (every task hears it): opens, updates or closes its incident. */
    void onClusterChanged(ClusterStateEvent event) {
        String cluster = event.getCluster();
        ClusterState state = event.getState();
        ClusterStateEvent open = task.openIncidents.get(cluster);
        if (open != null && event.getIncidentId() != null && event.getIncidentId().equals(open.getIncidentId())
                && Objects.equals(open.getBrake(), event.getBrake())) {
            // The same incident, SUSPECT to FAILED say: only when its moves are due may change, not the moves out.
            movesOut.dueTimesChanged();
        } else {
            movesOut.changedAll();
        }
        if (state == ClusterState.SUSPECT || state == ClusterState.FAILED || state == ClusterState.RECOVERING) {
            if (open != null && Objects.equals(open.getIncidentId(), event.getIncidentId())) {
                // Same incident: its tolerations still count from when it began.
                event = ClusterStateEvent.newBuilder(event).setTransitionAt(open.getTransitionAt()).build();
            }
            task.openIncidents.put(cluster, event);
            checkDue(cluster);
        } else {
            task.openIncidents.delete(cluster);
            if (open != null && open.getIncidentId() != null) {
                withdrawMoves(cluster, open.getIncidentId());
            }
        }
    }

    /**
     * The cluster is back: a move or re-division off it whose room is still asked for is needed no more, so its asks are
     * withdrawn (they would otherwise wait for a grant, and a grant would carry the move out) and what they hold goes back.
     */
    private void withdrawMoves(String cluster, String incidentId) {
        for (String key : task.bindings.on(cluster)) {
            try {
                PlacementState before = task.placementStates.of(key);
                PlacementState workload = before;
                PlacementState.Pending pending = workload.pending();
                Redivision redivision = workload.redivision();
                if (pending != null && pending.purpose() == ReservationPurpose.MIGRATE && incidentId.equals(pending.incidentId())) {
                    task.withdraw(key, pending.cluster(), pending.requestId());
                    workload = workload.withPending(null);
                }
                if (redivision != null && redivision.purpose() == RoomAsk.Purpose.REDIVIDE && incidentId.equals(redivision.incidentId())
                        && !redivision.allGranted()) {
                    redivision.growth().forEach(growth -> task.withdraw(key, growth.cluster(), growth.requestId()));
                    workload = workload.withRedivision(null);
                }
                if (workload != before) {
                    task.placementStates.save(key, workload);
                }
            } catch (RuntimeException e) {
                task.deadLetterEntry(PlaceFailoverAudit.FAILOVER, Workloads.STORE, key, e);
            }
        }
    }

    /** Plans what is due on every open incident; the wall-clock punctuator calls it. */
    void checkAll() {
        nextDueAt = Long.MAX_VALUE;
        List<String> clusters = new ArrayList<>();
        try (KeyValueIterator<String, ClusterStateEvent> it = task.openIncidents.all()) {
            it.forEachRemaining(entry -> clusters.add(entry.key));
        }
        clusters.forEach(this::checkDue);
    }

    /** Whether a check found a move of an open incident that is not due yet and becomes due within {@code within} of now. */
    boolean dueSoon(long now, Duration within) {
        return nextDueAt != Long.MAX_VALUE && nextDueAt - now < within.toMillis();
    }

    /**
     * Plans what is due once a move that a check found not due yet is: a move due just after a check (a toleration that
     * ends just after FAILED, say) starts then, not a whole check interval later.
     */
    void checkWhenDue(long now) {
        if (now >= nextDueAt) {
            checkAll();
        }
    }

    void checkDue(String cluster) {
        ClusterStateEvent incident = task.openIncidents.get(cluster);
        // While the migration brake holds, fedstream suspects itself or the network, not the fleet (docs/health.md).
        if (incident == null || incident.getState() == ClusterState.RECOVERING || incident.getIncidentId() == null
                || incident.getBrake() != null) {
            return;
        }
        if (task.policyChanges() != checkedAtPolicies) {
            checkedAtPolicies = task.policyChanges();
            movesOut.changedAll();
        }
        long now = task.now();
        // When a move is due depends on the incident and the governing policy alone: worked out once per policy, not
        // once per workload (a failed cluster's thousands of workloads share a few policies).
        Map<PropagationPolicy, OptionalLong> dueByPolicy = new IdentityHashMap<>();
        for (String key : task.bindings.on(cluster)) {
            if (movesOut.passes(key, incident.getIncidentId(), now)) {
                nextDueAt = Math.min(nextDueAt, movesOut.dueLater(key));
                continue;
            }
            try {
                checkDue(incident, key, now, dueByPolicy);
            } catch (RuntimeException e) {
                // Out of the index, so that an entry that cannot be read is one dead letter, not one per check interval.
                task.bindings.unlist(cluster, key);
                task.deadLetterEntry(PlaceFailoverAudit.FAILOVER, Workloads.STORE, key, e);
            }
        }
    }

    private void checkDue(ClusterStateEvent incident, String key, long now, Map<PropagationPolicy, OptionalLong> dueByPolicy) {
        String cluster = incident.getCluster();
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null || "false".equals(binding.getLabels().get(OPT_OUT_LABEL))
                || !WorkloadBindings.placedClusters(binding).contains(cluster)) {
            return;
        }
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        PlacementState workload = task.placementStates.of(key);
        if (workload.pending() != null) {
            if (incident.getIncidentId().equals(workload.pending().incidentId())) {
                movesOut.settled(key, workload.pending().incidentId());
            }
            return;
        }
        OptionalLong dueAt = dueByPolicy.computeIfAbsent(policy, governing -> dueAt(incident, governing));
        if (dueAt.isEmpty()) {
            return;
        }
        if (now < dueAt.getAsLong()) {
            nextDueAt = Math.min(nextDueAt, dueAt.getAsLong());
            movesOut.dueAt(key, incident.getIncidentId(), dueAt.getAsLong());
            return;
        }
        migrate(key, binding, policy, workload, incident.getCluster(), incident.getIncidentId(), now);
    }

    /**
     * Moves the workload away from the source for the incident: its first attempt, or its retry once due; nothing while
     * a command is out, after the incident closed, or while a MIGRATE of another incident is out (a cluster failure and
     * an application failure never move one workload twice at once). Cluster incidents and application failures ({@link
     * ApplicationFailover}) share it, so both get the same target choice, reservation, strategies, relay and ledger. A
     * policy that says {@code failover.enable: false} keeps the workload where it is, audited once per incident.
     */
    void migrate(String key, ResourceBinding binding, PropagationPolicy policy, PlacementState workload, String source,
                 String incidentId, long now) {
        IncidentKey incidentKey = new IncidentKey(key, incidentId);
        if (policy != null && policy.failover() != null && !policy.failover().enabled()) {
            if (task.ledger.holdBack(incidentKey)) {
                task.audit(PlaceFailoverAudit.noTarget(binding, incidentId, source, "MIGRATION_DISABLED",
                        "stays on " + source + ": " + policy.key() + " says spec.failover.enable: false", now));
            }
            return;
        }
        boolean share = WorkloadBindings.placedClusters(binding).size() > 1;
        StoredIncident entry = task.ledger.entry(incidentKey).orElse(null);
        IncidentState state = entry == null ? null : entry.getState();
        if (state == IncidentState.RETRY_PENDING) {
            boolean due = !Instant.ofEpochMilli(now).isBefore(entry.getNotBefore());
            if (due && !task.migrations.migrating(key, incidentId)) {
                if (share) {
                    shareFailover.retry(key, binding, policy, workload, source, incidentId, entry);
                } else {
                    start(key, binding, policy, source, incidentId, workload, entry.getAttempt() + 1, entry);
                }
            }
        } else if (share) {
            // A share's incident is decided once (marked held back), so the scan does not decide it again while asks
            // are out.
            if (state == null) {
                task.ledger.holdBack(incidentKey);
                shareFailover.schedule(key, binding, policy, workload, source, incidentId, 0, List.of(), now);
            }
        } else if (state == null || state == IncidentState.HELD_BACK) {
            if (!task.migrations.migrating(key, incidentId)) {
                start(key, binding, policy, source, incidentId, workload, 1, null);
            }
        } else {
            // Issued, completed or exhausted: only the executor's report (a record of the workload) changes that.
            movesOut.settled(key, incidentId);
        }
    }

    /**
     * When the workload's move becomes due, empty for never: when the policy's {@code placement.clusterTolerations} no
     * longer tolerate the NoExecute taints the cluster carries ({@link TaintEviction}; no matching toleration:
     * {@code health.toleration.ms}), and not before the migration brake's verdict is final; a taint tolerated without
     * {@code tolerationSeconds} never makes the workload due. {@code decisionConditions.tolerationSeconds} is about
     * application failure, not the cluster's. An incident recorded before transitions carried taints counts as tainted
     * unreachable from its transition, so an upgrade in the middle of one still moves its workloads.
     */
    private OptionalLong dueAt(ClusterStateEvent incident, PropagationPolicy policy) {
        List<Toleration> tolerations = policy == null ? List.of() : policy.placement().tolerations();
        List<TaintEviction.Carried> taints = incident.getTaints().isEmpty()
                ? List.of(new TaintEviction.Carried(new ClusterTaint(CarriedTaints.UNREACHABLE, null, ClusterTaint.Effect.NoExecute),
                        incident.getTransitionAt()))
                : incident.getTaints().stream().map(FailingOver::carried).toList();
        return new TaintEviction(task.settings.defaultToleration()).evictionTime(taints, tolerations)
                .map(at -> OptionalLong.of(Math.max(at.toEpochMilli(), brakeDecided(incident)))).orElse(OptionalLong.empty());
    }

    /**
     * When the migration brake's verdict on the incident is final: one failure window after it began, since a cluster
     * that turns SUSPECT within it makes a mass failure, which holds every migration (docs/health.md). A NoExecute taint
     * in the cluster's own spec is an instruction, never counted by the brake, so it waits for nothing.
     */
    private long brakeDecided(ClusterStateEvent incident) {
        // FAILED comes no sooner than the window (ClusterHealthMachine), and the watch's clock need not be this task's.
        if (incident.getState() == ClusterState.FAILED || Reasons.NO_EXECUTE_TAINT.equals(incident.getReason())) {
            return 0;
        }
        return incident.getTransitionAt().toEpochMilli() + task.settings.brakeWindow().toMillis();
    }

    /** Whether the migration brake holds the cluster incident the pending move belongs to (it engaged after the move began). */
    private boolean braked(PlacementState.Pending pending) {
        ClusterStateEvent incident = task.openIncidents.get(pending.sourceCluster());
        return incident != null && incident.getBrake() != null && Objects.equals(incident.getIncidentId(), pending.incidentId());
    }

    private static TaintEviction.Carried carried(CarriedTaint taint) {
        return new TaintEviction.Carried(new ClusterTaint(taint.getKey(), taint.getValue(), ClusterTaint.Effect.valueOf(taint.getEffect())),
                taint.getTimeAdded());
    }

    void onAnswer(RoomAnswer answer, PlacementState workload, PlacementState.Pending pending) {
        String key = answer.workloadKey();
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null || answer.granted() && braked(pending)) {
            // Deleted, or the brake engaged while the room was asked for (the incident is checked again once it releases): no command.
            if (answer.granted()) {
                task.release(key, answer.cluster());
            }
            task.placementStates.save(key, workload.withPending(null));
            return;
        }
        if (answer.granted()) {
            issue(key, binding, workload, pending, null);
            return;
        }
        task.audit(PlaceFailoverAudit.reservationRefused(binding, answer, task.now()));
        if (pending.hasNext()) {
            PlacementState.Pending next = pending.next(requestId(key, pending.incidentId(), pending.attempt(), pending.index() + 1));
            task.placementStates.save(key, workload.withPending(next));
            askAgain(key, binding, next);
        } else if (!movedBeyondRoom(key, binding, workload, pending)) {
            task.placementStates.save(key, workload.withPending(null));
            plan(key, binding, workload, pending, List.of()).ifPresent(result -> closed(binding, pending, result, null));
        }
    }

    /**
     * Asks for the room of the move's current candidate: after a refusal, or again for an ask that went unanswered when
     * the task stopped ({@code PlaceAndFailOver.resumeAsks}).
     */
    void askAgain(String key, ResourceBinding binding, PlacementState.Pending pending) {
        movesOut.settled(key, pending.incidentId());
        if (WorkloadBindings.placedClusters(binding).size() > 1) {
            ShareFailover.Shares shares = ShareFailover.shares(binding, pending.sourceCluster());
            task.hold(binding, pending, shares == null ? Map.of() : shares.source());
        } else {
            task.hold(binding, pending);
        }
    }

    /**
     * Every candidate's lease refused the move: as Karmada's re-schedule takes the best survivor whatever its room, the
     * workload moves with no room held, a one-active-cluster workload to Karmada's pick among the survivors (on a retry,
     * among the failed command's remaining candidates), a Duplicated share to its first candidate. False when room binds
     * the move (a division by available replicas, or a workload no policy governs) or no survivor passes the filters.
     */
    private boolean movedBeyondRoom(String key, ResourceBinding binding, PlacementState workload, PlacementState.Pending pending) {
        String unheld = "every candidate refused the reservation (" + String.join(", ", pending.candidates()) + ")";
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        if (WorkloadBindings.placedClusters(binding).size() > 1) {
            return shareFailover.movedBeyondRoom(key, binding, policy, workload, pending, unheld);
        }
        if (!BeyondRoomTargets.applies(policy)) {
            return false;
        }
        Set<String> avoid = new HashSet<>(Set.of(pending.sourceCluster()));
        Optional<StoredIncident> previous = pending.attempt() > 1
                ? task.ledger.entry(new IncidentKey(key, pending.incidentId())) : Optional.empty();
        previous.map(StoredIncident::getTargetCluster).ifPresent(avoid::add);
        List<BeyondRoomTargets.Target> targets = beyondRoom.ranked(binding, policy, pending.group(), avoid,
                previous.map(StoredIncident::getRemainingCandidates).orElse(null));
        if (targets.isEmpty()) {
            return false;
        }
        issueBeyondRoom(key, binding, workload, pending.sourceCluster(), pending.incidentId(), pending.attempt(), targets, unheld);
        return true;
    }

    /**
     * Issues the move to the first of {@code targets} with no room held there, its command and audit saying why the
     * target's room cannot hold it ({@code unheld} when the target's view holds it and its lease refused); the others
     * are the command's fallbacks.
     */
    private void issueBeyondRoom(String key, ResourceBinding binding, PlacementState workload, String source, String incidentId,
                                 int attempt, List<BeyondRoomTargets.Target> targets, String unheld) {
        BeyondRoomTargets.Target target = targets.get(0);
        List<String> clusters = targets.stream().map(BeyondRoomTargets.Target::cluster).toList();
        PlacementState.Pending pending = move(key, incidentId, source, clusters, target.group(),
                binding.getGeneration(), attempt);
        issue(key, binding, workload, pending, target.roomNote(binding, unheld));
    }

    /** Closes the incident with no target, as no remaining candidate is eligible (audited MIGRATION_NO_TARGET once). */
    void noTarget(String key, ResourceBinding binding, PlacementState.Pending pending) {
        plan(key, binding, task.placementStates.of(key), pending, List.of())
                .ifPresent(outcome -> closed(binding, pending, outcome, "no remaining candidate is eligible"));
    }

    /** The executor's report on a command: the record's life-cycle moves forward, never back. */
    Optional<String> onMigrationEvent(MigrationEvent event) {
        MigrationRecord record = task.migrations.of(event.getCommandId());
        if (record == null) {
            String workloadKey = MigrationRecords.workloadKey(event.getCommandId());
            // A workload's commands go with its record: a report that comes after the delete finds none.
            String gone = workloadKey != null && task.bindings.of(workloadKey) == null
                    ? ": workload " + workloadKey + " has no binding (a deleted workload's commands go with it)" : "";
            return Optional.of("no migration command " + event.getCommandId() + " is known" + gone);
        }
        MigrationRecordPhase next = MigrationRecordPhase.valueOf(event.getPhase().name());
        if (!advances(record.getPhase(), next)) {
            return Optional.empty();
        }
        MigrationCommand command = record.getCommand();
        task.migrations.save(event.getCommandId(), MigrationRecord.newBuilder(record)
                .setPhase(next).setReason(event.getReason()).setUpdatedAt(event.getReportedAt()).build());
        ResourceBinding binding = task.bindings.of(command.getWorkloadKey());
        if (binding != null) {
            task.audit(PlaceFailoverAudit.command(binding, command, "MIGRATION_" + next.name(), event.getReason(), task.now()));
        }
        if (command.getAction() != MigrationAction.MIGRATE || binding == null) {
            return Optional.empty();
        }
        IncidentKey incident = new IncidentKey(command.getWorkloadKey(), command.getIncidentId());
        if (event.getPhase() == MigrationPhase.COMPLETED && task.ledger.onCompleted(incident, command.getCommandId())) {
            completed(binding, command);
        } else if (event.getPhase() == MigrationPhase.FAILED) {
            task.release(command.getWorkloadKey(), command.getTargetCluster());
            Optional<Instant> retryAt = task.ledger.onFailed(incident, command.getCommandId(), task.instant());
            if (retryAt.isEmpty()) {
                task.audit(PlaceFailoverAudit.noTarget(binding, command.getIncidentId(), command.getSourceCluster(), "MIGRATION_EXHAUSTED",
                        "attempt " + command.getAttempt() + " failed and no candidate is left", task.now()));
            }
        }
        return Optional.empty();
    }

    private void start(String key, ResourceBinding binding, PropagationPolicy policy, String source, String incidentId,
                       PlacementState workload, int attempt, StoredIncident previous) {
        Set<String> avoid = previous == null || previous.getTargetCluster() == null
                ? Set.of(source) : Set.of(source, previous.getTargetCluster());
        ScheduleResult result;
        List<ComponentDemand> demands = List.of();
        List<ClusterCapacity> view = new ArrayList<>();
        try {
            demands = PlaceFailoverTask.demands(binding);
            List<ComponentDemand> needed = demands;
            result = task.place(clusters -> {
                view.clear();
                view.addAll(clusters);
                return scheduler.placeFromGroup(new ReplicaScheduler.Request(needed, policy, clusters, avoid, PlaceFailoverTask.kind(binding)), workload.group());
            });
        } catch (IllegalArgumentException e) {
            result = new ScheduleResult.Unschedulable("its requirements cannot be read: " + e.getMessage(), List.of());
        }
        BurstSpread burst = task.burst(incidentId);
        List<String> candidates = result instanceof ScheduleResult.Ranked ranked
                ? FullStaticAssignmentsLast.ranked(binding, burst.order(ranked.candidates(), view, demands).stream()
                        .map(ScheduleResult.Candidate::cluster).toList())
                : List.of();
        if (previous != null) {
            // A retry keeps the order of the failed command's remaining candidates, among those still eligible.
            candidates = previous.getRemainingCandidates().stream().filter(candidates::contains).toList();
        }
        int group = result instanceof ScheduleResult.Ranked ranked ? ranked.groupIndex() : workload.group();
        PlacementState.Pending pending = move(key, incidentId, source, candidates, group, binding.getGeneration(),
                attempt);
        if (BeyondRoomTargets.applies(policy) && (candidates.isEmpty() || previous == null && result.leftOutForRoom())) {
            // No survivor's view holds it, or only one in a later affinity group: Karmada takes the best survivor whatever its room.
            List<BeyondRoomTargets.Target> beyond = beyondRoom.ranked(binding, policy, workload.group(), avoid,
                    previous == null ? null : previous.getRemainingCandidates());
            if (!beyond.isEmpty()) {
                issueBeyondRoom(key, binding, workload, source, incidentId, attempt, beyond, "no lease holds room for it");
                burst.promise(beyond.get(0).cluster(), demands);
                return;
            }
        }
        if (candidates.isEmpty()) {
            String why = result instanceof ScheduleResult.Unschedulable no ? no.why() : "no remaining candidate is eligible";
            plan(key, binding, workload, pending, List.of()).ifPresent(outcome -> closed(binding, pending, outcome, why));
            return;
        }
        task.placementStates.save(key, workload.withPending(pending));
        movesOut.settled(key, pending.incidentId());
        burst.promise(pending.cluster(), demands);
        task.hold(binding, pending);
    }

    /**
     * Issues the command to the pending's current candidate: room held there, or none ({@code roomNote} says why: the
     * target is beyond its room, as Karmada's re-schedule places it).
     */
    void issue(String key, ResourceBinding binding, PlacementState workload, PlacementState.Pending pending, String roomNote) {
        Optional<PlanResult> result = plan(key, binding, workload, pending, pending.fromCurrent());
        PlacementState after = workload.withPending(null);
        if (result.isPresent() && result.get() instanceof PlanResult.Planned planned) {
            // The target gets its own overridden manifest, when override policies change the workload there, and a
            // Divided share's pods per component, with or without such policies. The planner's command is this call's
            // own, so it is completed in place rather than copied (a deep copy per command, in a burst of thousands).
            MigrationCommand command = planned.command();
            command.setTargetManifest(
                    BindingShares.movedManifest(binding, command.getSourceCluster(), command.getTargetCluster()));
            command.setTargetReplicas(
                    BindingShares.movedReplicas(binding, command.getSourceCluster(), command.getTargetCluster()));
            command.setTargetRoomNote(roomNote);
            task.command(command);
            task.migrations.save(command.getCommandId(), MigrationRecord.newBuilder()
                    .setCommand(command).setPhase(MigrationRecordPhase.ISSUED).setUpdatedAt(command.getIssuedAt()).build());
            task.audit(PlaceFailoverAudit.command(binding, command, "MIGRATION_ISSUED",
                    command.getStrategy() + " from " + command.getSourceCluster() + " to " + command.getTargetCluster()
                            + (roomNote == null ? "" : "; moved beyond the room reported, as Karmada's re-schedule places it, with no room held: "
                            + roomNote), task.now()));
            after = after.moved(pending.group(), command.getPreservedState());
            movesOut.settled(key, pending.incidentId());
            // An application failure's copy is purged by ApplicationFailover; a retry evicts nothing new.
            if (command.getAttempt() == 1 && !ApplicationFailover.isApplicationIncident(command.getIncidentId())) {
                stalePurges.evicted(command);
            }
        } else {
            // Already issued for this attempt (a re-delivered answer) or closed: the room is not needed.
            if (roomNote == null) {
                task.release(key, pending.cluster());
            }
            result.ifPresent(outcome -> closed(binding, pending, outcome, null));
        }
        task.placementStates.save(key, after);
    }

    /** Plans the move once per (workload, incident, attempt); {@code workload} is the placement state as stored now. */
    private Optional<PlanResult> plan(String key, ResourceBinding binding, PlacementState workload, PlacementState.Pending pending,
                                      List<String> candidates) {
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        FailoverSettings settings = FailoverSettings.of(policy == null ? null : policy.failover());
        PlanRequest request = new PlanRequest(binding, task.statuses.get(key), task.deltas.log(key), settings,
                ApplicationFailover.isApplicationIncident(pending.incidentId()) ? FailureCause.APPLICATION : FailureCause.CLUSTER,
                pending.incidentId(), pending.sourceCluster(), candidates, pending.attempt(), workload.preserved(),
                task.instant());
        return task.ledger.planOnce(request);
    }

    private void closed(ResourceBinding binding, PlacementState.Pending pending, PlanResult result, String why) {
        if (result instanceof PlanResult.NoTarget noTarget) {
            task.audit(PlaceFailoverAudit.noTarget(binding, pending.incidentId(), pending.sourceCluster(), "MIGRATION_NO_TARGET",
                    why == null ? noTarget.reason() : noTarget.reason() + ": " + why, task.now()));
        } else if (result instanceof PlanResult.Invalid invalid) {
            task.audit(PlaceFailoverAudit.noTarget(binding, pending.incidentId(), pending.sourceCluster(), "MIGRATION_INVALID",
                    invalid.reason(), task.now()));
        }
    }

    private void completed(ResourceBinding binding, MigrationCommand command) {
        PlacementState workload = task.placementStates.of(command.getWorkloadKey());
        AdmissionRequest placement = WorkloadBindings.placedClusters(binding).size() > 1
                ? ShareFailover.moved(binding, command.getSourceCluster(), command.getTargetCluster())
                : Placing.placement(binding, command.getTargetCluster(), DECIDED_BY);
        if (command.getTargetRoomNote() != null) {
            List<RoomNote> notes = new ArrayList<>(placement.getPlacement().getRoomNotes());
            notes.add(new RoomNote(command.getTargetCluster(), command.getTargetRoomNote()));
            placement.getPlacement().setRoomNotes(notes);
        }
        task.emitPlacement(placement, workload);
        task.release(command.getWorkloadKey(), command.getSourceCluster());
        task.placementStates.save(command.getWorkloadKey(), workload.placedOn(command.getTargetCluster(), workload.group()));
    }

    /**
     * Gives back what the workload holds on a cluster that a new schedule of it ({@code incidentId}: the re-scale's or
     * re-schedule's) gives no pods, and purges Directly, now, the copy there, as Karmada removes the cluster's Work.
     */
    void purgeLeftOut(String key, String incidentId, String cluster, String reason) {
        task.release(key, cluster);
        purge(removal(key, incidentId, cluster, PurgeMode.Directly, null), cluster, reason);
    }

    /** The record of a workload's copy on {@code cluster} going away in {@code incidentId} (not a move: no target). */
    MigrationCommand removal(String key, String incidentId, String cluster, PurgeMode purgeMode, Integer gracePeriodSeconds) {
        return MigrationCommand.newBuilder()
                .setCommandId(key + "/" + incidentId + "/removed/" + cluster)
                .setIncidentId(incidentId)
                .setWorkloadKey(key)
                .setAction(MigrationAction.PURGE)
                .setSourceCluster(cluster)
                .setStrategy(MigrationStrategy.GRACEFUL_SHUTDOWN)
                .setPurgeMode(purgeMode)
                .setGracePeriodSeconds(gracePeriodSeconds)
                .setIssuedAt(task.instant())
                .build();
    }

    /**
     * Issues the PURGE of the copy a migration left on the cluster: the command, its record and its audit. A graceful
     * purge says 0 s: fedstream did the waiting, so the executor deletes at once.
     */
    void purge(MigrationCommand moved, String cluster, String reason) {
        String key = moved.getWorkloadKey();
        MigrationCommand purge = MigrationCommand.newBuilder(moved)
                .setCommandId(moved.getCommandId() + "/purge")
                .setAction(MigrationAction.PURGE)
                // Purging stops the copy left behind; the state went with the migration.
                .setStrategy(MigrationStrategy.GRACEFUL_SHUTDOWN)
                .setSourceCluster(cluster)
                .setTargetCluster(null)
                .setTargetManifest(null)
                .setTargetReplicas(Map.of())
                .setTargetRoomNote(null)
                .setRemainingCandidates(List.of())
                .setCheckpoint(null)
                .setDeltaReplay(null)
                .setConsumerGroupOffsets(List.of())
                .setGracePeriodSeconds(moved.getPurgeMode() == PurgeMode.Gracefully
                        ? Integer.valueOf(0) : moved.getGracePeriodSeconds())
                .setFullStateBytes(0)
                .setIncrementalBytes(0)
                .setIssuedAt(task.instant())
                .build();
        task.command(purge);
        task.migrations.save(purge.getCommandId(), MigrationRecord.newBuilder()
                .setCommand(purge).setPhase(MigrationRecordPhase.ISSUED).setUpdatedAt(purge.getIssuedAt()).build());
        ResourceBinding binding = task.bindings.of(key);
        if (binding != null) {
            task.audit(PlaceFailoverAudit.command(binding, purge, "PURGE_ISSUED", reason, task.now()));
        }
    }

    private static boolean advances(MigrationRecordPhase current, MigrationRecordPhase next) {
        if (current == MigrationRecordPhase.COMPLETED || current == MigrationRecordPhase.FAILED) {
            return false;
        }
        return next == MigrationRecordPhase.FAILED || next.ordinal() > current.ordinal();
    }

    static String requestId(String key, String incidentId, int attempt, int index) {
        return key + "/" + incidentId + "/a" + attempt + "/" + index;
    }

    /** A move's attempt off {@code source}, asking first for the room of its first candidate. */
    static PlacementState.Pending move(String key, String incidentId, String source, List<String> candidates, int group,
                                       long generation, int attempt) {
        return new PlacementState.Pending(requestId(key, incidentId, attempt, 0), ReservationPurpose.MIGRATE,
                incidentId, source, candidates, 0, group, generation, attempt);
    }
}
