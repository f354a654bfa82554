package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What {@code get clusterpropagationpolicies} and {@code get clusteroverridepolicies} share: a family's cluster-scoped
 * policies as the query API shows them (Karmada's object and whether it is in force), one table whatever the output.
 */
abstract class ClusterPolicyGetCommand extends ClusterScopedGetCommand {

    private final PolicyKind policies;

    ClusterPolicyGetCommand(PolicyKind policies) {
        this.policies = policies;
    }

    @Override
    final String kind() {
        return policies.name();
    }

    @Override
    final KubeResource resource() {
        return policies.resource();
    }

    @Override
    final String table(List<JsonNode> found, boolean wide) {
        return PolicyTable.renderClusterScoped(found, policies.columns());
    }
}
