package io.fedstream.decide;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.dlq.DeadLetter;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * What the namespace pass writes, stamped with the time of the record being processed (the wall clock in a
 * punctuation). A workload's binding goes out once per processing, its final version: the steps of one pass may
 * decide it several times (admitted, then placed), and only the last is a decision a reader should see.
 */
final class Outputs {

    private static final String ADMITTED = "ADMITTED";
    private static final String PLACED = "PLACED";

    private final ProcessorContext<String, PassOutcome> context;
    /**
     * The bindings decided and not written yet, by workload key, in the order first decided (null: deleted): those of
     * this processing, and those held back while their workload waits for room.
     */
    private final Map<String, ResourceBinding> bindings = new LinkedHashMap<>();
    /** The bindings held back at the last {@link #writeBindings} and not decided again since. */
    private final Set<String> heldBack = new HashSet<>();
    /** Admissions of this processing not written yet, by workload key: the placement that follows tells both in one event. */
    private final Map<String, AuditEvent> admitted = new LinkedHashMap<>();
    private long stampedAt = -1;

    Outputs(ProcessorContext<String, PassOutcome> context) {
        this.context = context;
    }

    /** The pass now processes a record of this timestamp, or (-1) runs a punctuation. */
    void processing(long recordTimestamp) {
        this.stampedAt = recordTimestamp;
    }

    /** The workload's binding as decided now (null: deleted); written by {@link #writeBindings}. */
    void binding(String workloadKey, ResourceBinding binding) {
        bindings.put(workloadKey, binding);
        heldBack.remove(workloadKey);
    }

    /**
     * Writes the bindings decided, each once, except those of workloads whose placement still waits for room
     * ({@code undecided}): theirs is held back and written once the workload is placed, or found no room. A binding held
     * back before whose workload this processing left {@code untouched} still waits: asking again would read and decode
     * the entry of every waiting workload at every record (a third of the stream thread's allocation in a 20,000 round).
     */
    void writeBindings(Predicate<String> undecided, Predicate<String> untouched) {
        bindings.entrySet().removeIf(decided -> {
            String key = decided.getKey();
            if (decided.getValue() != null && (heldBack.contains(key) && untouched.test(key) || undecided.test(key))) {
                heldBack.add(key);
                return false;
            }
            heldBack.remove(key);
            forward(key, new PassOutcome.Binding(decided.getValue()), new RecordHeaders());
            return true;
        });
    }

    /**
     * One decision for the audit trail. A workload admitted and placed in the same processing is one decision: its
     * ADMITTED event is held until the processing ends, and a PLACED event of the same workload takes its place,
     * saying both ({@link #writeAudit()}).
     */
    void audit(AuditEvent event) {
        if (ADMITTED.equals(event.getDecision()) && event.getWorkloadKey() != null) {
            AuditEvent earlier = admitted.put(event.getWorkloadKey(), event);
            if (earlier != null) {
                forward(earlier.getDecisionId(), new PassOutcome.Audit(earlier), new RecordHeaders());
            }
            return;
        }
        AuditEvent admission = event.getWorkloadKey() == null ? null : admitted.remove(event.getWorkloadKey());
        if (admission != null && !PLACED.equals(event.getDecision())) {
            // Any other decision about the workload follows its admission in the trail, as it followed in the pass.
            forward(admission.getDecisionId(), new PassOutcome.Audit(admission), new RecordHeaders());
            admission = null;
        }
        AuditEvent written = admission == null ? event : AuditEvent.newBuilder(event)
                .setReason(admission.getReason() + "; " + event.getReason())
                .setDetails(details(admission.getDetails(), event.getDetails()))
                .build();
        forward(written.getDecisionId(), new PassOutcome.Audit(written), new RecordHeaders());
    }

    /**
     * The details of one audit event for a workload admitted and placed in one processing: the placement's facts, with
     * the admission's under {@code admission}, so that a sink's row carries both. Both are compact JSON objects the
     * pass wrote itself, so the admission's is spliced in as the placement's last field: parsing both back into trees
     * to merge them was a fiftieth of the pass's samples.
     */
    static String details(String admission, String placement) {
        String facts = placement == null ? "{}" : requireObject(placement);
        if (admission == null) {
            return facts;
        }
        String fields = facts.substring(0, facts.length() - 1);
        return fields + (fields.length() > 1 ? "," : "") + "\"admission\":" + requireObject(admission) + "}";
    }

    private static String requireObject(String json) {
        String object = json.strip();
        if (object.length() < 2 || object.charAt(0) != '{' || object.charAt(object.length() - 1) != '}') {
            throw new IllegalStateException("audit details are JSON objects the pass wrote itself, not: " + json);
        }
        return object;
    }

    /** Writes the admissions of this processing that no placement followed. */
    void writeAudit() {
        admitted.values().forEach(event -> forward(event.getDecisionId(), new PassOutcome.Audit(event), new RecordHeaders()));
        admitted.clear();
    }

    void command(MigrationCommand command) {
        forward(command.getWorkloadKey(), new PassOutcome.Command(command), new RecordHeaders());
    }

    /** A quota's status (null: the quota was deleted), keyed {@code namespace/name}. */
    void status(String quotaKey, QuotaStatus status) {
        forward(quotaKey, new PassOutcome.Status(status), new RecordHeaders());
    }

    void leaseRequest(LeaseRequest request) {
        forward(request.getCluster(), new PassOutcome.LeaseAsked(request), new RecordHeaders());
    }

    void deadLetter(String key, DeadLetter letter, byte[] originalValue) {
        forward(key, new PassOutcome.DeadLettered(originalValue), letter.headers());
    }

    private void forward(String key, PassOutcome outcome, Headers headers) {
        context.forward(new Record<>(key, outcome, stampedAt >= 0 ? stampedAt : context.currentSystemTimeMs(), headers));
    }
}
