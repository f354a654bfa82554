package io.fedstream.cli;

import io.fedstream.runtime.ShutdownSignal;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fedstream} command line: one sub-command per process or tool of DESIGN.md. */
@Command(
        name = "fedstream",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "The Kafka Streams brain of a multi-cluster Kubernetes fleet: it interprets every pod template of a workload,"
                    + " admits workloads against FederatedResourceQuotas, places them on member clusters, and moves them,"
                    + " with their state, off a cluster that fails.",
            "",
            "Start with `fedstream demo`: it needs no set-up. `fedstream COMMAND --help` documents each command."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream demo --duration 30s",
            "  fedstream interpret -f docs/examples/flinkdeployment.yaml -o yaml",
            "  fedstream run --embedded"},
        subcommands = {
            DemoCommand.class,
            RunCommand.class,
            ApplyCommand.class,
            DeleteCommand.class,
            AgentCommand.class,
            ExecutorCommand.class,
            GetCommand.class,
            WaitCommand.class,
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
        ShutdownSignal.handleTerminationSignals();
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(execute(new PrintWriter(System.out, true), err, CommandLogging.forProcess(err), args));
    }

    /** Runs a command line and returns its exit code, without exiting or touching the host's logging (for tests). */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs a command line with the given standard output and error, leaving the host's logging as it is (for tests). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(out, err, CommandLogging.unchanged(), args);
    }

    private static int execute(PrintWriter out, PrintWriter err, CommandLogging logging, String... args) {
        AvroTrust.configure();
        CommandLine commandLine = commandLine().setOut(out).setErr(err);
        commandLine.setExecutionStrategy(parseResult -> {
            logging.route(parseResult);
            return new CommandLine.RunLast().execute(parseResult);
        });
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

    /** Every command with its options, as {@code fedstream} parses them. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Main());
        CommandLogging.addOptions(commandLine);
        headings(commandLine);
        return commandLine;
    }

    /** Sets the options and the sub-commands of every command apart from its description, under a heading. */
    private static void headings(CommandLine command) {
        command.getCommandSpec().usageMessage().optionListHeading("%nOptions:%n").commandListHeading("%nCommands:%n");
        command.getSubcommands().values().forEach(Main::headings);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
