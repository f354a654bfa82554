package io.fedstream.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fedstream} command line: one sub-command per process or tool of DESIGN.md. */
@Command(
        name = "fedstream",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "The Kafka Streams brain of a multi-cluster Kubernetes fleet.",
        subcommands = {
            DemoCommand.class,
            RunCommand.class,
            ApplyCommand.class,
            DeleteCommand.class,
            GetCommand.class,
            InterpretCommand.class,
            ReplayCommand.class,
            TopologyCommand.class,
            ConfigCommand.class,
            BenchCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {

    /** Exit code for bad input (a manifest, a script, a flag): the user can fix it. */
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code, without exiting (for tests). */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs a command line with the given standard output and error (for tests). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        AvroTrust.configure();
        CommandLine commandLine = new CommandLine(new Main()).setOut(out).setErr(err);
        commandLine.setExecutionExceptionHandler((exception, line, parseResult) -> {
            line.getErr().println("error: " + exception.getMessage());
            return 1;
        });
        int exitCode = commandLine.execute(args);
        // Commands may print without a newline; nothing may be lost when main() exits right after.
        out.flush();
        err.flush();
        return exitCode;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
