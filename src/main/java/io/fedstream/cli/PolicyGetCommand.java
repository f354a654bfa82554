package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What {@code get propagationpolicies} and {@code get overridepolicies} share: policies as the query API shows them
 * (Karmada's object and whether it is in force), one table whatever the scope, whose KIND and NAMESPACE columns tell a
 * cluster-scoped policy apart.
 */
abstract class PolicyGetCommand extends NamespacedGetCommand<JsonNode> {

    private final PolicyKind policies;

    PolicyGetCommand(PolicyKind policies) {
        this.policies = policies;
    }

    @Override
    final String kind() {
        return policies.name();
    }

    @Override
    final String plural() {
        return policies.plural();
    }

    @Override
    final KubeResource resource() {
        return policies.resource();
    }

    /** Every namespace's policies of the kind, and the family's cluster-scoped ones. */
    @Override
    final List<String> everyNamespace() {
        return List.of(policies.resource().all(), policies.clusterScoped().all());
    }

    @Override
    final JsonNode fromJson(JsonNode object) {
        return object;
    }

    @Override
    final String table(List<JsonNode> found, boolean wide, boolean allNamespaces) {
        return PolicyTable.render(found, policies.columns());
    }
}
