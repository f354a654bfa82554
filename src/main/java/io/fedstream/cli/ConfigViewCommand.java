package io.fedstream.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream config view}: prints the context file, tokens hidden unless {@code --raw}, as {@code kubectl config view}. */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = {"Prints the contexts.", "", "Tokens show as REDACTED unless --raw."},
        footerHeading = "%nExamples:%n",
        footer = {"  fedstream config view", "  fedstream config view --raw"})
final class ConfigViewCommand implements Callable<Integer> {

    private static final String REDACTED = "REDACTED";

    @Option(names = "--raw", description = "Print tokens as they are.")
    private boolean raw;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        ContextFile.Config config = ContextFile.read(ContextFile.location(System.getenv()));
        if (!raw) {
            config = new ContextFile.Config(config.apiVersion(), config.kind(), config.currentContext(), config.contexts().stream()
                    .map(named -> new ContextFile.NamedContext(named.name(), redacted(named.context()))).toList());
        }
        spec.commandLine().getOut().print(ContextFile.text(config));
        return 0;
    }

    private static ContextFile.Context redacted(ContextFile.Context context) {
        return new ContextFile.Context(context.bootstrapServers(), context.registry(), context.server(),
                context.token() == null ? null : REDACTED, context.certificateAuthority());
    }
}
