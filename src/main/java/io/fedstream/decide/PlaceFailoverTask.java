package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationBrake;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.bind.BindingShares;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.failover.IncidentLedger;
import io.fedstream.interpret.QuantityFields;
import io.fedstream.interpret.Resources;
import io.fedstream.place.BurstSpread;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.ScheduleResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import io.fedstream.avro.MigrationCommand;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The place and fail-over steps' side of one namespace task: their stores, the fleet views they read, and how they emit outcomes. */
final class PlaceFailoverTask {

    final ProcessingContext context;
    private final Workloads workloads;
    private final Handoffs handoffs;
    private final Outputs outputs;
    final PlaceFailoverSettings settings;
    final WorkloadBindings bindings;
    final PlacementStates placementStates;
    final WaitingWorkloads waiting;
    /** Each workload's latest reported status: its phase, checkpoint and consumer offsets. */
    final KeyValueStore<String, WorkloadStatusEvent> statuses;
    final DeltaIndex deltas;
    final IncidentLedger ledger;
    final Section<ClusterStateEvent> openIncidents;
    final MigrationRecords migrations;
    final StaleCopies staleCopies;
    final PropagationPolicies policies;
    final PolicyPlacements policyPlacements;
    private final TaskClusterViews views;
    private final LongSupplier policyChanges;
    /** The room the task holds on the clusters, whose allocators say what others hold there. */
    private final LeasedRoom room;
    /** Where an answer of {@link #room} goes: the step its ask's purpose names. */
    private final Consumer<RoomAnswer> answers;
    /** Per incident, the failover burst this task plans: in memory, as a ranking aid that a restart may forget. */
    private final Map<String, Burst> bursts = new HashMap<>();

    private record Burst(BurstSpread spread, long startedAt) {
    }

    PlaceFailoverTask(ProcessingContext context, Section<ClusterStateEvent> openIncidents, TaskPolicies taskPolicies, Workloads workloads, LeasedRoom room,
                      Handoffs handoffs, Outputs outputs, PlaceFailoverSettings settings, String deltaTopic,
                      TaskClusterViews views,
                      Consumer<RoomAnswer> answers) {
        this.context = context;
        this.workloads = workloads;
        this.room = room;
        this.answers = answers;
        this.handoffs = handoffs;
        this.outputs = outputs;
        this.settings = settings;
        this.bindings = new WorkloadBindings(workloads);
        this.placementStates = new PlacementStates(workloads);
        this.waiting = new WaitingWorkloads(workloads);
        this.statuses = context.getStateStore(PlaceFailoverStores.STATUS);
        this.deltas = new DeltaIndex(context.getStateStore(PlaceFailoverStores.DELTAS), deltaTopic);
        this.ledger = new IncidentLedger(new WorkloadIncidents(workloads));
        this.openIncidents = openIncidents;
        this.migrations = new MigrationRecords(workloads);
        this.staleCopies = new StaleCopies(workloads);
        this.policies = new PropagationPolicies(taskPolicies.published(), taskPolicies::changes);
        this.policyChanges = taskPolicies::changes;
        this.policyPlacements = new PolicyPlacements(workloads, placementStates, policies);
        this.views = views;
    }

    /**
     * A stored workload, as the task's start walks them: its in-memory indexes take it in.
     *
     * @return whether its placement state shows an ask unanswered ({@link PlacementState#asking()}), which the start asks again
     */
    boolean stored(String key, WorkloadRecord record) {
        bindings.stored(key, record.getBinding());
        waiting.stored(key, record.getWaiting());
        policyPlacements.stored(key, record.getApplied());
        staleCopies.stored(key, record.getStaleCopies());
        return record.getPlacement() != null && PlacementStates.fromAvro(record.getPlacement()).asking();
    }

    long now() {
        return context.currentSystemTimeMs();
    }

    Instant instant() {
        return Instant.ofEpochMilli(now());
    }

    /** How many times the policies changed so far (a count that only grows). */
    long policyChanges() {
        return policyChanges.getAsLong();
    }

    /**
     * Places against the clusters as the view shows them less what their allocators last said other tasks hold there,
     * which spreads placements; when that finds no fit, against the view alone, because what this task last heard may be
     * stale and the lease decides anyway.
     */
    ScheduleResult place(Function<List<ClusterCapacity>, ScheduleResult> scheduler) {
        List<ClusterCapacity> view = views.clusters();
        List<ClusterCapacity> steered = new ArrayList<>(view.size());
        boolean steering = false;
        for (ClusterCapacity cluster : view) {
            Resources others = room.heldForOthers(cluster, now());
            steering |= !others.isEmpty();
            steered.add(others.isEmpty() ? cluster : cluster.reserve(others));
        }
        ScheduleResult result = scheduler.apply(steered);
        return result instanceof ScheduleResult.Unschedulable && steering ? scheduler.apply(view) : result;
    }

    /** The spread of the incident's failover burst in this task (forgotten {@code place.reservation.ttl.ms} after it began). */
    BurstSpread burst(String incidentId) {
        long now = now();
        bursts.values().removeIf(burst -> now - burst.startedAt() >= settings.reservationTtl().toMillis());
        return bursts.computeIfAbsent(incidentId, id -> new Burst(new BurstSpread(), now)).spread();
    }

    void command(MigrationCommand command) {
        outputs.command(command);
    }

    /**
     * Hands a placement, or why there is none, to the admit step. A placement names the policy the workload is listed
     * under (Karmada's claim, {@link PolicyPlacements}) unless it names one already, so that its binding shows the policy
     * a failover or re-scale keeps following.
     */
    void emitPlacement(AdmissionRequest request) {
        emitPlacement(request, placementStates.of(request.getWorkloadKey()));
    }

    /** As {@link #emitPlacement(AdmissionRequest)}, with the workload's state at hand. */
    void emitPlacement(AdmissionRequest request, PlacementState state) {
        Placement placement = request.getPlacement();
        if (placement != null && placement.getPolicy() == null && state.listedUnder() != null
                && !PolicyPlacements.UNCLAIMED.equals(state.listedUnder())) {
            placement.setPolicy(state.listedUnder());
        }
        handoffs.admit(request);
    }

    void deadLetter(String key, DeadLetter letter, byte[] originalValue) {
        outputs.deadLetter(key, letter, originalValue);
    }

    /**
     * A punctuator could not handle a store entry: a dead letter keyed by the entry's key, naming the store; none when
     * the entry is a workload's that a dead letter told of already.
     */
    void deadLetterEntry(String stage, String store, String key, RuntimeException e) {
        if (e instanceof UnreadableWorkload unreadable && !workloads.firstReport(unreadable.workloadKey())) {
            return;
        }
        DeadLetter letter = DeadLetter.ofStoreEntry(stage, e.getClass().getSimpleName() + ": " + e.getMessage(), null, null, store);
        deadLetter(key, letter, null);
    }

    void audit(io.fedstream.avro.AuditEvent event) {
        outputs.audit(event);
    }

    /**
     * Asks the room the task holds for the pending's cluster: the workload's pods there, each pod as the cluster's
     * override policies make it (the cluster runs what they make of the workload, so that is the room it must have).
     * When the lease holds the room, or the cluster cannot, the answer is handled now, before this returns; otherwise
     * once the cluster's next grant comes. So call it last, once the workload's state says what it waits for.
     */
    void hold(ResourceBinding binding, PlacementState.Pending pending) {
        hold(binding, pending, null);
    }

    /** As {@link #hold(ResourceBinding, PlacementState.Pending)}, for the pods of each component {@code share} lists (null: all). */
    void hold(ResourceBinding binding, PlacementState.Pending pending, Map<String, Long> share) {
        RoomAsk.Purpose purpose = pending.purpose() == ReservationPurpose.MIGRATE ? RoomAsk.Purpose.MIGRATE : RoomAsk.Purpose.PLACE;
        RoomAnswer answer = room.ask(ask(purpose, binding, pending.requestId(), pending.cluster(), share), now());
        if (answer != null) {
            answers.accept(answer);
        }
    }

    /**
     * Asks the room the task holds for one share of a placement over several clusters, or one cluster's growth, for
     * each of {@code shares} that {@code asked} lists (by ask id, with the pods it asks for; a component with none is
     * not asked for), each pod as the cluster's override policies make it. Every share is asked before any answer given
     * at once is handled, in the shares' order, so that an answer that re-plans the decision finds all of it asked.
     */
    void holdShares(RoomAsk.Purpose purpose, ResourceBinding binding, List<ShareReservation.Share> shares, Map<String, Map<String, Long>> asked) {
        List<RoomAnswer> answered = new ArrayList<>();
        for (ShareReservation.Share share : shares) {
            Map<String, Long> pods = asked.get(share.requestId());
            if (pods != null) {
                RoomAnswer answer = room.ask(ask(purpose, binding, share.requestId(), share.cluster(), pods), now());
                if (answer != null) {
                    answered.add(answer);
                }
            }
        }
        answered.forEach(answers);
    }

    private static RoomAsk ask(RoomAsk.Purpose purpose, ResourceBinding binding, String requestId, String cluster, Map<String, Long> share) {
        List<io.fedstream.avro.Component> overridden = BindingShares.appliedOverride(binding, cluster)
                .map(ClusterOverride::getComponents).orElse(binding.getComponents());
        List<ComponentDemand> components = new ArrayList<>(overridden.size());
        for (io.fedstream.avro.Component c : overridden) {
            long pods = share == null ? c.getReplicas() : share.getOrDefault(c.getName(), 0L);
            if (share == null || pods > 0) {
                components.add(new ComponentDemand(c.getName(), pods,
                        QuantityFields.parse("components[" + components.size() + "].perPod", c.getPerPod())));
            }
        }
        return new RoomAsk(requestId, purpose, binding.getWorkloadKey(), cluster, components);
    }

    /** Withdraws the ask {@code requestId} names on the cluster: what it holds there goes back, or it waits no more. */
    void withdraw(String workloadKey, String cluster, String requestId) {
        room.release(workloadKey, cluster, requestId, now());
    }

    /** Gives back all the workload holds on the cluster: it left it. */
    void release(String workloadKey, String cluster) {
        room.release(workloadKey, cluster, null, now());
    }

    /** The migration brake as the cluster views carry it (every cluster's the same), or null while it does not hold. */
    MigrationBrake brake() {
        try (KeyValueIterator<String, ClusterWatch> it = views.latest().all()) {
            while (it.hasNext()) {
                MigrationBrake brake = it.next().value.getBrake();
                if (brake != null) {
                    return brake;
                }
            }
        }
        return null;
    }

    /** The workload's kind as clusters say they serve it ({@code apiVersion/kind}), for placement's APIEnablement filter. */
    static String kind(ResourceBinding binding) {
        return binding.getApiVersion() + "/" + binding.getKind();
    }

    static List<ComponentDemand> demands(ResourceBinding binding) {
        List<ComponentDemand> out = new ArrayList<>();
        binding.getComponents().forEach(c -> out.add(new ComponentDemand(c.getName(), c.getReplicas(), Resources.fromQuantities(c.getPerPod()))));
        return out;
    }
}
