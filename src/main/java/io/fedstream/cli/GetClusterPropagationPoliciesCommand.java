package io.fedstream.cli;

import picocli.CommandLine.Command;

/** {@code fedstream get clusterpropagationpolicies [NAME]}: the ClusterPropagationPolicies fedstream has read, in force or refused. */
@Command(name = "clusterpropagationpolicies", aliases = {"clusterpropagationpolicy", "cpp"}, mixinStandardHelpOptions = true,
        description = {
            "Shows cluster propagation policies.",
            "",
            "As the placing stages read them from fedstream.policies: name, priority, replica scheduling, and whether the"
                    + " policy is in force; a refused one names its first problem (field, reason, value) and governs no"
                    + " workload. `get propagationpolicies -A` lists them beside the PropagationPolicies."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get clusterpropagationpolicies",
            "  fedstream get clusterpropagationpolicies demo-fleet -o yaml",
            "  fedstream get clusterpropagationpolicies --server http://127.0.0.1:8080 --token T"})
final class GetClusterPropagationPoliciesCommand extends ClusterPolicyGetCommand {

    GetClusterPropagationPoliciesCommand() {
        super(PolicyKind.CLUSTER_PROPAGATION);
    }
}
