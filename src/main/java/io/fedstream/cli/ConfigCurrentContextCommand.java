package io.fedstream.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code fedstream config current-context}: prints the current context's name, as kubectl does. */
@Command(name = "current-context", mixinStandardHelpOptions = true,
        description = {"Prints the current context's name."},
        footerHeading = "%nExamples:%n",
        footer = {"  fedstream config current-context"})
final class ConfigCurrentContextCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String current = ContextFile.read(ContextFile.location(System.getenv())).currentContext();
        if (current == null) {
            spec.commandLine().getErr().println("error: current-context is not set");
            return 1;
        }
        spec.commandLine().getOut().println(current);
        return 0;
    }
}
