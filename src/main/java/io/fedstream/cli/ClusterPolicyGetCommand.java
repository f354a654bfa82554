package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What {@code get clusterpropagationpolicies} and {@code get clusteroverridepolicies} share: a family's cluster-scoped
 * policies as the query API shows them (Karmada's object and whether it is in force), one table whatever the output.
 */
abstract class ClusterPolicyGetCommand extends ClusterScopedGetCommand {

    private final String kind;
    private final String plural;
    private final PolicyTable.Columns columns;

    /** {@code plural} is also the API's path segment, e.g. {@code clusteroverridepolicies}. */
    ClusterPolicyGetCommand(String kind, String plural, PolicyTable.Columns columns) {
        this.kind = kind;
        this.plural = plural;
        this.columns = columns;
    }

    @Override
    final String kind() {
        return kind;
    }

    @Override
    final String resource() {
        return plural;
    }

    @Override
    final String table(List<JsonNode> policies, boolean wide) {
        return PolicyTable.renderClusterScoped(policies, columns);
    }
}
