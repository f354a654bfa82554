package io.fedstream.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code fedstream get}: reads objects from a running fedstream's query API, as {@code kubectl get}. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = "Shows fedstream objects from the query API of a running instance (any instance answers for all).",
        subcommands = {GetResourceBindingsCommand.class, GetQuotasCommand.class, GetAggregatesCommand.class, GetClustersCommand.class,
            GetMigrationsCommand.class})
final class GetCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a resource type, e.g. `fedstream get resourcebindings`");
    }
}
