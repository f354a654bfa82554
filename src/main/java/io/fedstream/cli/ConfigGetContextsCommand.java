package io.fedstream.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code fedstream config get-contexts}: one row per context, the current one marked, as kubectl shows them. */
@Command(name = "get-contexts", mixinStandardHelpOptions = true,
        description = {"Lists the contexts."},
        footerHeading = "%nExamples:%n",
        footer = {"  fedstream config get-contexts"})
final class ConfigGetContextsCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        ContextFile.Config config = ContextFile.read(ContextFile.location(System.getenv()));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("CURRENT", "NAME", "BOOTSTRAP-SERVERS", "REGISTRY", "SERVER"));
        for (ContextFile.NamedContext named : config.contexts()) {
            ContextFile.Context context = named.context();
            rows.add(List.of(named.name().equals(config.currentContext()) ? "*" : "", named.name(), orDash(context.bootstrapServers()),
                    orDash(context.registry()), orDash(context.server())));
        }
        spec.commandLine().getOut().print(TextTable.render(rows));
        return 0;
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
