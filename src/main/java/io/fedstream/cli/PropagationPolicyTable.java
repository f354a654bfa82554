package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.FieldError;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders propagation policies one row each: KIND, NAMESPACE ({@code -} for a cluster-scoped one), NAME, PRIORITY,
 * SCHEDULING (Karmada's replicaSchedulingType, Duplicated when unset), IN-FORCE and, for a refused one, its first PROBLEM.
 */
final class PropagationPolicyTable {

    private static final List<String> HEADER = List.of("KIND", "NAMESPACE", "NAME", "PRIORITY", "SCHEDULING", "IN-FORCE", "PROBLEM");

    private PropagationPolicyTable() {}

    static String render(List<JsonNode> policies) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (JsonNode policy : policies) {
            JsonNode spec = policy.path("spec");
            JsonNode problems = policy.at("/status/problems");
            rows.add(List.of(
                    policy.path("kind").asText(),
                    policy.at("/metadata/namespace").asText("-"),
                    policy.at("/metadata/name").asText(),
                    spec.path("priority").asText("0"),
                    spec.at("/placement/replicaScheduling/replicaSchedulingType").asText("Duplicated"),
                    policy.at("/status/inForce").asBoolean() ? "True" : "False",
                    problems.isEmpty() ? "-" : problem(problems.get(0))));
        }
        return TextTable.render(rows);
    }

    /** {@code field: reason (value: v)}, as every other refusal of fedstream reads. */
    private static String problem(JsonNode problem) {
        JsonNode value = problem.path("value");
        return new FieldError(problem.path("field").asText(), value.isNull() || value.isMissingNode() ? null : value.asText(),
                problem.path("reason").asText()).message();
    }
}
