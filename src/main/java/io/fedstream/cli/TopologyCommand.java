package io.fedstream.cli;

import io.fedstream.Fedstream;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.streams.TopologyDescription;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream topology}: prints the topology, or writes topology-docs/. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {
            "Prints the Kafka Streams topologies, as text or Mermaid.",
            "",
            "Prints, with the default topic names, as describe() text or a Mermaid diagram: the workload client's topology,"
                    + " then the health client's (the cluster watch, on its own stream thread)."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream topology --format mermaid",
            "  fedstream topology --write-docs topology-docs"})
final class TopologyCommand implements Callable<Integer> {

    enum Format { text, mermaid }

    @Option(names = "--format", defaultValue = "text", description = "text or mermaid (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Option(names = "--write-docs", paramLabel = "DIR",
            description = "Write " + TopologyDocs.TEXT_FILE + ", " + TopologyDocs.MERMAID_FILE + ", " + TopologyDocs.HEALTH_TEXT_FILE
                    + " and " + TopologyDocs.HEALTH_MERMAID_FILE + " into DIR instead of printing.")
    private Path docsDir;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        TopologyDescription description = describeDefaultTopology();
        TopologyDescription health = describeHealthTopology();
        if (docsDir != null) {
            Files.createDirectories(docsDir);
            Files.writeString(docsDir.resolve(TopologyDocs.TEXT_FILE), TopologyDocs.text(description));
            Files.writeString(docsDir.resolve(TopologyDocs.MERMAID_FILE), TopologyDocs.mermaid(description));
            Files.writeString(docsDir.resolve(TopologyDocs.HEALTH_TEXT_FILE), TopologyDocs.text(health));
            Files.writeString(docsDir.resolve(TopologyDocs.HEALTH_MERMAID_FILE), TopologyDocs.mermaid(HEALTH_TITLE, health));
            spec.commandLine().getOut().println("wrote " + TopologyDocs.TEXT_FILE + ", " + TopologyDocs.MERMAID_FILE + ", "
                    + TopologyDocs.HEALTH_TEXT_FILE + " and " + TopologyDocs.HEALTH_MERMAID_FILE + " in " + docsDir);
        } else if (format == Format.text) {
            spec.commandLine().getOut().print("Workload client:\n" + TopologyDocs.text(description)
                    + "\nHealth client:\n" + TopologyDocs.text(health));
        } else {
            spec.commandLine().getOut().print(TopologyDocs.mermaid(description) + "\n" + TopologyDocs.mermaid(HEALTH_TITLE, health));
        }
        return 0;
    }

    static final String HEALTH_TITLE = "fedstream topology (health client)";

    /** The workload client's topology with default configuration, as documented in topology-docs/. */
    static TopologyDescription describeDefaultTopology() {
        return defaults().workloadTopology().describe();
    }

    /** The health client's topology with default configuration, as documented in topology-docs/. */
    static TopologyDescription describeHealthTopology() {
        return defaults().healthTopology().describe();
    }

    private static Fedstream defaults() {
        return Fedstream.create(FedstreamConfig.of(Map.of()), new InProcessSchemaRegistry());
    }
}
