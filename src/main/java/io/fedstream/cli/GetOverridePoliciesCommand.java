package io.fedstream.cli;

import picocli.CommandLine.Command;

/** {@code fedstream get overridepolicies [NAME]}: the (Cluster)OverridePolicies fedstream has read, in force or refused. */
@Command(name = "overridepolicies", aliases = {"overridepolicy", "op"}, mixinStandardHelpOptions = true,
        description = {
            "Shows override policies.",
            "",
            "As the bind stage reads them from fedstream.policies: kind, namespace, name, how many resource selectors"
                    + " (all: none, so every resource in reach) and override rules, and whether the policy is in force; a"
                    + " refused one names its first problem (field, reason, value) and overrides nothing. -n NS: that"
                    + " namespace's OverridePolicies; -A: every OverridePolicy and every ClusterOverridePolicy."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get overridepolicies -A",
            "  fedstream get overridepolicies nginx -n default -o yaml",
            "  fedstream get overridepolicies -n payments --server http://127.0.0.1:8080 --token T"})
final class GetOverridePoliciesCommand extends PolicyGetCommand {

    GetOverridePoliciesCommand() {
        super(PolicyKind.OVERRIDE);
    }
}
