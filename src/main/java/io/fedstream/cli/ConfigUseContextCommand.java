package io.fedstream.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code fedstream config use-context NAME}: makes a context the current one, as {@code kubectl config use-context}. */
@Command(name = "use-context", mixinStandardHelpOptions = true,
        description = {"Makes a context the current one.", "", "Every command then reads its settings; flags and environment variables still win."},
        footerHeading = "%nExamples:%n",
        footer = {"  fedstream config use-context local"})
final class ConfigUseContextCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "NAME", description = "A context set with `fedstream config set-context`.")
    private String name;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path file = ContextFile.location(System.getenv());
        ContextFile.Config config = ContextFile.read(file);
        if (config.context(name).isEmpty()) {
            spec.commandLine().getErr().println("error: no context exists with the name: \"" + name + "\" in " + file
                    + (config.contexts().isEmpty() ? "" : " (contexts: " + String.join(", ",
                            config.contexts().stream().map(ContextFile.NamedContext::name).toList()) + ")"));
            return 1;
        }
        ContextFile.write(file, config.withCurrent(name));
        spec.commandLine().getOut().println("Switched to context \"" + name + "\".");
        return 0;
    }
}
