package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of a policy's row, read from the object the API shows: its family's own (PRIORITY and SCHEDULING for
 * propagation, SELECTORS and RULES for override), then IN-FORCE and, for a refused policy, its first PROBLEM.
 */
public final class PolicyColumns {

    /** A family's own columns: their headers, and a policy's cells from its {@code spec}. */
    public record Family(List<String> headers, Function<JsonNode, List<String>> cells) {
    }

    /** PRIORITY, and SCHEDULING: Karmada's replicaSchedulingType, Duplicated when unset. */
    public static final Family PROPAGATION = new Family(List.of("PRIORITY", "SCHEDULING"), spec -> List.of(
            spec.path("priority").asText("0"),
            spec.at("/placement/replicaScheduling/replicaSchedulingType").asText("Duplicated")));

    /**
     * SELECTORS: how many resource selectors, {@code all} when none (Karmada then overrides every resource in reach);
     * RULES: how many override rules, the deprecated {@code targetCluster}/{@code overriders} pair counting as one.
     */
    public static final Family OVERRIDE = new Family(List.of("SELECTORS", "RULES"), spec -> List.of(
            spec.path("resourceSelectors").isEmpty() ? "all" : Integer.toString(spec.path("resourceSelectors").size()),
            Integer.toString(!spec.path("overrideRules").isEmpty() ? spec.path("overrideRules").size()
                    : spec.has("overriders") ? 1 : 0)));

    private PolicyColumns() {}

    /** A family's table columns for kubectl: the name, the family's own, in force, and the first problem. */
    static List<TableColumn> of(Family family) {
        List<TableColumn> columns = new ArrayList<>();
        columns.add(TableColumn.name("The policy's name."));
        for (int i = 0; i < family.headers().size(); i++) {
            int index = i;
            String header = family.headers().get(i);
            columns.add(TableColumn.text(header.charAt(0) + header.substring(1).toLowerCase(), "",
                    (policy, now) -> family.cells().apply(policy.path("spec")).get(index)));
        }
        columns.add(TableColumn.text("In-Force", "Whether fedstream holds the policy in force.", (policy, now) -> inForce(policy)));
        columns.add(TableColumn.text("Problem", "Why a refused policy is refused: its first problem.", (policy, now) -> problem(policy)));
        return columns;
    }

    public static String inForce(JsonNode policy) {
        return policy.at("/status/inForce").asBoolean() ? "True" : "False";
    }

    /** {@code field: reason (value: v)} of the first problem, as every other refusal of fedstream reads; {@code -} when none. */
    public static String problem(JsonNode policy) {
        JsonNode problems = policy.at("/status/problems");
        if (problems.isEmpty()) {
            return "-";
        }
        JsonNode problem = problems.get(0);
        JsonNode value = problem.path("value");
        return new FieldError(problem.path("field").asText(), value.isNull() || value.isMissingNode() ? null : value.asText(),
                problem.path("reason").asText()).message();
    }
}
