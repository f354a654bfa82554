package io.fedstream.decide;

import com.fasterxml.jackson.databind.JsonNode;
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
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.NamespaceWorkloads;
import io.fedstream.interpret.Resources;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.metrics.FedstreamMetrics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The pass's first step: interprets each workload event. An UPSERT becomes the workload's binding, a DELETE (or a
 * tombstone) its removal, each handed to the admit step, and a bad event also becomes a dead letter. It keeps each
 * interpreted workload's manifest, so that {@link OverrideFollower} can recompute its per-cluster overrides when an
 * override policy or a cluster changes.
 */
final class Interpreting {

    static final String STAGE = "interpret";
    private static final ManifestParser PARSER = new ManifestParser();

    private final LongSupplier policyChanges;
    private final Serializer<WorkloadEvent> eventSerializer;
    private final FedstreamMetrics metrics;
    private final BindingMapper mapper = new BindingMapper();
    private final ProcessingContext context;
    private final Handoffs handoffs;
    private final Outputs outputs;
    private final InterpreterSource interpreters;
    private final OverridePolicies overridePolicies;
    private final ReadOnlyKeyValueStore<String, ClusterWatch> clusterViews;
    private final ClusterOverrides clusterOverrides = new ClusterOverrides();
    private final OverrideFollower overrideFollower;
    private final Workloads workloads;

    /** {@code clusterChanges}: the count of changes override rules can select of the clusters ({@link OverrideFollower}). */
    Interpreting(ProcessingContext context, Workloads workloads, Handoffs handoffs, Outputs outputs, InterpreterExtensions fromFiles,
                 TaskPolicies policies,
                 Serializer<WorkloadEvent> eventSerializer, FedstreamMetrics metrics, LongSupplier clusterChanges) {
        this.context = context;
        this.workloads = workloads;
        this.handoffs = handoffs;
        this.outputs = outputs;
        this.metrics = metrics;
        this.policyChanges = policies::changes;
        this.eventSerializer = eventSerializer;
        this.interpreters = new InterpreterSource(fromFiles, policyChanges, policies.published());
        this.overridePolicies = new OverridePolicies(policies.published(), policyChanges);
        this.clusterViews = TaskClusterViews.latest(context);
        this.overrideFollower = new OverrideFollower(workloads, clusterViews, clusterChanges,
                overridePolicies::current, interpreters::current, clusterOverrides);
    }

    /** Recomputes the override results an override policy's or a cluster's change concerns ({@link OverrideFollower}). */
    void followOverrides() {
        overrideFollower.check((namespace, request) -> handoffs.admit(request));
    }

    /** Interprets a workload event ({@code record}'s value null: a tombstone). */
    void process(Record<String, WorkloadEvent> record) {
        String key = record.key();
        WorkloadEvent event = record.value();
        if (key == null) {
            deadLetter(record, new FieldError("key", null, "a workload event needs the key group/kind/namespace/name"));
        } else if (event == null || event.getOp() == Op.DELETE) {
            overrideFollower.forget(key);
            String namespace = BindingMapper.namespace(key);
            handoffs.admit(sourced()
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
        handoffs.admit(sourced()
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
        // The namespace's other workloads, for a kind whose pods depend on one (a FlinkSessionJob on its session cluster).
        Interpretation interpretation = interpreters.explain(interpreters.current().interpret(
                event.getManifest().getBytes(StandardCharsets.UTF_8), othersIn(BindingMapper.namespace(key))));
        if (interpretation.outcome() != Interpretation.Outcome.INVALID && !key.equals(interpretation.workload().key())) {
            return invalid(new FieldError(
                    "key", key, "does not match the manifest's workload key " + interpretation.workload().key()));
        }
        return interpretation;
    }

    /**
     * The other workloads of one namespace as the task holds them: each one's manifest as last interpreted (in its
     * {@link Workloads} record), so that a FlinkSessionJob is charged the TaskManagers of the session cluster it names.
     */
    private NamespaceWorkloads othersIn(String namespace) {
        return (apiVersion, kind, name) -> {
            String key = new WorkloadId(apiVersion, kind, namespace, name).key();
            if (key == null) {
                return Optional.empty();
            }
            String manifest;
            try {
                manifest = workloads.of(key).getManifest();
            } catch (UnreadableWorkload e) {
                // Its own processing dead-letters the entry; here it is as good as unknown.
                return Optional.empty();
            }
            if (manifest == null) {
                return Optional.empty();
            }
            List<ManifestParser.Document> documents = PARSER.parse(manifest.getBytes(StandardCharsets.UTF_8));
            JsonNode root = documents.size() == 1 ? documents.get(0).root() : null;
            boolean found = root != null && apiVersion.equals(root.path("apiVersion").asText());
            return found ? Optional.of(root) : Optional.empty();
        };
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
        outputs.deadLetter(record.key(), letter, original);
    }

    /**
     * A request naming the event it came from, for the audit trail. A builder, not a built request copied: Avro's copy
     * of a record deep-copies it through its schema, once per workload event.
     */
    private AdmissionRequest.Builder sourced() {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        return AdmissionRequest.newBuilder()
                .setSourceTopic(source.topic())
                .setSourcePartition(source.partition())
                .setSourceOffset(source.offset());
    }
}
