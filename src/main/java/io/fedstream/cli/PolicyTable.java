package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.PolicyColumns;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders policies one row each: KIND, NAMESPACE ({@code -} for a cluster-scoped one), NAME, the columns of the
 * policy's family, IN-FORCE and, for a refused one, its first PROBLEM; a list of one scope's and kind's policies
 * without KIND and NAMESPACE.
 */
final class PolicyTable {

    private PolicyTable() {}

    static String render(List<JsonNode> policies, PolicyColumns.Family columns) {
        return render(policies, columns, true);
    }

    /** Cluster-scoped policies of one kind: their kind and namespace go without saying. */
    static String renderClusterScoped(List<JsonNode> policies, PolicyColumns.Family columns) {
        return render(policies, columns, false);
    }

    private static String render(List<JsonNode> policies, PolicyColumns.Family columns, boolean kindAndNamespace) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(kindAndNamespace ? List.of("KIND", "NAMESPACE", "NAME") : List.of("NAME"));
        header.addAll(columns.headers());
        header.addAll(List.of("IN-FORCE", "PROBLEM"));
        rows.add(header);
        for (JsonNode policy : policies) {
            List<String> row = new ArrayList<>(kindAndNamespace
                    ? List.of(policy.path("kind").asText(), policy.at("/metadata/namespace").asText("-"), policy.at("/metadata/name").asText())
                    : List.of(policy.at("/metadata/name").asText()));
            row.addAll(columns.cells().apply(policy.path("spec")));
            row.add(PolicyColumns.inForce(policy));
            row.add(PolicyColumns.problem(policy));
            rows.add(row);
        }
        return TextTable.render(rows);
    }
}
