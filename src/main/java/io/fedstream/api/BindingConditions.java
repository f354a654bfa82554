package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.FieldError;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A binding's {@code status.conditions} as Karmada sets them. {@code Scheduled} as its scheduler does
 * ({@code pkg/scheduler/helper.go getConditionByError}): True with reason Success once the binding is placed; False with
 * QuotaExceeded while a FederatedResourceQuota refuses it, NoClusterFit when no cluster fits, SchedulerError while its
 * manifest cannot be read; none while it waits to be decided. {@code FullyApplied} and {@code status.aggregatedStatus}
 * as its binding controller derives them from the Works ({@code pkg/util/helper/workstatus.go
 * generateFullyAppliedCondition}): True when every placed cluster reported the object applied, else False; none before
 * any cluster reported. A condition's {@code lastTransitionTime} is the binding's last change: fedstream keeps no
 * history of conditions.
 */
final class BindingConditions {

    static final String SCHEDULED = "Scheduled";
    static final String FULLY_APPLIED = "FullyApplied";
    private static final String SCHEDULED_MESSAGE = "Binding has been scheduled successfully.";

    private BindingConditions() {}

    static void put(ObjectNode status, ResourceBinding binding, Optional<PropagationStatus> propagation) {
        ArrayNode conditions = status.putArray("conditions");
        String changed = binding.getUpdatedAt().toString();
        scheduled(binding).ifPresent(condition -> conditions.addObject().put("type", SCHEDULED).put("status", condition.status())
                .put("reason", condition.reason()).put("message", condition.message())
                .put("observedGeneration", binding.getGeneration()).put("lastTransitionTime", changed));
        if (binding.getPlacement() != null && !binding.getPlacement().getClusters().isEmpty()) {
            status.put("schedulerObservedGeneration", binding.getGeneration());
        }
        if (propagation.isEmpty()) {
            return;
        }
        boolean applied = fullyApplied(binding, propagation.get());
        conditions.addObject().put("type", FULLY_APPLIED).put("status", applied ? "True" : "False")
                .put("reason", applied ? "FullyAppliedSuccess" : "FullyAppliedFailed")
                .put("message", applied ? "All works have been successfully applied"
                        : "Failed to apply all works, see status.aggregatedStatus for details")
                .put("observedGeneration", binding.getGeneration()).put("lastTransitionTime", changed);
        ArrayNode aggregated = status.putArray("aggregatedStatus");
        for (PropagationStatus.ClusterStatus cluster : propagation.get().clusters()) {
            ObjectNode item = aggregated.addObject().put("clusterName", cluster.clusterName());
            if (cluster.status() != null) {
                item.set("status", cluster.status());
            }
            item.put("applied", cluster.applied());
            if (cluster.appliedMessage() != null && !cluster.appliedMessage().isEmpty()) {
                item.put("appliedMessage", cluster.appliedMessage());
            }
            item.put("health", cluster.health());
        }
    }

    /** One condition's status, reason and message. */
    record Condition(String status, String reason, String message) {}

    static Optional<Condition> scheduled(ResourceBinding binding) {
        if (binding.getPlacement() != null && !binding.getPlacement().getClusters().isEmpty()) {
            return Optional.of(new Condition("True", "Success", SCHEDULED_MESSAGE));
        }
        if (binding.getInterpretation().getState() != InterpretationState.INTERPRETED) {
            return Optional.of(new Condition("False", "SchedulerError", interpretationMessage(binding)));
        }
        if (binding.getAdmission().getState() == AdmissionState.REJECTED) {
            return Optional.of(new Condition("False", "QuotaExceeded", Optional.ofNullable(binding.getAdmission().getReason())
                    .orElse("a FederatedResourceQuota of the namespace refuses it")));
        }
        if (binding.getUnplacedReason() != null) {
            return Optional.of(new Condition("False", "NoClusterFit", binding.getUnplacedReason()));
        }
        return Optional.empty();
    }

    /** Karmada's rule: placed on at least one cluster, and every placed cluster (no other) reported the object applied. */
    private static boolean fullyApplied(ResourceBinding binding, PropagationStatus propagation) {
        Set<String> placed = binding.getPlacement() == null ? Set.of()
                : binding.getPlacement().getClusters().stream().map(ClusterTarget::getName).collect(Collectors.toSet());
        return !placed.isEmpty() && propagation.clusters().size() == placed.size()
                && propagation.clusters().stream().allMatch(cluster -> cluster.applied() && placed.contains(cluster.clusterName()));
    }

    private static String interpretationMessage(ResourceBinding binding) {
        String state = binding.getInterpretation().getState() == InterpretationState.UNINTERPRETED
                ? "no interpreter knows the kind" : "the manifest is invalid";
        return binding.getInterpretation().getErrors().stream().findFirst()
                .map(error -> state + ": " + new FieldError(error.getField(), error.getValue(), error.getReason()).message())
                .orElse(state);
    }
}
