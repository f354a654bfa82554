package io.fedstream.cli;

import io.fedstream.Fedstream;
import io.fedstream.avro.Op;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.InvalidCustomizationException;
import io.fedstream.serde.SchemaRegistryException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.config.ConfigException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options and steps {@code apply} and {@code delete} share: read, check every document, connect, publish, report. */
final class ManifestCommand {

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "FILE|DIR|-",
            description = "YAML (several documents allowed) or JSON manifests; a directory reads its *.yaml, *.yml and"
                    + " *.json files in name order; - reads standard input.")
    private String file;

    @Mixin
    private KafkaOptions kafka;

    /**
     * Publishes every document with {@code op}, printing {@code <kind>.<group>/<name> <verb>} for each; exits 2
     * without publishing anything when a document or the configuration is bad, 1 when the registry or broker fails.
     */
    int run(Op op, String verb, CommandSpec spec) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String source = "fedstream " + spec.name();
        FedstreamConfig config;
        List<PlannedEvent> events;
        try {
            config = kafka.config();
            ManifestRouter.Plan plan = new ManifestRouter().plan(ManifestSource.read(file, System.in), op,
                    Fedstream.extensionsFor(config));
            plan.warnings().forEach(warning -> err.println("warning: " + warning));
            err.flush();
            events = plan.events();
        } catch (ConfigException e) {
            err.println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (InvalidCustomizationException e) {
            err.println("error: " + e.getMessage());
            err.println("error: nothing was published");
            return Main.BAD_INPUT;
        } catch (BadManifestsException e) {
            e.problems().forEach(problem -> err.println("error: " + problem));
            err.println("error: nothing was published");
            return Main.BAD_INPUT;
        }
        try (Fedstream fedstream = Fedstream.create(config)) {
            new ManifestPublisher(config, fedstream.topics()).publish(events, op, source, Instant.now());
        } catch (SchemaRegistryException e) {
            err.println("error: " + e.getMessage() + (e.isUnreachable()
                    ? " (is `fedstream run --embedded` running, or does --registry name the right registry?)" : ""));
            return 1;
        } catch (ManifestPublisher.PublishException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        events.forEach(event -> out.println(event.displayName() + " " + verb));
        out.flush();
        return 0;
    }
}
