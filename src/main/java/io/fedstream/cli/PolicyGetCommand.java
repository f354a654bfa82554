package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What {@code get propagationpolicies} and {@code get overridepolicies} share: policies as the query API shows them
 * (Karmada's object and whether it is in force), one table whatever the scope, whose KIND and NAMESPACE columns tell a
 * cluster-scoped policy apart.
 */
abstract class PolicyGetCommand extends NamespacedGetCommand<JsonNode> {

    private final String kind;
    private final String plural;
    private final PolicyTable.Columns columns;

    /** {@code plural} is also the API's path segment, e.g. {@code overridepolicies}. */
    PolicyGetCommand(String kind, String plural, PolicyTable.Columns columns) {
        this.kind = kind;
        this.plural = plural;
        this.columns = columns;
    }

    @Override
    final String kind() {
        return kind;
    }

    @Override
    final String plural() {
        return plural;
    }

    @Override
    final String resource() {
        return plural;
    }

    @Override
    final JsonNode fromJson(JsonNode object) {
        return object;
    }

    @Override
    final String table(List<JsonNode> policies, boolean wide, boolean allNamespaces) {
        return PolicyTable.render(policies, columns);
    }
}
