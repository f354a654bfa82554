package io.fedstream.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code fedstream get}: reads objects from a running fedstream's query API, as {@code kubectl get}. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = {
            "Shows objects from the query API of a running instance.",
            "",
            "Any instance answers for all of them. --server defaults to the address of `fedstream run --embedded`,"
                    + " which `fedstream demo` also takes when the port is free: http://127.0.0.1:8080."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get resourcebindings -n streaming",
            "  fedstream get quotas -n analytics",
            "  fedstream get clusters -o wide",
            "  fedstream get migrations -A"},
        subcommands = {GetResourceBindingsCommand.class, GetQuotasCommand.class, GetAggregatesCommand.class, GetClustersCommand.class,
            GetMigrationsCommand.class, GetPropagationPoliciesCommand.class, GetOverridePoliciesCommand.class,
            GetClusterPropagationPoliciesCommand.class, GetClusterOverridePoliciesCommand.class})
final class GetCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a resource type, e.g. `fedstream get resourcebindings`");
    }
}
