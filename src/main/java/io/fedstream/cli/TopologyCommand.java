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
            "Prints the Kafka Streams topology, as text or Mermaid.",
            "",
            "Prints the topology with the default topic names, as describe() text or a Mermaid diagram."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream topology --format mermaid",
            "  fedstream topology --write-docs topology-docs"})
final class TopologyCommand implements Callable<Integer> {

    enum Format { text, mermaid }

    @Option(names = "--format", defaultValue = "text", description = "text or mermaid (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Option(names = "--write-docs", paramLabel = "DIR",
            description = "Write " + TopologyDocs.TEXT_FILE + " and " + TopologyDocs.MERMAID_FILE + " into DIR instead of printing.")
    private Path docsDir;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        TopologyDescription description = describeDefaultTopology();
        if (docsDir != null) {
            Files.createDirectories(docsDir);
            Files.writeString(docsDir.resolve(TopologyDocs.TEXT_FILE), TopologyDocs.text(description));
            Files.writeString(docsDir.resolve(TopologyDocs.MERMAID_FILE), TopologyDocs.mermaid(description));
            spec.commandLine().getOut().println("wrote " + docsDir.resolve(TopologyDocs.TEXT_FILE) + " and "
                    + docsDir.resolve(TopologyDocs.MERMAID_FILE));
        } else {
            spec.commandLine().getOut().print(
                    format == Format.text ? TopologyDocs.text(description) : TopologyDocs.mermaid(description));
        }
        return 0;
    }

    /** The topology with default configuration, as documented in topology-docs/. */
    static TopologyDescription describeDefaultTopology() {
        return Fedstream.create(FedstreamConfig.of(Map.of()), new InProcessSchemaRegistry()).topology().describe();
    }
}
