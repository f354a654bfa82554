package io.fedstream.cli;

import io.fedstream.Fedstream;
import io.fedstream.api.Probes;
import io.fedstream.api.QueryServer;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.runtime.EmbeddedKafka;
import io.fedstream.runtime.HangingTransactions;
import io.fedstream.runtime.ShutdownSignal;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.serde.KafkaSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fedstream run}: the topology against any Kafka and registry, or on the embedded broker. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {
            "Runs the topology against any Kafka and registry until Ctrl-C.",
            "",
            "Configuration comes from --config FILE, then FEDSTREAM_* environment variables"
                    + " (FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS sets kafka.bootstrap.servers), then --set flags;"
                    + " `fedstream config` lists every key with its default.",
            "",
            "With --embedded it starts its own broker (127.0.0.1:9092 by default, key embedded.kafka.port) and the embedded schema"
                    + " registry (schemas in the broker's _schemas topic) served on http://127.0.0.1:8081 (key embedded.registry.port), with no sample data: publish"
                    + " manifests to it with `fedstream apply -f FILE`.",
            "",
            "It logs to standard output as a service does, one line per event: text, or JSON with --log-format json."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream run --bootstrap-servers kafka:9092 --registry http://registry:8081 --log-format json",
            "  fedstream run --config fedstream.properties --set application.id=fedstream-eu",
            "  fedstream run --embedded"})
final class RunCommand implements Callable<Integer> {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A properties file of fedstream keys.")
    private Path configFile;

    @Option(names = "--embedded", description = "Start an embedded Kafka broker and an in-process schema registry served over HTTP.")
    private boolean embedded;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override one configuration key (repeatable).")
    private Map<String, String> overrides = new LinkedHashMap<>();

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
            description = "Kafka brokers, as the other commands take them: --set kafka.bootstrap.servers=HOST:PORT. Not with --embedded.")
    private String bootstrapServers;

    @Option(names = "--registry", paramLabel = "URL",
            description = "A schema registry speaking the Confluent REST API: --set schema.registry.url=URL (default: one in this"
                    + " process, schemas in the broker's _schemas topic). Not with --embedded.")
    private String registry;

    @Spec
    private CommandSpec spec;

    /** A service's console is its log: every status line is an event, in the format {@code --log-format} chose. */
    private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);

    private final ShutdownSignal givenSignal;

    RunCommand() {
        this(null);
    }

    /** Test seam: stops when {@code signal} is requested instead of on Ctrl-C only. */
    RunCommand(ShutdownSignal signal) {
        this.givenSignal = signal;
    }

    @Override
    public Integer call() throws Exception {
        if (embedded && (bootstrapServers != null || registry != null)) {
            throw new ParameterException(spec.commandLine(),
                    "--embedded starts its own broker and registry; --bootstrap-servers and --registry name others");
        }
        FedstreamConfig config = config();
        try (ShutdownSignal signal = givenSignal != null ? givenSignal : new ShutdownSignal()) {
            if (!embedded) {
                LOG.info("Connecting to Kafka at {} and the schema registry {} ...", config.kafkaBootstrapServers(),
                        config.schemaRegistryUrl().orElse("embedded in this process (topic " + config.schemaRegistryTopic() + ")"));
                try (Fedstream fedstream = Fedstream.create(config)) {
                    return run(fedstream, signal);
                }
            }
            try (EmbeddedKafka kafka = EmbeddedKafka.start(
                    EmbeddedKafka.Options.defaults().withPort(config.embeddedKafkaPort()).withDataDir(config.stateDir().resolve("embedded-kafka")))) {
                LOG.info("Embedded Kafka broker listening on {} (data in {}).", kafka.bootstrapServers(), kafka.dataDir());
                Map<String, String> embeddedOverrides = new LinkedHashMap<>(overrides);
                embeddedOverrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
                embeddedOverrides.put(FedstreamConfig.SCHEMA_REGISTRY_URL, "");
                FedstreamConfig embeddedConfig = FedstreamConfig.load(configFile, System.getenv(), embeddedOverrides);
                // A broker that died mid-commit leaves transactions open that would block every start on its data.
                HangingTransactions.abortOlderThan(embeddedConfig.adminProperties(),
                        HangingTransactions.transactionTimeout(embeddedConfig.streamsProperties()));
                try (KafkaSchemaRegistry registry = Fedstream.embeddedRegistry(embeddedConfig);
                        RegistryHttpServer registryServer = serve(registry, config.embeddedRegistryPort())) {
                    LOG.info("Embedded schema registry listening on {} (Confluent REST API; key embedded.registry.port;"
                            + " schemas in topic {}).", registryServer.url(), embeddedConfig.schemaRegistryTopic());
                    return run(Fedstream.create(embeddedConfig, registry), signal);
                }
            }
        }
    }

    /** The current context, then --config, then FEDSTREAM_* variables, then --set, then --bootstrap-servers and --registry. */
    FedstreamConfig config() {
        return ClientSettings.ofProcess().kafkaConfig(configFile, KafkaOptions.withFlags(overrides, bootstrapServers, registry));
    }

    private static RegistryHttpServer serve(KafkaSchemaRegistry registry, int port) {
        try {
            return RegistryHttpServer.start(registry, port);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve the embedded schema registry on 127.0.0.1:" + port + ": " + e.getMessage()
                    + " (set " + FedstreamConfig.EMBEDDED_REGISTRY_PORT + "; 0 picks a free port)", e);
        }
    }

    /** {@code /healthz} and {@code /readyz} over the runner's liveness and readiness. */
    static Probes probesOf(StreamsRunner runner) {
        return new Probes(runner::alive, runner::ready, runner::state);
    }

    private static int run(Fedstream fedstream, ShutdownSignal signal) throws InterruptedException {
        FedstreamConfig config = fedstream.config();
        try (QueryServer api = QueryServer.bind(config);
                StreamsRunner runner = new StreamsRunner(fedstream, api.endpoint()).start(START_TIMEOUT)) {
            api.withMetrics(fedstream.metrics()).withProbes(probesOf(runner)).start(runner.streams(), runner.health(),
                    fedstream.topics().policies().valueSerde());
            LOG.info("fedstream is running: application.id={}, Kafka at {}, schema registry {}.",
                    config.applicationId(), config.kafkaBootstrapServers(),
                    config.schemaRegistryUrl().orElse("embedded (topic " + config.schemaRegistryTopic() + ")"));
            LOG.info("Query API on {}apis (kubectl --server {}){}; probes /healthz and /readyz.", api.url(),
                    api.url().substring(0, api.url().length() - 1), config.httpBearerToken().isPresent() ? " (bearer token required)" : "");
            LOG.info("Live view on {}; Prometheus metrics on {}metrics.", api.url(), api.url());
            LOG.info("Reading {}; writing {} and {}. Press Ctrl-C to stop.",
                    fedstream.topics().workloads().name(), fedstream.topics().bindings().name(), fedstream.topics().deadLetters().name());
            while (!signal.poll(Duration.ofSeconds(1))) {
                if (runner.awaitStop(Duration.ZERO)) {
                    LOG.error("fedstream stopped: {}", runner.stopReason());
                    return 1;
                }
            }
            LOG.info("Stopping ...");
        }
        LOG.info("Stopped cleanly.");
        return 0;
    }
}
