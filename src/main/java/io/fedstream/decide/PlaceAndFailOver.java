package io.fedstream.decide;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.Topics;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.interpret.FieldError;
import io.fedstream.metrics.FedstreamMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pass's place and fail-over step: keeps each workload's placement, cluster index, status and delta index, and
 * routes every signal to placing or failing over; wall-clock punctuations check open incidents (and start a move found
 * not due yet once it is) and retry workloads that found no room, so both work while no record arrives. An ask of the
 * room the task holds is answered, or waits for its cluster's grant: only a start of the task asks again.
 */
final class PlaceAndFailOver {

    private static final Logger LOG = LoggerFactory.getLogger(PlaceAndFailOver.class);
    /** How soon after it is due a move found not due at a check starts (Kafka Streams' commit interval under exactly-once). */
    static final Duration DUE_CHECK_INTERVAL = Duration.ofMillis(100);

    private final Topics topics;
    /** Runs work on the wall clock every interval; the pass hands on what the work decided, as after a record. */
    private final BiFunction<Duration, Runnable, Cancellable> punctuations;
    private final PlaceFailoverTask task;
    /** The due check's punctuation while a move waits to become due; null otherwise. */
    private Cancellable dueCheck;
    private final Placing placing;
    private final FailingOver failingOver;
    private final ApplicationFailover applicationFailover;
    private final Rescaling rescaling;
    private final PolicyFollowing policyFollowing;
    private final Section<String> reportedPolicies;
    private final TaskPolicies policies;
    /** The workloads whose stored state showed an ask unanswered when the task started: {@link #resumeAsks()} asks them again. */
    private final List<String> asksToResume = new ArrayList<>();
    /** The policy change count at the last retry of the unplaced workloads: a new policy may govern them. */
    private long retriedAtPolicies = -1;

    PlaceAndFailOver(ProcessingContext context, PassState state, TaskPolicies policies, Workloads workloads, LeasedRoom room, Handoffs handoffs,
                     Outputs outputs, BiFunction<Duration, Runnable, Cancellable> punctuations,
                     PlaceFailoverSettings settings, Topics topics, TaskClusterViews views, FedstreamMetrics metrics) {
        this.punctuations = punctuations;
        this.topics = topics;
        this.policies = policies;
        task = new PlaceFailoverTask(context, state.openIncidents(), policies, workloads, room, handoffs, outputs, settings, topics.stateDeltas().name(),
                views, this::onAnswer);
        failingOver = new FailingOver(task);
        rescaling = new Rescaling(task, failingOver);
        placing = new Placing(task, metrics, rescaling);
        applicationFailover = new ApplicationFailover(task, failingOver, state.applicationFailures());
        reportedPolicies = state.refusedPolicies();
        policyFollowing = new PolicyFollowing(task, failingOver, policies::changes);
    }

    /** A stored workload, as the task's start walks them (see {@link NamespacePass}). */
    void stored(String key, WorkloadRecord record) {
        if (task.stored(key, record)) {
            asksToResume.add(key);
        }
    }

    /**
     * Asks again, once, every ask the stored states showed unanswered when the task started: the asks that waited for a
     * grant lived in the memory of the task's last owner (a restart, a rebalance, a task revived). The pass calls it
     * before its first record or punctuation; nothing else asks again.
     */
    void resumeAsks() {
        if (asksToResume.isEmpty()) {
            return;
        }
        List<String> keys = List.copyOf(asksToResume);
        asksToResume.clear();
        punctuate(() -> keys.forEach(key -> {
            try {
                resumeAsks(key);
            } catch (RuntimeException e) {
                task.deadLetterEntry(PlaceFailoverAudit.PLACE, Workloads.STORE, key, e);
            }
        }));
    }

    private void resumeAsks(String key) {
        ResourceBinding binding = task.bindings.of(key);
        PlacementState workload = task.placementStates.of(key);
        if (binding == null || !workload.asking()) {
            return;
        }
        failingOver.onWorkloadRecord(key);
        PlacementState.Pending pending = workload.pending();
        if (pending != null && pending.purpose() == ReservationPurpose.MIGRATE) {
            failingOver.askAgain(key, binding, pending);
        } else if (pending != null) {
            task.hold(binding, pending);
        }
        if (workload.shares() != null && !workload.shares().placed()) {
            task.holdShares(RoomAsk.Purpose.PLACE_SHARE, binding, workload.shares().shares(), unanswered(workload.shares().shares()));
        }
        Redivision redivision = workload.redivision();
        if (redivision != null && !redivision.allGranted()) {
            task.holdShares(redivision.purpose(), binding, redivision.growth(), unanswered(redivision.growth()));
        }
    }

    /**
     * Each share not answered yet, by request id, with all its pods: one placed beyond its cluster's room asked only for
     * what that room held when it was scheduled, which is not kept, so it asks for all and takes what the lease grants.
     */
    private static Map<String, Map<String, Long>> unanswered(List<ShareReservation.Share> shares) {
        Map<String, Map<String, Long>> asked = new LinkedHashMap<>();
        shares.stream().filter(share -> !share.granted()).forEach(share -> asked.put(share.requestId(), share.components()));
        return asked;
    }

    /** Starts the wall-clock work: incident checks, retries of waiting workloads, following policy changes. */
    void schedule() {
        punctuations.apply(task.settings.checkInterval(), () -> punctuate(() -> {
            failingOver.checkAll();
            applicationFailover.checkAll();
            failingOver.stalePurges().checkAll();
            retryOnPolicyChange();
            // Policies are global: one task dead-letters a refused one, not every task.
            if (task.context.taskId().partition() == 0) {
                deadLetterRefusedPolicies();
            }
        }));
        punctuations.apply(task.settings.placeRetryInterval(), () -> punctuate(placing::retryUnplaced));
        punctuations.apply(PolicyFollowing.CHECK_INTERVAL, () -> punctuate(policyFollowing::check));
    }

    private void punctuate(Runnable work) {
        try {
            work.run();
        } finally {
            scheduleDueCheck();
        }
    }

    /**
     * Runs the due check every {@link #DUE_CHECK_INTERVAL} while a move found not due yet becomes due before the next
     * regular check, and not otherwise (a toleration may run for minutes): each wall-clock punctuation makes the task
     * commit its input offsets.
     */
    private void scheduleDueCheck() {
        boolean waiting = DUE_CHECK_INTERVAL.compareTo(task.settings.checkInterval()) < 0
                && failingOver.dueSoon(task.now(), task.settings.checkInterval());
        if (waiting && dueCheck == null) {
            Runnable check = () -> punctuate(() -> failingOver.checkWhenDue(task.now()));
            dueCheck = punctuations.apply(DUE_CHECK_INTERVAL, check);
        } else if (!waiting && dueCheck != null) {
            dueCheck.cancel();
            dueCheck = null;
        }
    }

    /** The workload's binding as the admit step decided it (null: deleted), after {@code previous} (null: none). */
    void onBinding(String key, ResourceBinding previous, ResourceBinding binding) {
        handling(key, () -> bound(key, previous, binding));
    }

    void onStatus(String key, WorkloadStatusEvent status) {
        handling(key, () -> status(key, status));
    }

    void onDelta(String key, PassSignal.DeltaWritten delta) {
        punctuate(() -> delta(key, delta));
    }

    void onMigrationReported(String key, MigrationEvent event) {
        handling(key, () -> {
            failingOver.onMigrationEvent(event).ifPresent(why -> deadLetter(key, event, why));
            applicationFailover.check(key);
            failingOver.stalePurges().check(key);
        });
    }

    /**
     * A cluster's view shows more room than before (its pods left, or it grew): the workloads waiting for room are tried
     * at once, as Karmada's scheduler moves unschedulable bindings back to its active queue on a cluster's update,
     * rather than at the next retry ({@code place.retry.interval.ms}).
     */
    void onMoreRoom() {
        punctuate(placing::retryUnplaced);
    }

    void onClusterChanged(ClusterStateEvent event) {
        punctuate(() -> {
            failingOver.onClusterChanged(event);
            placing.retryUnplaced();
        });
    }

    /**
     * Whether the workload's placement, or the growth of its re-scale or re-division, waits for room a lease does not
     * hold yet: its binding is written once that is decided, so that no version of it is published that is no decision.
     */
    boolean awaitsRoom(String key) {
        try {
            PlacementState workload = task.placementStates.of(key);
            return workload.placing() || workload.redivision() != null && !workload.redivision().allGranted();
        } catch (UnreadableWorkload e) {
            return false;
        }
    }

    /** A policy changed: waiting workloads may be governed now, placed ones' policies may place them elsewhere. */
    void onPolicyChanged() {
        punctuate(() -> {
            retryOnPolicyChange();
            policyFollowing.check();
        });
    }

    /** A grant let the room the task holds answer asks that waited for it. */
    void onAnswers(List<RoomAnswer> answers) {
        punctuate(() -> answered(answers));
    }

    /** A record of the workload: the next check of its incident reads its stores again. */
    private void handling(String key, Runnable work) {
        punctuate(() -> {
            if (key != null) {
                failingOver.onWorkloadRecord(key);
            }
            work.run();
        });
    }

    /** Waiting workloads are tried again soon after a policy changes, not only at the retry interval. */
    private void retryOnPolicyChange() {
        long changes = task.policyChanges();
        if (changes != retriedAtPolicies) {
            retriedAtPolicies = changes;
            placing.retryUnplaced();
        }
    }

    private void bound(String key, ResourceBinding previous, ResourceBinding binding) {
        if (key == null) {
            return;
        }
        task.bindings.changed(key, previous, binding);
        if (binding == null) {
            forget(key, WorkloadBindings.placedClusters(previous));
            return;
        }
        placing.onBinding(key, binding);
        rescaling.onBinding(key, binding);
        if (previous != null && !WorkloadBindings.placedClusters(previous).equals(WorkloadBindings.placedClusters(binding))) {
            // The binding left a cluster: the copy evicted there may be due its PURGE now.
            failingOver.stalePurges().check(key);
        }
        if (previous != null && previous.getGeneration() != binding.getGeneration()) {
            policyFollowing.onNewVersion(key, binding);
        }
    }

    /** The workload was deleted: its stores go, and every cluster holding room for it gets the room back. */
    private void forget(String key, Set<String> placedOn) {
        PlacementState workload = task.placementStates.of(key);
        Set<String> holding = new HashSet<>(placedOn);
        if (workload.pending() != null) {
            holding.add(workload.pending().cluster());
        }
        if (workload.placedCluster() != null) {
            holding.add(workload.placedCluster());
        }
        if (workload.shares() != null) {
            workload.shares().shares().forEach(share -> holding.add(share.cluster()));
        }
        if (workload.redivision() != null) {
            workload.redivision().growth().forEach(growth -> holding.add(growth.cluster()));
        }
        holding.forEach(cluster -> task.release(key, cluster));
        task.placementStates.forget(key);
        task.waiting.stopWaiting(key);
        task.statuses.delete(key);
        task.deltas.delete(key);
        task.policyPlacements.deleted(key, workload);
        task.migrations.forget(key);
    }

    private void status(String key, WorkloadStatusEvent status) {
        if (key == null || status == null) {
            return;
        }
        WorkloadStatusEvent previous = task.statuses.get(key);
        if (previous != null && status.getObservedAt().isBefore(previous.getObservedAt())) {
            return;
        }
        task.statuses.put(key, status);
        Checkpoint checkpoint = status.getLastCompletedCheckpoint();
        if (checkpoint != null && checkpoint.getDeltaOffset() != null) {
            task.deltas.truncateThrough(key, checkpoint.getDeltaOffset());
        }
        applicationFailover.onStatus(key, status);
        failingOver.stalePurges().check(key);
    }

    private void delta(String key, PassSignal.DeltaWritten delta) {
        RecordMetadata source = task.context.recordMetadata().orElse(null);
        if (key == null || source == null) {
            LOG.warn("State delta without a workload key or source position ignored");
            return;
        }
        try {
            task.deltas.append(key, source.partition(), source.offset(), delta.bytes());
        } catch (IllegalArgumentException e) {
            DeadLetter letter = new DeadLetter(PlaceFailoverAudit.FAILOVER, e.getMessage(), "partition", Integer.toString(source.partition()),
                    source.topic(), source.partition(), source.offset());
            task.deadLetter(key, letter, delta.payload());
        }
    }

    /**
     * An answer alone fails like any record (the processing exception handler dead-letters it); in a batch, an answer
     * that cannot be handled is dead-lettered alone, naming its request, and the rest are handled. Its workload's
     * decision stays as it was until a record of the workload or the next start of the task ({@link #resumeAsks()}).
     */
    private void answered(List<RoomAnswer> answers) {
        if (answers.size() == 1) {
            failingOver.onWorkloadRecord(answers.get(0).workloadKey());
            onAnswer(answers.get(0));
            return;
        }
        for (RoomAnswer answer : answers) {
            failingOver.onWorkloadRecord(answer.workloadKey());
            try {
                onAnswer(answer);
            } catch (RuntimeException e) {
                String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
                // Answers given in a punctuation have no source record: their ask is in the workload's record.
                DeadLetter letter = task.context.recordMetadata()
                        .map(source -> new DeadLetter(PlaceFailoverAudit.PLACE, reason, "requestId", answer.requestId(), source.topic(),
                                source.partition(), source.offset()))
                        .orElseGet(() -> DeadLetter.ofStoreEntry(PlaceFailoverAudit.PLACE, reason, "requestId", answer.requestId(),
                                Workloads.STORE));
                task.deadLetter(answer.workloadKey(), letter, null);
            }
        }
    }

    /**
     * Hands the answer to the step its ask names. The step finds the decision the ask was for in the workload's stored
     * state (its pending request, a share, a growth); an answer to a decision given up meanwhile finds none.
     */
    private void onAnswer(RoomAnswer answer) {
        PlacementState workload = task.placementStates.of(answer.workloadKey());
        switch (answer.ask().purpose()) {
            case POLICY_RESCHEDULE -> policyFollowing.onAnswer(answer, workload);
            case RESCALE -> rescaling.onAnswer(answer, workload);
            case REDIVIDE -> failingOver.redividing().onAnswer(answer, workload);
            case PLACE_SHARE -> {
                if (workload.shares() != null && workload.shares().share(answer.requestId()) != null) {
                    placing.shares().onAnswer(answer, workload);
                } else {
                    givenUp(answer, workload);
                }
            }
            case PLACE, MIGRATE -> {
                PlacementState.Pending pending = workload.pending();
                if (pending == null || !pending.requestId().equals(answer.requestId())) {
                    // A migration's room is not given back here: its command may be out (a deleted workload released it already).
                    if (answer.ask().purpose() == RoomAsk.Purpose.PLACE) {
                        givenUp(answer, workload);
                    }
                } else if (answer.ask().purpose() == RoomAsk.Purpose.PLACE) {
                    placing.onAnswer(answer, workload, pending);
                } else {
                    failingOver.onAnswer(answer, workload, pending);
                    applicationFailover.check(answer.workloadKey());
                }
            }
        }
    }

    /** An answer to a placement given up on (the workload was deleted or re-planned): what it holds goes back, unless wanted. */
    private void givenUp(RoomAnswer answer, PlacementState workload) {
        if (answer.granted() && (workload.placedCluster() == null || !workload.placedCluster().equals(answer.cluster()))
                && !wanted(workload.shares(), answer.cluster())) {
            ResourceBinding binding = task.bindings.of(answer.workloadKey());
            if (binding == null || !WorkloadBindings.placedClusters(binding).contains(answer.cluster())) {
                task.release(answer.workloadKey(), answer.cluster());
            }
        }
    }

    /**
     * Whether the workload's current placement over several clusters has a share on the cluster: its reservation there
     * is wanted (a re-planned decision's request replaces what an earlier one held).
     */
    private static boolean wanted(ShareReservation shares, String cluster) {
        return shares != null && shares.shares().stream().anyMatch(share -> share.cluster().equals(cluster));
    }

    private void deadLetter(String key, MigrationEvent event, String why) {
        String topic = topics.migrationEvents().name();
        RecordMetadata source = task.context.recordMetadata().orElse(null);
        DeadLetter letter = new DeadLetter(PlaceFailoverAudit.FAILOVER, why, "commandId", event.getCommandId(),
                source == null ? topic : source.topic(), source == null ? -1 : source.partition(),
                source == null ? -1 : source.offset());
        task.deadLetter(key, letter, topics.migrationEvents().valueSerde().serializer().serialize(topic, event));
    }

    /** Each version of a policy that governs nothing goes to the DLQ once, naming its field and value. */
    private void deadLetterRefusedPolicies() {
        String topic = topics.policies().name();
        for (PropagationPolicies.Refused refused : task.policies.refused()) {
            String version = Integer.toString(refused.event().hashCode());
            if (version.equals(reportedPolicies.get(refused.key()))) {
                continue;
            }
            reportedPolicies.put(refused.key(), version);
            FieldError error = refused.error();
            DeadLetter letter = DeadLetter.ofStoreEntry(PlaceFailoverAudit.PLACE, error.message(), error.field(), error.value(), policies.where());
            task.deadLetter(refused.key(), letter, topics.policies().valueSerde().serializer().serialize(topic, refused.event()));
        }
    }
}
