package io.fedstream.decide;

import io.fedstream.bind.NeverPropagated;
import io.fedstream.bind.GivenPlacement;
import io.fedstream.bind.BindingMapper;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Op;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.Resources;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.decide.ClusterDirectory;
import io.fedstream.decide.OverridePolicies;
import io.fedstream.decide.PolicyMirror;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interprets each workload event: an UPSERT becomes the workload's binding, a DELETE (or a tombstone) its removal, each
 * sent on to the admit stage keyed by the key's namespace, and a bad event also becomes a dead letter. The admit stage
 * holds the bindings; this task keeps only each interpreted workload's manifest, so that {@link OverrideFollower} can
 * recompute its per-cluster overrides when an override policy or a cluster changes.
 */
final class BindingProcessor implements Processor<String, WorkloadEvent, String, BindOutcome> {

    static final String STAGE = "interpret";

    private final InterpreterExtensions fromFiles;
    private final LongSupplier policyChanges;
    private final Serializer<WorkloadEvent> eventSerializer;
    private final FedstreamMetrics metrics;
    private final BindingMapper mapper = new BindingMapper();
    private ProcessorContext<String, BindOutcome> context;
    private InterpreterSource interpreters;
    private OverridePolicies overridePolicies;
    private ReadOnlyKeyValueStore<String, ClusterWatch> clusterViews;
    private final ClusterOverrides clusterOverrides = new ClusterOverrides();
    private final LongSupplier clusterChanges;
    private OverrideFollower overrideFollower;

    /** {@code clusterChanges}: the count of changes override rules can select of the clusters ({@link OverrideFollower}). */
    BindingProcessor(InterpreterExtensions fromFiles, LongSupplier policyChanges, Serializer<WorkloadEvent> eventSerializer,
                     FedstreamMetrics metrics, LongSupplier clusterChanges) {
        this.metrics = metrics;
        this.clusterChanges = clusterChanges;
        this.fromFiles = fromFiles;
        this.policyChanges = policyChanges;
        this.eventSerializer = eventSerializer;
    }

    @Override
    public void init(ProcessorContext<String, BindOutcome> context) {
        this.context = context;
        this.interpreters = new InterpreterSource(fromFiles, policyChanges, context.getStateStore(PolicyMirror.STORE));
        this.overridePolicies = new OverridePolicies(context.getStateStore(PolicyMirror.STORE), policyChanges);
        this.clusterViews = context.getStateStore(ClusterDirectory.STORE);
        this.overrideFollower = new OverrideFollower(context.getStateStore(BindStage.MANIFESTS), clusterViews, clusterChanges,
                overridePolicies::current, interpreters::current, clusterOverrides);
        context.schedule(OverrideFollower.CHECK_INTERVAL, PunctuationType.WALL_CLOCK_TIME, at -> overrideFollower.check((namespace, request) ->
                context.forward(new Record<String, BindOutcome>(namespace, new BindOutcome.Request(request), at))));
    }

    @Override
    public void process(Record<String, WorkloadEvent> record) {
        String key = record.key();
        WorkloadEvent event = record.value();
        if (key == null) {
            deadLetter(record, new FieldError("key", null, "a workload event needs the key group/kind/namespace/name"));
        } else if (event == null || event.getOp() == Op.DELETE) {
            overrideFollower.forget(key);
            String namespace = BindingMapper.namespace(key);
            forward(record, namespace, AdmissionRequest.newBuilder(source())
                    .setType(AdmissionRequestType.REMOVAL)
                    .setNamespace(namespace)
                    .setWorkloadKey(key)
                    .build());
        } else {
            upsert(record, key, event);
        }
    }

    private void upsert(Record<String, WorkloadEvent> record, String key, WorkloadEvent given) {
        WorkloadEvent event = given;
        Interpretation interpretation = interpret(key, event);
        Optional<FieldError> notPropagated = NeverPropagated.reason(interpretation);
        if (notPropagated.isPresent()) {
            // Karmada makes no binding of such an object; another producer than apply (which leaves it out) sent it.
            deadLetter(record, notPropagated.get());
            return;
        }
        List<FieldError> placementProblems = interpretation.outcome() == Interpretation.Outcome.INTERPRETED
                ? GivenPlacement.problems(event.getPlacement(), interpretation.components()) : List.of();
        if (!placementProblems.isEmpty()) {
            // As Karmada's webhook refuses such a binding: this version is invalid, and its placement places nothing.
            interpretation = invalid(placementProblems);
            event = WorkloadEvent.newBuilder(event).setPlacement(null).build();
        }
        ResourceBinding binding = mapper.toBinding(key, event, interpretation, Instant.ofEpochMilli(context.currentSystemTimeMs()));
        if (interpretation.outcome() == Interpretation.Outcome.INTERPRETED) {
            binding.setClusterOverrides(clusterOverrides.of(event.getManifest(), binding.getNamespace(), interpreters.current(),
                    overridePolicies.current(), clusterViews));
            overrideFollower.remember(key, event.getManifest());
        } else {
            overrideFollower.forget(key);
        }
        metrics.interpreted(binding.getKind(), interpretation.outcome().name());
        forward(record, binding.getNamespace(), AdmissionRequest.newBuilder(source())
                .setType(AdmissionRequestType.BINDING)
                .setNamespace(binding.getNamespace())
                .setWorkloadKey(key)
                .setBinding(binding)
                .build());
        if (interpretation.outcome() == Interpretation.Outcome.INVALID) {
            deadLetter(record, interpretation.errors().get(0));
        }
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
        return invalid(List.of(error));
    }

    private static Interpretation invalid(List<FieldError> errors) {
        return new Interpretation(
                Interpretation.Outcome.INVALID, null, Map.of(), null, null, List.of(), Resources.NONE, Resources.NONE, errors);
    }

    private void deadLetter(Record<String, WorkloadEvent> record, FieldError error) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        DeadLetter letter = new DeadLetter(
                STAGE, error.message(), error.field(), error.value(), source.topic(), source.partition(), source.offset());
        byte[] original = record.value() == null ? null : eventSerializer.serialize(source.topic(), record.value());
        context.forward(record.withValue((BindOutcome) new BindOutcome.DeadLettered(letter, original))
                .withHeaders(letter.headers()));
    }

    /** A request naming the event it came from, for the audit trail. */
    private AdmissionRequest source() {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        return AdmissionRequest.newBuilder()
                .setType(AdmissionRequestType.BINDING)
                .setNamespace("")
                .setSourceTopic(source.topic())
                .setSourcePartition(source.partition())
                .setSourceOffset(source.offset())
                .build();
    }

    private void forward(Record<String, WorkloadEvent> record, String namespace, AdmissionRequest request) {
        context.forward(record.withKey(namespace).withValue((BindOutcome) new BindOutcome.Request(request)).withHeaders(new RecordHeaders()));
    }
}
