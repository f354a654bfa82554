package io.fedstream.cli;

import picocli.CommandLine.Command;

/** {@code fedstream get clusteroverridepolicies [NAME]}: the ClusterOverridePolicies fedstream has read, in force or refused. */
@Command(name = "clusteroverridepolicies", aliases = {"clusteroverridepolicy", "cop"}, mixinStandardHelpOptions = true,
        description = {
            "Shows cluster override policies.",
            "",
            "As the bind stage reads them from fedstream.policies: name, how many resource selectors (all: none, so every"
                    + " resource) and override rules, and whether the policy is in force; a refused one names its first"
                    + " problem (field, reason, value) and overrides nothing. `get overridepolicies -A` lists them beside"
                    + " the OverridePolicies."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get clusteroverridepolicies",
            "  fedstream get clusteroverridepolicies registry-mirror -o yaml",
            "  fedstream get clusteroverridepolicies --server http://127.0.0.1:8080 --token T"})
final class GetClusterOverridePoliciesCommand extends ClusterPolicyGetCommand {

    GetClusterOverridePoliciesCommand() {
        super(PolicyKind.CLUSTER_OVERRIDE);
    }
}
