package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A binding's status as Karmada shows it ({@code kubectl get resourcebinding NAME -o yaml}): the conditions
 * {@code Scheduled} (Karmada's scheduler, {@code pkg/scheduler/helper.go} {@code getConditionByError}) and
 * {@code FullyApplied} ({@code pkg/util/helper/workstatus.go} {@code generateFullyAppliedCondition}, {@code worksFullyApplied}),
 * and {@code aggregatedStatus}, one item per cluster with a copy ({@code assembleWorkStatus}), from the binding and the
 * copies' statuses ({@code fedstream.work-status}). Pure.
 *
 * <p>One difference: FullyApplied needs each placed cluster's copy applied from the generation that runs (the binding's
 * charged generation), so that it turns False while a new version is on its way; Karmada's condition stays True until
 * the updated Works report.
 */
public record BindingStatus(List<Condition> conditions, List<AggregatedStatusItem> aggregatedStatus) {

    public static final String SCHEDULED = "Scheduled";
    public static final String FULLY_APPLIED = "FullyApplied";
    static final String FULLY_APPLIED_SUCCESS = "FullyAppliedSuccess";
    static final String FULLY_APPLIED_FAILED = "FullyAppliedFailed";
    static final String FULLY_APPLIED_SUCCESS_MESSAGE = "All works have been successfully applied";
    static final String FULLY_APPLIED_FAILED_MESSAGE = "Failed to apply all works, see status.aggregatedStatus for details";
    static final String SCHEDULED_MESSAGE = "Binding has been scheduled successfully.";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A metav1.Condition. */
    public record Condition(String type, boolean status, String reason, String message, Instant lastTransitionTime) {}

    /**
     * Karmada's AggregatedStatusItem, with fedstream's {@code state} and {@code generation} of the copy beside it.
     *
     * @param healthReason why the health is not what the kind's healthInterpretation script says (Karmada records it as an
     *     event), or null
     * @param status the object's .status as JSON, or null
     */
    public record AggregatedStatusItem(String clusterName, boolean applied, String appliedMessage, WorkHealth health,
                                       String healthReason, String status, WorkState state, Long generation) {}

    public BindingStatus {
        conditions = List.copyOf(conditions);
        aggregatedStatus = List.copyOf(aggregatedStatus);
    }

    /** The status of {@code binding} given its copies' statuses (each merged record of one cluster; others' are ignored). */
    public static BindingStatus of(ResourceBinding binding, Collection<WorkStatusEvent> copies) {
        List<WorkStatusEvent> own = copies.stream().filter(c -> c.getWorkloadKey().equals(binding.getWorkloadKey()))
                .sorted(Comparator.comparing(WorkStatusEvent::getCluster)).toList();
        List<AggregatedStatusItem> items = own.stream().map(BindingStatus::item).toList();
        List<Condition> conditions = new ArrayList<>();
        scheduled(binding).ifPresent(conditions::add);
        conditions.add(fullyApplied(binding, own));
        return new BindingStatus(conditions, items);
    }

    /** The condition of this type, if the binding has it. */
    public Optional<Condition> condition(String type) {
        return conditions.stream().filter(c -> c.type().equals(type)).findFirst();
    }

    private static Optional<Condition> scheduled(ResourceBinding binding) {
        Instant at = binding.getAdmission().getDecidedAt() != null ? binding.getAdmission().getDecidedAt() : binding.getUpdatedAt();
        if (binding.getAdmission().getState() == AdmissionState.REJECTED) {
            return Optional.of(new Condition(SCHEDULED, false, "QuotaExceeded", binding.getAdmission().getReason(), at));
        }
        if (binding.getPlacement() != null && binding.getUnplacedReason() == null) {
            return Optional.of(new Condition(SCHEDULED, true, "Success", SCHEDULED_MESSAGE, at));
        }
        if (binding.getUnplacedReason() != null) {
            // Placed and not re-scheduled as this version asks (its placement stays), or never placed.
            return Optional.of(new Condition(SCHEDULED, false, "NoClusterFit", binding.getUnplacedReason(), binding.getUpdatedAt()));
        }
        return Optional.empty();
    }

    private static Condition fullyApplied(ResourceBinding binding, List<WorkStatusEvent> copies) {
        Map<String, WorkStatusEvent> byCluster = copies.stream().collect(Collectors.toMap(WorkStatusEvent::getCluster, Function.identity()));
        Long runs = binding.getAdmission().getChargedGeneration();
        Set<String> placed = binding.getPlacement() == null ? Set.of()
                : binding.getPlacement().getClusters().stream().map(ClusterTarget::getName).collect(Collectors.toSet());
        boolean applied = !placed.isEmpty() && runs != null && placed.stream().allMatch(cluster -> {
            WorkStatusEvent copy = byCluster.get(cluster);
            WorkDispatch dispatch = copy == null ? null : copy.getDispatch();
            return dispatch != null && dispatch.getState() == WorkState.APPLIED && dispatch.getGeneration() == runs;
        });
        Instant at = copies.stream().map(WorkStatusEvent::getObservedAt).filter(Objects::nonNull).max(Comparator.naturalOrder())
                .orElse(binding.getUpdatedAt());
        return applied ? new Condition(FULLY_APPLIED, true, FULLY_APPLIED_SUCCESS, FULLY_APPLIED_SUCCESS_MESSAGE, at)
                : new Condition(FULLY_APPLIED, false, FULLY_APPLIED_FAILED, FULLY_APPLIED_FAILED_MESSAGE, at);
    }

    private static AggregatedStatusItem item(WorkStatusEvent copy) {
        WorkDispatch dispatch = copy.getDispatch();
        boolean applied = dispatch != null && (dispatch.getState() == WorkState.APPLIED || dispatch.getState() == WorkState.EVICTED);
        // As Karmada's assembleWorkStatus: a copy not applied has no status and an Unknown health.
        boolean observed = applied && copy.getObservation() != null && copy.getObservation().getPresent();
        return new AggregatedStatusItem(copy.getCluster(), applied,
                dispatch == null ? null : applied ? null : dispatch.getMessage(),
                observed ? copy.getObservation().getHealth() : WorkHealth.UNKNOWN,
                observed ? copy.getObservation().getHealthReason() : null,
                observed ? copy.getObservation().getStatus() : null,
                dispatch == null ? null : dispatch.getState(), dispatch == null ? null : dispatch.getGeneration());
    }

    /** {@code {conditions: [...], aggregatedStatus: [...]}} as the Kubernetes API writes them. */
    public ObjectNode toJson() {
        ObjectNode out = JSON.createObjectNode();
        ArrayNode conditionList = out.putArray("conditions");
        for (Condition condition : conditions) {
            ObjectNode node = conditionList.addObject().put("type", condition.type()).put("status", condition.status() ? "True" : "False")
                    .put("reason", condition.reason());
            if (condition.message() != null) {
                node.put("message", condition.message());
            }
            if (condition.lastTransitionTime() != null) {
                node.put("lastTransitionTime", condition.lastTransitionTime().toString());
            }
        }
        ArrayNode itemList = out.putArray("aggregatedStatus");
        for (AggregatedStatusItem item : aggregatedStatus) {
            ObjectNode node = itemList.addObject().put("clusterName", item.clusterName());
            if (item.status() != null) {
                node.set("status", parse(item.status()));
            }
            node.put("applied", item.applied());
            if (item.appliedMessage() != null) {
                node.put("appliedMessage", item.appliedMessage());
            }
            node.put("health", health(item.health()));
            if (item.healthReason() != null) {
                node.put("healthReason", item.healthReason());
            }
            if (item.state() != null) {
                node.put("state", item.state().name());
                node.put("generation", item.generation());
            }
        }
        return out;
    }

    private static String health(WorkHealth health) {
        return switch (health) {
            case HEALTHY -> "Healthy";
            case UNHEALTHY -> "Unhealthy";
            case UNKNOWN -> "Unknown";
        };
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return JSON.getNodeFactory().textNode(json);
        }
    }
}
