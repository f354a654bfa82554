package io.fedstream.bind;

import io.fedstream.config.WorkloadKey;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationError;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.interpret.ComponentRequirement;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.WorkloadId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns an interpretation of a workload event into the workload's ResourceBinding; the namespace pass's admit step
 * numbers its versions (generation), carries the placement over and decides admission. Every field of the records made
 * here is set, defaults included: Avro's builder fills a field left unset with a deep copy of its schema default, which
 * was 3% of the namespace pass's stream thread for these two records (docs/benchmarks.md, 2026-12-07 21:29).
 */
public final class BindingMapper {

    public ResourceBinding toBinding(
            String key, WorkloadEvent event, Interpretation interpretation, Instant now) {
        WorkloadId id = identity(key, interpretation);
        boolean interpreted = interpretation.outcome() == Interpretation.Outcome.INTERPRETED;
        return ResourceBinding.newBuilder()
                .setWorkloadKey(key)
                .setApiVersion(id.apiVersion())
                .setKind(id.kind())
                .setNamespace(id.namespace())
                .setName(id.name())
                .setLabels(new TreeMap<>(interpretation.labels()))
                .setPriorityClassName(interpretation.priorityClassName())
                .setComponents(interpreted ? components(interpretation.components()) : List.of())
                .setTotal(interpreted ? interpretation.total().toQuantities() : Map.of())
                .setTotalLimits(interpreted ? interpretation.totalLimits().toQuantities() : Map.of())
                .setInterpretation(status(interpretation))
                .setAdmission(pending(interpretation))
                .setPlacement(event.getPlacement())
                .setObservedAt(event.getObservedAt())
                .setUpdatedAt(now)
                .setGeneration(0L)
                .setClusterOverrides(new ArrayList<>())
                .setUnplacedReason(null)
                .build();
    }

    /**
     * The manifest's identity, or the key's when the manifest is too broken to name itself. The namespace is always the
     * key's ({@link #namespace}): an invalid manifest that names another one must not reach that namespace's quotas.
     */
    private static WorkloadId identity(String key, Interpretation interpretation) {
        WorkloadId fromManifest = interpretation.workload();
        WorkloadKey fromKey = WorkloadKey.parse(key).orElse(new WorkloadKey("", "", "", key));
        return new WorkloadId(
                orElse(fromManifest == null ? null : fromManifest.apiVersion(), fromKey.group()),
                orElse(fromManifest == null ? null : fromManifest.kind(), fromKey.kind()),
                namespace(key),
                orElse(fromManifest == null ? null : fromManifest.name(), fromKey.name()));
    }

    /**
     * The namespace a workload event belongs to: its key's, or "" when the key is not {@code group/kind/namespace/name}.
     * The bind stage keeps no state, so an upsert and a later delete of one key must be sent to the same namespace.
     */
    public static String namespace(String key) {
        return WorkloadKey.parse(key).map(WorkloadKey::namespace).orElse("");
    }

    private static String orElse(String value, String fallback) {
        return value == null || value.isEmpty() ? fallback : value;
    }

    public static List<Component> components(List<ComponentRequirement> requirements) {
        return requirements.stream()
                .map(c -> Component.newBuilder()
                        .setName(c.name())
                        .setReplicas(c.replicas())
                        .setMinReplicas(c.minReplicas())
                        .setMaxReplicas(c.maxReplicas())
                        .setPerPod(c.perPod().toQuantities())
                        .setTotal(c.total().toQuantities())
                        .setPerPodLimits(c.perPodLimits().toQuantities())
                        .setTotalLimits(c.totalLimits().toQuantities())
                        .build())
                .toList();
    }

    private static InterpretationStatus status(Interpretation interpretation) {
        return InterpretationStatus.newBuilder()
                .setState(InterpretationState.valueOf(interpretation.outcome().name()))
                .setInterpreter(interpretation.interpreter())
                .setErrors(interpretation.errors().stream().map(BindingMapper::error).toList())
                .setWarnings(interpretation.warnings().stream().map(BindingMapper::error).toList())
                .build();
    }

    private static InterpretationError error(FieldError error) {
        return InterpretationError.newBuilder()
                .setField(error.field())
                .setValue(error.value())
                .setReason(error.reason())
                .build();
    }

    /** Until the admit stage decides: an interpreted version waits for admission; one that cannot be interpreted cannot be admitted. */
    private static Admission pending(Interpretation interpretation) {
        return switch (interpretation.outcome()) {
            case INTERPRETED -> undecided(AdmissionState.PENDING, null);
            case UNINTERPRETED -> undecided(AdmissionState.PENDING, "uninterpreted: requirements unknown, so the workload cannot be charged");
            case INVALID -> undecided(AdmissionState.NOT_APPLICABLE, "invalid manifest");
        };
    }

    private static Admission undecided(AdmissionState state, String reason) {
        return Admission.newBuilder()
                .setState(state)
                .setReason(reason)
                .setRejections(new ArrayList<>())
                .setCharged(new HashMap<>())
                .setChargedGeneration(null)
                .setDecidedAt(null)
                .setRequestedPlacement(null)
                .setFullStaticAssignments(new ArrayList<>())
                .build();
    }
}
