package io.fedstream.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fedstream config set-context NAME}: creates a context or changes the settings given, as {@code kubectl config set-context}. */
@Command(name = "set-context", mixinStandardHelpOptions = true,
        description = {
            "Sets a context's connection settings.",
            "",
            "Creates the context NAME, or changes the settings given and keeps the others. --current also makes it the"
                    + " current context; the first context set becomes current by itself."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream config set-context local --bootstrap-servers 127.0.0.1:9092 --registry http://127.0.0.1:8081 --server http://127.0.0.1:8080",
            "  fedstream config set-context prod --server https://fedstream.example.com --token T --certificate-authority ca.pem --current"})
final class ConfigSetContextCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "NAME", description = "The context's name.")
    private String name;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT", description = "Kafka brokers.")
    private String bootstrapServers;

    @Option(names = "--registry", paramLabel = "URL", description = "Schema registry speaking the Confluent REST API.")
    private String registry;

    @Option(names = "--server", paramLabel = "URL", description = "The query API of any fedstream instance.")
    private String server;

    @Option(names = "--token", paramLabel = "TOKEN", description = "Bearer token of the query API.")
    private String token;

    @Option(names = "--certificate-authority", paramLabel = "FILE",
            description = "PEM file of the authority that signed an https:// query API's certificate.")
    private String certificateAuthority;

    @Option(names = "--current", description = "Also make it the current context.")
    private boolean current;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path file = ContextFile.location(System.getenv());
        ContextFile.Config config = ContextFile.read(file).withContext(name, new ContextFile.Context(bootstrapServers, registry, server,
                token, certificateAuthority == null ? null : Path.of(certificateAuthority).toAbsolutePath().toString()));
        if (current || config.currentContext() == null) {
            config = config.withCurrent(name);
        }
        ContextFile.write(file, config);
        spec.commandLine().getOut().println("Context \"" + name + "\" set in " + file
                + (name.equals(config.currentContext()) ? "; it is the current context." : "."));
        return 0;
    }
}
