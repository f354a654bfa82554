package io.fedstream.bind;

import io.fedstream.avro.Op;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.policy.PolicyMirror;
import io.fedstream.interpret.Resources;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Interprets each workload event and keeps the bindings table: an UPSERT becomes the workload's binding,
 * a DELETE (or a tombstone) removes it, and a bad event also becomes a dead letter.
 */
final class BindingProcessor implements Processor<String, WorkloadEvent, String, BindOutcome> {

    static final String STAGE = "interpret";

    private final InterpreterExtensions fromFiles;
    private final LongSupplier policyChanges;
    private final Serializer<WorkloadEvent> eventSerializer;
    private final BindingMapper mapper = new BindingMapper();
    private ProcessorContext<String, BindOutcome> context;
    private KeyValueStore<String, ResourceBinding> bindings;
    private KeyValueStore<String, String> names;
    private InterpreterSource interpreters;

    BindingProcessor(InterpreterExtensions fromFiles, LongSupplier policyChanges, Serializer<WorkloadEvent> eventSerializer) {
        this.fromFiles = fromFiles;
        this.policyChanges = policyChanges;
        this.eventSerializer = eventSerializer;
    }

    @Override
    public void init(ProcessorContext<String, BindOutcome> context) {
        this.context = context;
        this.bindings = context.getStateStore(BindStage.BINDINGS_STORE);
        this.names = context.getStateStore(BindStage.BINDING_NAMES_STORE);
        this.interpreters = new InterpreterSource(fromFiles, policyChanges, context.getStateStore(PolicyMirror.STORE));
    }

    @Override
    public void process(Record<String, WorkloadEvent> record) {
        String key = record.key();
        WorkloadEvent event = record.value();
        if (key == null) {
            deadLetter(record, new FieldError("key", null, "a workload event needs the key group/kind/namespace/name"));
        } else if (event == null || event.getOp() == Op.DELETE) {
            ResourceBinding previous = bindings.get(key);
            if (previous != null) {
                BindingNames.indexKey(previous).ifPresent(names::delete);
            }
            bindings.delete(key);
            forward(record, new BindOutcome.Removed());
        } else {
            upsert(record, key, event);
        }
    }

    private void upsert(Record<String, WorkloadEvent> record, String key, WorkloadEvent event) {
        Interpretation interpretation = interpret(key, event);
        ResourceBinding previous = bindings.get(key);
        ResourceBinding binding =
                mapper.toBinding(key, event, interpretation, previous, Instant.ofEpochMilli(context.currentSystemTimeMs()));
        bindings.put(key, binding);
        index(previous, binding);
        forward(record, new BindOutcome.Bound(binding));
        if (interpretation.outcome() == Interpretation.Outcome.INVALID) {
            deadLetter(record, interpretation.errors().get(0));
        }
    }

    /** Keeps the names index exact: the binding's entry replaces the previous version's when the two differ. */
    private void index(ResourceBinding previous, ResourceBinding binding) {
        Optional<String> entry = BindingNames.indexKey(binding);
        if (previous != null) {
            BindingNames.indexKey(previous).filter(old -> !entry.equals(Optional.of(old))).ifPresent(names::delete);
        }
        entry.ifPresent(indexKey -> names.put(indexKey, binding.getWorkloadKey()));
    }

    private Interpretation interpret(String key, WorkloadEvent event) {
        if (event.getManifest() == null) {
            return invalid(new FieldError("manifest", null, "an UPSERT needs the workload's manifest"));
        }
        Interpretation interpretation = interpreters.explain(
                interpreters.current().interpret(event.getManifest().getBytes(StandardCharsets.UTF_8)));
        if (interpretation.outcome() != Interpretation.Outcome.INVALID && !key.equals(interpretation.workload().key())) {
            return invalid(new FieldError(
                    "key", key, "does not match the manifest's workload key " + interpretation.workload().key()));
        }
        return interpretation;
    }

    private static Interpretation invalid(FieldError error) {
        return new Interpretation(
                Interpretation.Outcome.INVALID, null, Map.of(), null, null, List.of(), Resources.NONE, Resources.NONE,
                List.of(error));
    }

    private void deadLetter(Record<String, WorkloadEvent> record, FieldError error) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        DeadLetter letter = new DeadLetter(
                STAGE, error.message(), error.field(), error.value(), source.topic(), source.partition(), source.offset());
        byte[] original = record.value() == null ? null : eventSerializer.serialize(source.topic(), record.value());
        context.forward(record.withValue((BindOutcome) new BindOutcome.DeadLettered(letter, original))
                .withHeaders(letter.headers()));
    }

    private void forward(Record<String, WorkloadEvent> record, BindOutcome outcome) {
        context.forward(record.withValue(outcome).withHeaders(new RecordHeaders()));
    }
}
