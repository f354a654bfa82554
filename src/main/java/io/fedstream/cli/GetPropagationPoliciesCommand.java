package io.fedstream.cli;

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
final class GetPropagationPoliciesCommand extends PolicyGetCommand {

    GetPropagationPoliciesCommand() {
        super(PolicyKind.PROPAGATION);
    }
}
