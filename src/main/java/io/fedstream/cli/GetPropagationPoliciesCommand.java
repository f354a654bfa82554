package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code fedstream get propagationpolicies [NAME]}: the (Cluster)PropagationPolicies fedstream has read, in force or refused. */
@Command(name = "propagationpolicies", aliases = {"propagationpolicy", "pp"}, mixinStandardHelpOptions = true,
        description = {
            "Shows propagation policies.",
            "",
            "As the placing stages read them from fedstream.policies: kind, namespace, name, priority, replica scheduling,"
                    + " and whether the policy is in force; a refused one names its first problem (field, reason, value) and"
                    + " governs no workload. -n NS: that namespace's PropagationPolicies; -A: every PropagationPolicy and"
                    + " every ClusterPropagationPolicy."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get propagationpolicies -A",
            "  fedstream get propagationpolicies payments -n payments -o yaml",
            "  fedstream get propagationpolicies -n payments -o wide --server http://127.0.0.1:8080 --token T"})
final class GetPropagationPoliciesCommand extends NamespacedGetCommand<JsonNode> {

    @Override
    String kind() {
        return "propagationpolicy";
    }

    @Override
    String plural() {
        return "propagationpolicies";
    }

    @Override
    String resource() {
        return "propagationpolicies";
    }

    @Override
    JsonNode fromJson(JsonNode object) {
        return object;
    }

    /** One table whatever the scope: its KIND and NAMESPACE columns tell a ClusterPropagationPolicy apart. */
    @Override
    String table(List<JsonNode> policies, boolean wide, boolean allNamespaces) {
        return PropagationPolicyTable.render(policies);
    }
}
