package io.fedstream.decide;

import io.fedstream.admit.Charge;
import io.fedstream.admit.DecodedNamespaces;
import io.fedstream.admit.Decision;
import io.fedstream.admit.Ledger;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.LedgerState;
import io.fedstream.admit.UsageTally;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.config.WorkloadKey;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.interpret.FieldError;
import io.fedstream.metrics.FedstreamMetrics;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pass's admit step: takes each binding change and each quota change through the ledger, and hands on the bindings
 * with their admission state; writes the quota statuses, the aggregates and the audit trail.
 */
final class Admitting {

    private static final Logger LOG = LoggerFactory.getLogger(Admitting.class);
    /** {@code Placement.decidedBy} of a placement that a completed migration moved (the schema's "failover"). */
    private static final String MIGRATED = "failover";

    private final String policiesTopic;
    private final Serializer<PolicyEvent> policySerializer;
    private final FedstreamMetrics metrics;
    /** The namespaces whose quota statuses the next punctuation writes: those that saw a decision or a quota change. */
    private final Set<String> dueStatuses = new TreeSet<>();
    /**
     * Whether every namespace with a quota is due, as it is once after the task starts ({@link #writeDueStatuses}). The
     * namespaces are read then, not at the start: the stores are complete by then however the task was restored.
     */
    private boolean everyStatusDue = true;
    private final ProcessingContext context;
    private final Handoffs handoffs;
    private final Outputs outputs;
    private final DecodedNamespaces namespaces;
    private final Ledger ledger;
    private final QuotaSync quotas;
    /** The policies the task holds ({@link TaskPolicies}), of which the quotas are synced. */
    private final Section<PolicyEvent> policies;
    /** The queued versions ({@link PassState#PENDING}), whose charges the start's walk counts in. */
    private final Section<byte[]> pending;
    private final PriorityClasses priorities;
    private final Workloads workloads;
    private final AdmittedBindings admittedBindings;
    private final AggregatesUpdater aggregates;
    private final ChargedVersionMove chargedVersionMove;
    /** The namespaces' usage as the start's walk finds it; null once it is written ({@link #walked()}). */
    private UsageTally usageAtStart = new UsageTally();

    /** {@code policyChanges}: the task's count of policy changes ({@link TaskPolicies#changes()}). */
    Admitting(ProcessingContext context, PassState state, Workloads workloads, Handoffs handoffs, Outputs outputs, String policiesTopic,
              Serializer<PolicyEvent> policySerializer, LongSupplier policyChanges, FedstreamMetrics metrics) {
        this(context, state, workloads, handoffs, outputs, policiesTopic, policySerializer, policyChanges, metrics, Ledger::new);
    }

    /** {@code ledgerOver} makes the task's quota ledger over its state: a test's ledger counts what it is asked. */
    Admitting(ProcessingContext context, PassState state, Workloads workloads, Handoffs handoffs, Outputs outputs, String policiesTopic,
              Serializer<PolicyEvent> policySerializer, LongSupplier policyChanges, FedstreamMetrics metrics,
              Function<LedgerState, Ledger> ledgerOver) {
        this.context = context;
        this.handoffs = handoffs;
        this.outputs = outputs;
        this.metrics = metrics;
        this.policiesTopic = policiesTopic;
        this.policySerializer = policySerializer;
        AdmitStores.empty(context.getStateStore(AdmitStores.USAGE));
        this.namespaces = new DecodedNamespaces(StoreLedgerState.of(context, state, workloads.charges()));
        this.ledger = ledgerOver.apply(namespaces);
        this.policies = state.policies();
        this.pending = state.pending();
        this.quotas = new QuotaSync(policies, state.quotaSources(), ledger, policyChanges);
        this.priorities = new PriorityClasses(policies);
        this.workloads = workloads;
        this.admittedBindings = new AdmittedBindings(workloads);
        this.aggregates = new AggregatesUpdater(AdmitStores.empty(context.getStateStore(AdmitStores.AGGREGATES)));
        this.chargedVersionMove = new ChargedVersionMove(ledger, admittedBindings, aggregates);
    }

    /**
     * A stored workload, as the task's start walks them (see {@link NamespacePass}): its admitted version counts in the
     * aggregates and its charge in its namespace's usage, which live in memory, not logged, rebuilt by this walk.
     */
    void stored(WorkloadRecord record) {
        aggregates.count(AdmittedBindings.of(record));
        byte[] charge = Workloads.chargeOf(record);
        if (charge != null) {
            usageAtStart.admitted(LedgerCodecs.ADMITTED.decode(charge));
        }
    }

    /**
     * The start's walk is over: the namespaces' usage, the sums of the charges it found and after the sequences of the
     * queue, is written with the aggregates. Logging the usage instead cost a changelog record per namespace and commit,
     * about a quarter of a record a workload in {@code fedstream bench} (docs/benchmarks.md).
     */
    void walked() {
        try (KeyValueIterator<String, byte[]> queued = pending.all()) {
            queued.forEachRemaining(entry -> usageAtStart.queued(LedgerCodecs.PENDING.decode(entry.value)));
        }
        usageAtStart.namespaces().forEach(namespaces::putUsage);
        usageAtStart = null;
        endProcessing();
        writeQueryStores();
    }

    /**
     * The processing ends: the admitted entries it changed are written; call before the workloads' records are written
     * (the admitted entries are theirs).
     */
    void endProcessing() {
        namespaces.endProcessing();
        aggregates.endProcessing();
    }

    /**
     * Writes what the processings since the last call changed of the stores only the query API reads: the namespaces'
     * usage and the aggregates. The task calls it before each commit, so a query is about a commit interval behind the
     * decisions, as a read_committed consumer of the bindings is.
     */
    void writeQueryStores() {
        namespaces.writeUsage();
        aggregates.write();
    }

    /** Forgets the usage and admitted entries the processing under way changed: the processing is dropped. */
    void discard() {
        namespaces.discard();
    }

    /** Decides a request; {@code decisionIds} names its decisions (numbered after it), the same when it is processed again. */
    void admit(AdmissionRequest request, String decisionIds) {
        Step step = new Step(request, decisionIds);
        String namespace = request.getNamespace();
        QuotaSync.Outcome synced = quotas.sync(namespace);
        synced.changes().forEach(change -> quotaChanged(step, change));
        apply(step, synced.decisions());
        switch (request.getType()) {
            case BINDING -> bind(step, request.getBinding());
            case REMOVAL -> remove(step, namespace, request.getWorkloadKey());
            case QUOTA_SYNC -> { }
            case PLACEMENT -> place(step, request.getWorkloadKey(), request.getPlacement(), request.getUnplacedReason());
            case OVERRIDES -> overrides(step, request.getWorkloadKey(), request.getClusterOverrides());
        }
        if (step.decided || !synced.isEmpty()) {
            dueStatuses.add(namespace);
        }
    }

    private void bind(Step step, ResourceBinding incoming) {
        String key = incoming.getWorkloadKey();
        ResourceBinding previous = workloads.binding(key);
        // The interpret step numbers no versions: they are numbered here, and a placement given with an earlier version, or
        // decided by the scheduler or a failover, stays until the workload names another (with why it is unplaced).
        ResourceBinding binding = AdmissionStates.changed(incoming, versioned -> {
            versioned.setGeneration(previous == null ? 1 : previous.getGeneration() + 1);
            if (incoming.getPlacement() == null && previous != null) {
                versioned.setPlacement(previous.getPlacement());
                versioned.setUnplacedReason(previous.getPlacement() == null ? previous.getUnplacedReason() : null);
            }
        });
        admittedBindings.keepApart(key, previous);
        // Queries read the store while this runs: the new version is written once, with its admission decided.
        step.unsaved.put(key, AdmissionStates.carriedOver(binding, previous));
        if (binding.getInterpretation().getState() == InterpretationState.INTERPRETED) {
            int priority = priorities.priority(binding.getPriorityClassName());
            apply(step, ledger.admit(binding.getNamespace(), key, binding.getGeneration(), step.charge(binding), priority));
        } else {
            ledger.withdraw(key);
            ResourceBinding waiting = AdmissionStates.notChargeable(step.unsaved.get(key), ledger.admitted(key), chargedPlacement(key), step.now);
            step.unsaved.put(key, waiting);
            step.binding(key, waiting);
            step.audit(step.trail.notChargeable(binding.getNamespace(), binding.getKind(), key, waiting.getAdmission().getReason()));
            step.decided = true;
        }
        ResourceBinding undecided = step.unsaved.remove(key);
        if (undecided != null) {
            workloads.bind(key, undecided);
        }
    }

    /**
     * The place or fail-over step decided where the workload runs: the binding shows it, and the version's charge
     * follows the placement, so that the quota's per-cluster share moves with it; an admitted version is not admitted
     * again ({@link Ledger#place}).
     */
    private void place(Step step, String key, Placement placement, String unplacedReason) {
        ResourceBinding current = key == null ? null : workloads.binding(key);
        if (current == null || (placement == null && unplacedReason == null)) {
            LOG.info("Placement of {} dropped: the workload is gone", key);
            return;
        }
        if (placement == null) {
            unplaced(step, key, current, unplacedReason);
            return;
        }
        ResourceBinding placed = AdmissionStates.withRequestedPlacement(current, placement);
        step.unsaved.put(key, placed);
        boolean moved = MIGRATED.equals(placement.getDecidedBy())
                && ledger.admitted(key).map(a -> a.generation() == placed.getGeneration()).orElse(false);
        if (moved) {
            // A completed migration is a fact, not a request: the charge follows the workload (docs/admission.md).
            apply(step, ledger.move(placed.getNamespace(), key, BindingDemand.charge(placed)));
        } else if (MIGRATED.equals(placement.getDecidedBy()) && chargedVersionMove.behindLatest(placed)) {
            ChargedVersionMove.Moved both = chargedVersionMove.move(placed, placement);
            step.unsaved.put(key, both.shown());
            apply(step, both.decisions());
        } else if (placed.getInterpretation().getState() == InterpretationState.INTERPRETED) {
            int priority = priorities.priority(placed.getPriorityClassName());
            apply(step, ledger.place(placed.getNamespace(), key, placed.getGeneration(), step.charge(placed), priority));
        }
        ResourceBinding undecided = step.unsaved.remove(key);
        if (undecided != null) {
            admittedBindings.keepApart(key, current);
            workloads.bind(key, undecided);
            step.binding(key, undecided);
            step.decided = true;
        }
    }

    /**
     * An override policy or a cluster changed and the interpret step recomputed the workload's per-cluster overrides: the
     * binding shows them, and its version is decided again, so that each copy is charged for what now runs there
     * (docs/overrides.md). Results equal to the binding's change nothing.
     */
    private void overrides(Step step, String key, List<ClusterOverride> overrides) {
        ResourceBinding current = key == null ? null : workloads.binding(key);
        if (current == null || overrides == null || current.getClusterOverrides().equals(overrides)) {
            return;
        }
        ResourceBinding changed = AdmissionStates.changed(current, copy -> copy.setClusterOverrides(overrides));
        step.unsaved.put(key, changed);
        if (changed.getInterpretation().getState() == InterpretationState.INTERPRETED) {
            int priority = priorities.priority(changed.getPriorityClassName());
            apply(step, ledger.admit(changed.getNamespace(), key, changed.getGeneration(), BindingDemand.charge(changed), priority));
        }
        ResourceBinding undecided = step.unsaved.remove(key);
        if (undecided != null) {
            workloads.bind(key, undecided);
            step.binding(key, undecided);
            step.decided = true;
        }
    }

    /**
     * The workload's version cannot be placed as it asks, and the binding says why: one never placed stays unplaced,
     * one placed keeps running where it was scheduled (a re-scale with no room), as Karmada keeps a binding's clusters
     * while its Scheduled condition is False.
     */
    private void unplaced(Step step, String key, ResourceBinding current, String why) {
        if (why.equals(current.getUnplacedReason())) {
            return;
        }
        ResourceBinding now = AdmissionStates.changed(current, copy -> {
            copy.setUnplacedReason(why);
            copy.setUpdatedAt(Instant.ofEpochMilli(step.now));
        });
        workloads.bind(key, now);
        step.binding(key, now);
    }

    /** Where the version the ledger charges runs: the admitted binding's placement, null when none is charged. */
    private Placement chargedPlacement(String key) {
        ResourceBinding admitted = admittedBindings.get(key);
        return admitted == null ? null : admitted.getPlacement();
    }

    private void remove(Step step, String namespace, String key) {
        // Released before the binding goes: taking the workload out of the aggregates reads its admitted binding.
        apply(step, ledger.release(namespace, key));
        if (workloads.binding(key) != null) {
            workloads.bind(key, null);
        }
        step.binding(key, null);
    }

    private void apply(Step step, List<Decision> decisions) {
        for (Decision decision : decisions) {
            step.decided = true;
            String key = decision.workloadKey();
            ResourceBinding binding = step.unsaved.containsKey(key) ? step.unsaved.remove(key) : workloads.binding(key);
            ResourceBinding about = binding != null ? binding : admittedBindings.get(key);
            if (decision instanceof Decision.Admitted admitted && binding != null && binding.getGeneration() == admitted.generation()) {
                ResourceBinding now = AdmissionStates.notingFullStaticAssignments(
                        AdmissionStates.admitted(binding, admitted, step.now), ledger);
                ResourceBinding before = admittedBindings.get(key);
                workloads.bind(key, now);
                // Placed and admitted as it asked, the binding's charge is the one computed for the ledger, if it was.
                aggregates.replace(before, now, step.chargeComputed(binding));
                admittedBindings.latestAdmitted(key);
                if (before == null || before.getGeneration() != now.getGeneration()) {
                    metrics.admitted(now.getNamespace());
                }
                step.binding(key, now);
            } else if (decision instanceof Decision.Rejected rejected && binding != null) {
                ResourceBinding now = AdmissionStates.rejected(binding, rejected,
                        rejected.stillCharged() == null ? null : chargedPlacement(key), step.now);
                admittedBindings.keepApart(key, workloads.binding(key));
                workloads.bind(key, now);
                metrics.rejected(now.getNamespace());
                step.binding(key, now);
            } else if (decision instanceof Decision.Released) {
                aggregates.replace(admittedBindings.get(key), null);
                admittedBindings.forget(key);
            } else {
                if (binding != null) {
                    workloads.bind(key, binding);
                }
                if (!(decision instanceof Decision.Stale)) {
                    // The ledger decided about a version this stage does not hold: the stores disagree, which must be seen.
                    LOG.error("Admission decision {} about {} has no matching binding (held: {}); binding left as it was",
                            decision, key, binding == null ? "none" : "generation " + binding.getGeneration());
                }
            }
            if (!step.recharges(key, binding, decision)) {
                step.audit(step.trail.decision(namespaceOf(key, about), about == null ? null : about.getKind(), decision));
            }
        }
    }

    private void quotaChanged(Step step, QuotaSync.Change change) {
        step.audit(step.trail.quota(change));
        String quotaKey = change.namespace() + "/" + change.name();
        if (change instanceof QuotaSync.Change.Deleted) {
            outputs.status(quotaKey, null);
        } else if (change instanceof QuotaSync.Change.Refused refused) {
            FieldError first = refused.problems().get(0);
            DeadLetter letter = DeadLetter.ofStoreEntry(AuditTrail.STAGE, first.message(), first.field(), first.value(), policies.where());
            byte[] original = policySerializer.serialize(policiesTopic, refused.event());
            outputs.deadLetter(QuotaSync.POLICY_PREFIX + quotaKey, letter, original);
        }
    }

    /**
     * Writes the status of every quota of each namespace due, as of {@code now} (a deleted quota's tombstone is out
     * already). A status is the latest state of its quota, so one per interval replaces one per decision (issue 11). The
     * punctuator runs on the stream thread: what it writes is in the transaction of that interval's decisions, unless a
     * commit fell between a decision and the punctuation, and a crash then would lose the due namespaces, which live only
     * in memory. So a task that starts (after a crash, a rebalance, a revival) writes every status it holds at its first
     * punctuation, and the statuses converge.
     */
    void writeDueStatuses(long now) {
        Set<String> due = new TreeSet<>(dueStatuses);
        if (everyStatusDue) {
            due.addAll(quotas.namespaces());
        }
        dueStatuses.clear();
        everyStatusDue = false;
        for (String namespace : due) {
            Map<String, QuotaSource> taken = quotas.taken(namespace);
            for (QuotaStatus status : QuotaSource.statuses(namespace, ledger.statuses(namespace), taken, now)) {
                outputs.status(namespace + "/" + status.getName(), status);
            }
        }
    }

    private static String namespaceOf(String key, ResourceBinding binding) {
        if (binding != null) {
            return binding.getNamespace();
        }
        return WorkloadKey.parse(key).map(WorkloadKey::namespace).orElse(null);
    }

    /** The outputs of one request, handed on as they are made, and what the audit trail needs to number them. */
    private final class Step {

        final AdmissionRequest request;
        final long now;
        final AuditTrail trail;
        /** Bindings of this request not written to the store yet, by workload key. */
        final Map<String, ResourceBinding> unsaved = new HashMap<>();
        boolean decided;
        /** The binding whose charge this request computed for the ledger, and that charge. */
        private ResourceBinding charged;
        private Charge charge;

        Step(AdmissionRequest request, String decisionIds) {
            this.request = request;
            this.now = context.currentSystemTimeMs();
            this.trail = new AuditTrail(decisionIds, request, now);
        }

        /**
         * Whether the decision only moves an admitted version's charge to where the place or fail-over step put it:
         * that step audits the placement, so the same admission is not audited again.
         */
        boolean recharges(String workloadKey, ResourceBinding before, Decision decision) {
            return request.getType() == AdmissionRequestType.PLACEMENT && workloadKey.equals(request.getWorkloadKey())
                    && decision instanceof Decision.Admitted admitted && before != null
                    && before.getAdmission().getState() == AdmissionState.ADMITTED
                    && Long.valueOf(admitted.generation()).equals(before.getAdmission().getChargedGeneration());
        }

        void binding(String workloadKey, ResourceBinding binding) {
            handoffs.bound(workloadKey, binding);
        }

        /** What the binding's version asks of the quotas ({@link BindingDemand#charge}), kept for its decision. */
        Charge charge(ResourceBinding binding) {
            charged = binding;
            charge = BindingDemand.charge(binding);
            return charge;
        }

        /** The charge {@link #charge} computed of this very binding (not an equal one), else null. */
        Charge chargeComputed(ResourceBinding binding) {
            return binding == charged ? charge : null;
        }

        void audit(AuditEvent event) {
            outputs.audit(event);
        }
    }
}
