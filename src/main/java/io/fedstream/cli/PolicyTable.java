package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Renders policies one row each: KIND, NAMESPACE ({@code -} for a cluster-scoped one), NAME, the columns of the
 * policy's family, IN-FORCE and, for a refused one, its first PROBLEM; a list of one scope's and kind's policies
 * without KIND and NAMESPACE.
 */
final class PolicyTable {

    /** A family's own columns: their headers, and a policy's cells from its {@code spec}. */
    record Columns(List<String> headers, Function<JsonNode, List<String>> cells) {
    }

    /** PRIORITY, and SCHEDULING: Karmada's replicaSchedulingType, Duplicated when unset. */
    static final Columns PROPAGATION = new Columns(List.of("PRIORITY", "SCHEDULING"), spec -> List.of(
            spec.path("priority").asText("0"),
            spec.at("/placement/replicaScheduling/replicaSchedulingType").asText("Duplicated")));

    /**
     * SELECTORS: how many resource selectors, {@code all} when none (Karmada then overrides every resource in reach);
     * RULES: how many override rules, the deprecated {@code targetCluster}/{@code overriders} pair counting as one.
     */
    static final Columns OVERRIDE = new Columns(List.of("SELECTORS", "RULES"), spec -> List.of(
            spec.path("resourceSelectors").isEmpty() ? "all" : Integer.toString(spec.path("resourceSelectors").size()),
            Integer.toString(!spec.path("overrideRules").isEmpty() ? spec.path("overrideRules").size()
                    : spec.has("overriders") ? 1 : 0)));

    private PolicyTable() {}

    static String render(List<JsonNode> policies, Columns columns) {
        return render(policies, columns, true);
    }

    /** Cluster-scoped policies of one kind: their kind and namespace go without saying. */
    static String renderClusterScoped(List<JsonNode> policies, Columns columns) {
        return render(policies, columns, false);
    }

    private static String render(List<JsonNode> policies, Columns columns, boolean kindAndNamespace) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(kindAndNamespace ? List.of("KIND", "NAMESPACE", "NAME") : List.of("NAME"));
        header.addAll(columns.headers());
        header.addAll(List.of("IN-FORCE", "PROBLEM"));
        rows.add(header);
        for (JsonNode policy : policies) {
            JsonNode problems = policy.at("/status/problems");
            List<String> row = new ArrayList<>(kindAndNamespace
                    ? List.of(policy.path("kind").asText(), policy.at("/metadata/namespace").asText("-"), policy.at("/metadata/name").asText())
                    : List.of(policy.at("/metadata/name").asText()));
            row.addAll(columns.cells().apply(policy.path("spec")));
            row.add(policy.at("/status/inForce").asBoolean() ? "True" : "False");
            row.add(problems.isEmpty() ? "-" : problem(problems.get(0)));
            rows.add(row);
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
