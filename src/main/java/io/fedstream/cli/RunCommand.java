package io.fedstream.cli;

import io.fedstream.Fedstream;
import io.fedstream.api.QueryServer;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.runtime.EmbeddedKafka;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream run}: the topology against any Kafka and registry, or on the embedded broker. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {
            "Runs the fedstream topology until stopped (Ctrl-C). Configuration: --config FILE, then FEDSTREAM_*",
            "environment variables (FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS -> kafka.bootstrap.servers), then --set",
            "flags; `fedstream config` lists every key with its default.",
            "With --embedded it starts its own broker (127.0.0.1:9092 by default, key embedded.kafka.port) and an",
            "in-process schema registry served on http://127.0.0.1:8081 (key embedded.registry.port), with no sample",
            "data: publish manifests to it with `fedstream apply -f FILE`."})
final class RunCommand implements Callable<Integer> {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A properties file of fedstream keys.")
    private Path configFile;

    @Option(names = "--embedded", description = "Start an embedded Kafka broker and an in-process schema registry served over HTTP.")
    private boolean embedded;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override one configuration key (repeatable).")
    private Map<String, String> overrides = new LinkedHashMap<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        FedstreamConfig config = FedstreamConfig.load(configFile, System.getenv(), overrides);
        try (ShutdownSignal signal = new ShutdownSignal()) {
            if (!embedded) {
                return run(Fedstream.create(config), signal, out);
            }
            try (EmbeddedKafka kafka = EmbeddedKafka.start(
                    EmbeddedKafka.Options.defaults().withPort(config.embeddedKafkaPort()).withDataDir(config.stateDir().resolve("embedded-kafka")))) {
                out.printf("Embedded Kafka broker listening on %s (data in %s).%n", kafka.bootstrapServers(), kafka.dataDir());
                Map<String, String> embeddedOverrides = new LinkedHashMap<>(overrides);
                embeddedOverrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
                embeddedOverrides.put(FedstreamConfig.SCHEMA_REGISTRY_URL, "");
                FedstreamConfig embeddedConfig = FedstreamConfig.load(configFile, System.getenv(), embeddedOverrides);
                InProcessSchemaRegistry registry = new InProcessSchemaRegistry();
                try (RegistryHttpServer registryServer = serve(registry, config.embeddedRegistryPort())) {
                    out.printf("Embedded schema registry listening on %s (Confluent REST API; key embedded.registry.port).%n",
                            registryServer.url());
                    return run(Fedstream.create(embeddedConfig, registry), signal, out);
                }
            }
        }
    }

    private static RegistryHttpServer serve(InProcessSchemaRegistry registry, int port) {
        try {
            return RegistryHttpServer.start(registry, port);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve the embedded schema registry on 127.0.0.1:" + port + ": " + e.getMessage()
                    + " (set " + FedstreamConfig.EMBEDDED_REGISTRY_PORT + "; 0 picks a free port)", e);
        }
    }

    private static int run(Fedstream fedstream, ShutdownSignal signal, PrintWriter out) throws InterruptedException {
        FedstreamConfig config = fedstream.config();
        try (QueryServer api = QueryServer.bind(config);
                StreamsRunner runner = new StreamsRunner(fedstream, api.endpoint()).start(START_TIMEOUT)) {
            api.start(runner.streams(), runner.health());
            out.printf("fedstream is running: application.id=%s, Kafka at %s, schema registry %s.%n",
                    config.applicationId(), config.kafkaBootstrapServers(),
                    config.schemaRegistryUrl().orElse("in-process"));
            out.printf("Query API on http://%s:%d/apis/resourcebindings%s.%n", api.endpoint().host(), api.endpoint().port(),
                    config.httpBearerToken().isPresent() ? " (bearer token required)" : "");
            out.printf("Reading %s; writing %s and %s. Press Ctrl-C to stop.%n",
                    fedstream.topics().workloads().name(), fedstream.topics().bindings().name(), fedstream.topics().deadLetters().name());
            out.flush();
            while (!signal.poll(Duration.ofSeconds(1))) {
                if (runner.awaitStop(Duration.ZERO)) {
                    out.println("fedstream stopped: " + runner.failure());
                    out.flush();
                    return 1;
                }
            }
            out.println("Stopping ...");
            out.flush();
        }
        out.println("Stopped cleanly.");
        return 0;
    }
}
