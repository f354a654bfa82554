package io.fedstream.health;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Quantities;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a heartbeat as the interpreter checks a manifest, before the watch takes it in: every quantity a finite,
 * non-negative Kubernetes quantity that fits exact integer units, conditions and taints of a known shape, a cluster
 * name, and a heartbeat time not ahead of fedstream's clock by more than the input lag tolerance.
 */
public final class HeartbeatCheck {

    private static final Set<String> CONDITION_STATUSES = Set.of("True", "False", "Unknown");
    private static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    private final HealthSettings settings;

    public HeartbeatCheck(HealthSettings settings) {
        this.settings = settings;
    }

    /** Every problem of the heartbeat, naming field and value; empty when it may be taken in. */
    public List<FieldError> problems(ClusterHealthEvent heartbeat, long wallClock) {
        List<FieldError> problems = new ArrayList<>();
        if (heartbeat.getCluster().isBlank()) {
            problems.add(new FieldError("cluster", heartbeat.getCluster(), "must name the cluster"));
        }
        Instant ahead = Instant.ofEpochMilli(wallClock).plus(settings.inputLagTolerance());
        if (heartbeat.getHeartbeatAt().isAfter(ahead)) {
            problems.add(new FieldError("heartbeatAt", heartbeat.getHeartbeatAt().toString(),
                    "is ahead of fedstream's clock (" + Instant.ofEpochMilli(wallClock) + ") by more than "
                            + ClusterHealthMachine.duration(settings.inputLagTolerance().toMillis())
                            + " (health.input.lag.tolerance.ms): it would make every other cluster look silent"));
        }
        quantities("allocatable", heartbeat.getAllocatable(), problems);
        quantities("allocated", heartbeat.getAllocated(), problems);
        conditions(heartbeat.getConditions(), problems);
        taints(heartbeat.getTaints(), problems);
        return problems;
    }

    private static void quantities(String field, Map<String, String> quantities, List<FieldError> problems) {
        quantities.forEach((resource, text) -> {
            String path = field + "." + resource;
            if (resource.isBlank()) {
                problems.add(new FieldError(path, text, "a resource needs a name"));
                return;
            }
            try {
                // toUnits refuses NaN and Infinity (not quantities), negatives, and amounts beyond a 64-bit integer.
                Quantities.toUnits(resource, text == null ? null : text.strip());
            } catch (IllegalArgumentException | ArithmeticException e) {
                problems.add(new FieldError(path, text, e.getMessage() == null ? "is not a quantity" : e.getMessage()));
            }
        });
    }

    private static void conditions(List<ClusterCondition> conditions, List<FieldError> problems) {
        Set<String> types = new HashSet<>();
        for (int i = 0; i < conditions.size(); i++) {
            ClusterCondition condition = conditions.get(i);
            String path = "conditions[" + i + "]";
            if (condition.getType().isBlank()) {
                problems.add(new FieldError(path + ".type", condition.getType(), "is required"));
            } else if (!types.add(condition.getType())) {
                problems.add(new FieldError(path + ".type", condition.getType(), "appears twice: which one holds is unknown"));
            }
            if (!CONDITION_STATUSES.contains(condition.getStatus())) {
                problems.add(new FieldError(path + ".status", condition.getStatus(), "must be True, False or Unknown"));
            }
        }
    }

    private static void taints(List<Taint> taints, List<FieldError> problems) {
        for (int i = 0; i < taints.size(); i++) {
            Taint taint = taints.get(i);
            String path = "taints[" + i + "]";
            if (taint.getKey().isBlank()) {
                problems.add(new FieldError(path + ".key", taint.getKey(), "is required"));
            }
            if (!EFFECTS.contains(taint.getEffect())) {
                problems.add(new FieldError(path + ".effect", taint.getEffect(), "must be NoSchedule, PreferNoSchedule or NoExecute"));
            }
        }
    }
}
