package io.fedstream.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

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
            "  fedstream get migrations -A",
            "  fedstream get recommendations -n payments",
            "  fedstream get pp,cpp -A"},
        subcommands = {GetResourceBindingsCommand.class, GetClusterResourceBindingsCommand.class, GetQuotasCommand.class,
            GetAggregatesCommand.class, GetClustersCommand.class, GetMigrationsCommand.class, GetPropagationPoliciesCommand.class,
            GetOverridePoliciesCommand.class, GetClusterPropagationPoliciesCommand.class, GetClusterOverridePoliciesCommand.class, GetRecommendationsCommand.class})
final class GetCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "TYPE,TYPE...",
            description = "Several resource types at once, comma-separated (e.g. pp,cpp): each one's output in turn, as kubectl"
                    + " get shows them; the options after it go to each.")
    private String types;

    @CommandLine.Unmatched
    private List<String> options = new ArrayList<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (types == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "name a resource type, e.g. `fedstream get resourcebindings`");
        }
        Map<String, CommandLine> commands = spec.commandLine().getSubcommands();
        List<String> names = List.of(types.split(",", -1));
        for (String name : names) {
            if (!commands.containsKey(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "no resource type \"" + name + "\": one of "
                        + String.join(", ", spec.subcommands().values().stream().map(CommandLine::getCommandName).distinct().toList()));
            }
        }
        int exitCode = 0;
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                spec.commandLine().getOut().println();
            }
            exitCode = Math.max(exitCode, commands.get(names.get(i)).execute(options.toArray(String[]::new)));
        }
        return exitCode;
    }
}
