package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.config.FirstInLine;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.lease.TaskLeases;
import io.fedstream.metrics.MigrationGauges;
import io.fedstream.runtime.BeforeCommit;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * One task per namespace partition: every signal of a workload (its events, status, deltas, the executor's reports),
 * every cluster transition and every lease grant goes through interpret, admit, place and fail over within one
 * processing; what one step hands to the next ({@link Handoffs}) runs after it, in order, until
 * nothing is left, and then the workloads' bindings are written once, as decided.
 */
final class NamespacePass implements Processor<String, PassSignal, String, PassOutcome>, Handoffs {

    /** The stage whose topics, settings, extensions, metrics and policies at start the pass works with. */
    private final NamespaceStage stage;
    private final PassState.Codecs stateCodecs;
    /** The processor's name in the topology, and the stage its dead letters name. */
    static final String NAME = "namespace-pass";
    /**
     * The store that gets the stores only the query API reads (usage, aggregates) written before each commit, once
     * however many processings changed them: written at the end of every processing they cost 8.1% of the workload
     * stream thread (docs/benchmarks.md, 2026-12-07 21:29).
     */
    static final String BEFORE_COMMIT = "namespace-pass-before-commit";

    private final Deque<Runnable> handoffs = new ArrayDeque<>();
    private ProcessorContext<String, PassOutcome> context;
    private Outputs outputs;
    private Interpreting interpreting;
    private Admitting admitting;
    private PlaceAndFailOver placeAndFailOver;
    private TaskPolicies policies;
    private TaskClusterViews views;
    private LeasedRoom room;
    private Workloads workloads;
    private MigrationGauges.Tally migrationTally;
    /** The binding each workload was last handed on with in this processing, so that the next handoff knows what it follows. */
    private final java.util.Map<String, ResourceBinding> handed = new java.util.HashMap<>();
    /** Names the admission requests of one processing: its position, and the request's number within it. */
    private String position;
    private int requests;

    NamespacePass(NamespaceStage stage, PassState.Codecs stateCodecs) {
        this.stage = stage;
        this.stateCodecs = stateCodecs;
    }

    @Override
    public void init(ProcessorContext<String, PassOutcome> context) {
        this.context = context;
        this.outputs = new Outputs(context);
        this.migrationTally = stage.metrics.migrationTally(context.taskId().partition());
        this.workloads = new Workloads(context.getStateStore(Workloads.STORE), migrationTally::holds);
        PassState state = PassState.of(context, stateCodecs);
        this.policies = new TaskPolicies(state.policies(), state.policyPositions());
        this.views = new TaskClusterViews(TaskClusterViews.latest(context));
        this.interpreting = new Interpreting(context, workloads, this, outputs, stage.fromFiles, policies,
                stage.topics.workloads().valueSerde().serializer(), stage.metrics, views::selectableChanges);
        this.admitting = new Admitting(context, state, workloads, this, outputs, stage.topics.policies().name(),
                stage.topics.policies().valueSerde().serializer(), policies::changes, stage.metrics);
        this.room = new LeasedRoom(workloads, new TaskLeases(context.taskId().partition(), stage.leases,
                new StoredLeases(state.leases())), views);
        this.placeAndFailOver = new PlaceAndFailOver(context, state, policies, workloads, room, this, outputs,
                this::every, stage.settings, stage.topics, views, stage.metrics);
        // The indexes and aggregates live in memory: one walk of the records when the task starts (a restart, a
        // rebalance) rebuilds them.
        workloads.scan((key, record) -> {
            migrationTally.holds(key, record.getMigrations().values());
            admitting.stored(record);
            placeAndFailOver.stored(key, record);
        });
        admitting.walked();
        every(stage.admission.statusInterval(), () -> admitting.writeDueStatuses(context.currentSystemTimeMs()));
        context.<BeforeCommit>getStateStore(BEFORE_COMMIT).runs(admitting::writeQueryStores);
        placeAndFailOver.schedule();
    }

    @Override
    public void process(Record<String, PassSignal> record) {
        // What a workload's own record leads to carries its time; what a control record (taken first in line, at time 0)
        // leads to carries the wall clock.
        outputs.processing(record.timestamp() == FirstInLine.FIRST ? -1 : record.timestamp());
        // A record's position names its decisions, the same when it is processed again; positions of the inputs overlap,
        // so all but the workloads' (whose ids are as before) are marked with their input.
        position = context.recordMetadata().map(m -> inputOf(record.value(), m.topic()) + m.partition() + "-" + m.offset())
                .orElse("t" + record.timestamp());
        requests = 0;
        settleEvenIfFailing(() -> {
            seedOnce();
            placeAndFailOver.resumeAsks();
            dispatch(record);
        });
    }

    private void dispatch(Record<String, PassSignal> record) {
        String key = record.key();
        PassSignal signal = record.value();
        if (signal instanceof PassSignal.WorkloadChanged changed) {
            interpreting.process(record.withValue(changed.event()));
        } else if (signal instanceof PassSignal.StatusReported reported) {
            placeAndFailOver.onStatus(key, reported.status());
        } else if (signal instanceof PassSignal.DeltaWritten delta) {
            placeAndFailOver.onDelta(key, delta);
        } else if (signal instanceof PassSignal.Refused refused) {
            outputs.deadLetter(key, refused.letter(), refused.originalValue());
        } else if (signal instanceof PassSignal.MigrationReported reported) {
            placeAndFailOver.onMigrationReported(key, reported.event());
        } else if (signal instanceof PassSignal.ClusterChanged changed) {
            placeAndFailOver.onClusterChanged(changed.event());
        } else if (signal instanceof PassSignal.PolicyChanged changed) {
            relayed(key, changed.event(), PolicySource.of(record.headers()));
        } else if (signal instanceof PassSignal.LeaseGranted granted) {
            List<RoomAnswer> answers = room.granted(granted.grant(), context.currentSystemTimeMs());
            if (!answers.isEmpty()) {
                placeAndFailOver.onAnswers(answers);
            }
        } else if (signal instanceof PassSignal.ClusterViewChanged changed) {
            boolean moreRoom = views.apply(key, changed.view());
            interpreting.followOverrides();
            if (moreRoom) {
                placeAndFailOver.onMoreRoom();
            }
        }
    }

    /**
     * Once after the task starts, before it decides anything: every policy published before this instance started that
     * this partition receives and the task has not applied yet is taken in as a relayed change would be, so that no
     * workload is decided under a policy set the topic had already moved past.
     */
    private void seedOnce() {
        if (policies.seededSinceStart()) {
            return;
        }
        PolicySnapshot snapshot = stage.policiesAtStart.snapshot();
        boolean changed = false;
        int partitions = stage.settings.partitions();
        for (PolicySnapshot.Entry entry : snapshot.routedTo(context.taskId().partition(), partitions)) {
            if (!policies.has(entry.partition(), entry.offset())) {
                takeIn(entry.key(), entry.event());
                changed = true;
            }
        }
        policies.seededUpTo(snapshot.endOffsets());
        if (changed) {
            followPolicies();
        }
    }

    /** A relayed policy change: skipped when the task has it already (from the snapshot, or before a restart). */
    private void relayed(String key, PolicyEvent event, Optional<PolicySource> source) {
        if (source.isPresent() && policies.has(source.get().partition(), source.get().offset())) {
            stage.metrics.policyChangeAlreadyApplied();
            return;
        }
        policyChanged(key, event);
        source.ifPresent(at -> policies.applied(at.partition(), at.offset()));
    }

    /**
     * A policy changed: a quota's namespace (this task's: quotas reach their namespace's partition only) takes it in,
     * and every step that derives something from policies follows at once.
     */
    private void policyChanged(String key, PolicyEvent event) {
        if (key == null) {
            return;
        }
        takeIn(key, event);
        followPolicies();
    }

    private void takeIn(String key, PolicyEvent event) {
        policies.apply(key, event);
        String[] parts = key.split("/", -1);
        if (parts.length == 3 && QuotaSync.KIND.equals(parts[0])) {
            admit(AdmissionRequest.newBuilder().setType(AdmissionRequestType.QUOTA_SYNC).setNamespace(parts[1]).build());
        }
    }

    private void followPolicies() {
        interpreting.followOverrides();
        placeAndFailOver.onPolicyChanged();
    }

    /**
     * The prefix that makes a position unique across the pass's inputs: none for a workload event (the audit's
     * {@code admit-<partition>-<offset>-<n>}), the signal's input otherwise, and {@code forwarded-} for a record brought from
     * another partition of its topic (its position is the repartition topic's).
     */
    private static String inputOf(PassSignal signal, String topic) {
        String forwarded = topic.endsWith("-misrouted-repartition") ? "forwarded-" : "";
        if (signal instanceof PassSignal.WorkloadChanged) {
            return forwarded;
        } else if (signal instanceof PassSignal.PolicyChanged) {
            return "policy-";
        } else if (signal instanceof PassSignal.ClusterViewChanged) {
            return "view-";
        } else if (signal instanceof PassSignal.ClusterChanged) {
            return "cluster-";
        } else if (signal instanceof PassSignal.MigrationReported) {
            return forwarded + "migration-";
        } else if (signal instanceof PassSignal.StatusReported) {
            return forwarded + "status-";
        } else if (signal instanceof PassSignal.LeaseGranted) {
            return "lease-";
        }
        return forwarded + "delta-";
    }

    /** Runs {@code work} on the wall clock, then hands on what it decided as a processing does. */
    private Cancellable every(Duration interval, Runnable work) {
        return context.schedule(interval, PunctuationType.WALL_CLOCK_TIME, at -> {
            outputs.processing(-1);
            position = "t" + at;
            requests = 0;
            settleEvenIfFailing(() -> {
                seedOnce();
                placeAndFailOver.resumeAsks();
                work.run();
            });
        });
    }

    /**
     * Runs the work of a record or punctuation, then {@link #settle()}s it. Work that fails (its record goes to the dead
     * letters) is settled as far as it went, so that what it decided for other workloads is written as it is kept; if
     * even that fails, what it did in memory is dropped, so the next processing starts clean.
     */
    private void settleEvenIfFailing(Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            if (e instanceof UnreadableWorkload unreadable) {
                // The record's own dead letter tells of the entry.
                workloads.firstReport(unreadable.workloadKey());
            }
            try {
                settle();
            } catch (RuntimeException again) {
                e.addSuppressed(again);
                handoffs.clear();
                handed.clear();
                workloads.discard();
                admitting.discard();
            }
            throw e;
        }
        settle();
    }

    /**
     * Runs the handoffs, and those they make, until none is left; then asks the allocators for the room the task's
     * waiting workloads need, and writes the bindings decided, but not those of workloads still waiting for room.
     */
    private void settle() {
        while (!handoffs.isEmpty()) {
            handoffs.poll().run();
        }
        room.requests(context.currentSystemTimeMs()).forEach(outputs::leaseRequest);
        outputs.writeBindings(placeAndFailOver::awaitsRoom, key -> !workloads.readInThisProcessing(key));
        outputs.writeAudit();
        for (String key : workloads.unreported()) {
            outputs.deadLetter(key, DeadLetter.ofStoreEntry(NAME, "the entry cannot be read", null, null, Workloads.STORE), null);
        }
        // The ledger's admitted entries live in the workloads' records: written into them before those are written.
        admitting.endProcessing();
        workloads.flush();
        handed.clear();
    }

    /**
     * The task closes (a rebalance, a clean shutdown): the changes kept in memory are written now, committed with the
     * rest, so that the task's next owner finds the asks in flight and asks them again, once.
     */
    @Override
    public void close() {
        workloads.writeHeldInMemory();
        migrationTally.close();
    }

    @Override
    public void admit(AdmissionRequest request) {
        String decisionIds = AuditTrail.STAGE + "-" + position + (requests++ == 0 ? "" : "." + requests);
        handoffs.add(() -> admitting.admit(request, decisionIds));
    }

    @Override
    public void bound(String workloadKey, ResourceBinding binding) {
        outputs.binding(workloadKey, binding);
        ResourceBinding previous = handed.containsKey(workloadKey) ? handed.get(workloadKey) : workloads.bindingAsRead(workloadKey);
        handed.put(workloadKey, binding);
        handoffs.add(() -> placeAndFailOver.onBinding(workloadKey, previous, binding));
    }

}
