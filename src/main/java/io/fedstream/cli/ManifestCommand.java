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
        List<ManifestSource> sources;
        ManifestRouter.Plan plan;
        try {
            config = kafka.config();
            sources = ManifestSource.read(file, System.in);
            // Checked before connecting, so that a bad set is refused whether or not a broker runs.
            plan = new ManifestRouter().plan(sources, op, Fedstream.extensionsFor(config));
        } catch (ConfigException e) {
            err.println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (InvalidCustomizationException e) {
            return refused(err, List.of(e.getMessage()));
        } catch (BadManifestsException e) {
            return refused(err, e.problems());
        }
        try (Fedstream fedstream = Fedstream.create(config)) {
            if (op == Op.UPSERT && plan.events().stream().anyMatch(e -> e.destination() == PlannedEvent.Destination.WORKLOADS)) {
                try {
                    // Interpreted again as the bind stage will: with the customizations published before this set.
                    plan = new ManifestRouter().plan(sources, op, PublishedInterpreterPolicies.on(Fedstream.extensionsFor(config),
                            config.consumerProperties(), fedstream.topics().policies(), config.kafkaBootstrapServers(),
                            ManifestPublisher.TIMEOUT));
                } catch (BadManifestsException e) {
                    return refused(err, e.problems());
                } catch (InvalidCustomizationException e) {
                    return refused(err, List.of(e.getMessage()));
                }
            }
            new ManifestPublisher(config, fedstream.topics()).publish(plan.events(), op, source, Instant.now());
            // After the publishing: a set refused whole was not "published anyway".
            plan.warnings().forEach(warning -> err.println("warning: " + warning));
            err.flush();
            plan.events().forEach(event -> out.println(event.displayName() + " " + verb));
        } catch (SchemaRegistryException e) {
            err.println("error: " + e.getMessage() + (e.isUnreachable()
                    ? " (is `fedstream run --embedded` running, or does --registry name the right registry?)" : ""));
            return 1;
        } catch (BadManifestsException e) {
            return refused(err, e.problems());
        } catch (ManifestPublisher.PublishException | PublishedInterpreterPolicies.ReadException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        out.flush();
        return 0;
    }

    private static int refused(PrintWriter err, List<String> problems) {
        problems.forEach(problem -> err.println("error: " + problem));
        err.println("error: nothing was published");
        return Main.BAD_INPUT;
    }
}
