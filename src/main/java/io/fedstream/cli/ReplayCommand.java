package io.fedstream.cli;

import io.fedstream.Fedstream;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.replay.Replay;
import io.fedstream.replay.ReplayException;
import io.fedstream.replay.ReplaySummary;
import io.fedstream.runtime.TemporaryDirectories;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.streams.StreamsConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream replay}: runs the full topology offline over a JSON-lines script. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {
            "Runs the whole topology offline over a JSON-lines script.",
            "",
            "Runs the topology in-process (TopologyTestDriver, in-process registry) and prints every output record as"
                    + " {\"topic\",\"key\",\"value\",\"timestamp\",\"headers\"}. Input lines:"
                    + " {\"topic\",\"key\",\"value\",\"timestamp\"} or {\"advanceWallClockMs\": N}; docs/replay.md has the"
                    + " format."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream replay --input docs/examples/replay-workloads.jsonl",
            "  fedstream replay --input docs/examples/replay-admission.jsonl --output out.jsonl"})
final class ReplayCommand implements Callable<Integer> {

    @Option(names = {"-i", "--input"}, required = true, paramLabel = "FILE", description = "The script; - reads standard input.")
    private String input;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Where output lines go (default: standard output).")
    private Path output;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        // TopologyTestDriver runs the topology with one partition per topic: the namespace tasks and allocators too.
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of(FedstreamConfig.TOPIC_PARTITIONS, "1")), new InProcessSchemaRegistry());
        Path stateDir = Files.createTempDirectory("fedstream-replay");
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        try (Reader reader = openInput(); Writer writer = openOutput()) {
            ReplaySummary summary = new Replay(fedstream.topology(), fedstream.topics(), properties).run(reader, writer);
            spec.commandLine().getErr().println(summary);
            return 0;
        } catch (NoSuchFileException e) {
            spec.commandLine().getErr().println("error: no such file: " + e.getFile());
            return Main.BAD_INPUT;
        } catch (ReplayException e) {
            spec.commandLine().getErr().println("error: " + input + " " + e.getMessage());
            return Main.BAD_INPUT;
        } finally {
            TemporaryDirectories.delete(stateDir);
        }
    }

    private Reader openInput() throws IOException {
        return "-".equals(input)
                ? new InputStreamReader(System.in, StandardCharsets.UTF_8)
                : Files.newBufferedReader(Path.of(input), StandardCharsets.UTF_8);
    }

    private Writer openOutput() throws IOException {
        return output == null
                ? new NonClosingWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))
                : Files.newBufferedWriter(output, StandardCharsets.UTF_8);
    }

    /** Standard output must stay open after the replay. */
    private static final class NonClosingWriter extends java.io.FilterWriter {
        NonClosingWriter(Writer out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
