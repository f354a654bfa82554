package io.fedstream.cli;

import io.fedstream.Fedstream;
import io.fedstream.api.QueryServer;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.demo.DemoClusters;
import io.fedstream.demo.DemoFleet;
import io.fedstream.demo.FailoverClient;
import io.fedstream.demo.FailoverScene;
import io.fedstream.demo.FleetClient;
import io.fedstream.demo.QuotaScene;
import io.fedstream.demo.SceneManifests;
import io.fedstream.runtime.EmbeddedKafka;
import io.fedstream.runtime.ShutdownSignal;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.runtime.TemporaryDirectories;
import io.fedstream.serde.KafkaSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.apache.kafka.common.config.types.Password;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream demo}: an embedded broker, the topology and a sample fleet, with the resulting bindings on screen. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {
            "Runs everything on one machine: broker, topology, sample fleet.",
            "",
            "Starts an in-process Kafka broker (KRaft), a schema registry, the fedstream topology and a sample fleet of"
                    + " workloads (every supported kind, one unknown kind, one bad manifest) on three simulated clusters."
                    + " Prints the resulting bindings per template, shows a FederatedResourceQuota rejecting a workload and"
                    + " admitting it once another is deleted, then a cluster failing and its workloads moving (checkpoint,"
                    + " offsets, restart), live.",
            "",
            "Then it keeps running (until Ctrl-C or --duration) and prints how to go on from another terminal, with the"
                    + " addresses it chose: apply docs/examples/federatedresourcequota.yaml (a quota for namespace"
                    + " analytics) and docs/examples/flinkdeployment.yaml (a Flink job in it) with `fedstream apply -f FILE"
                    + " --bootstrap-servers HOST:PORT --registry URL`, then see them with `fedstream get quotas -n analytics`"
                    + " and `fedstream get resourcebindings -n analytics` (add --server URL when the query API is not on"
                    + " port 8080).",
            "",
            "Log lines go to a file, printed once as logs: PATH; --verbose shows them here too."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream demo --duration 30s",
            "  fedstream demo --kafka-port 0 --http-port 0 --verbose"})
final class DemoCommand implements Callable<Integer> {

    private static final Duration BINDINGS_TIMEOUT = Duration.ofSeconds(60);
    /** The ClusterPropagationPolicy that lets the sample fleet (and the quota scene and tour) run on any cluster. */
    static final String FLEET_POLICY = "ClusterPropagationPolicy//demo-fleet";
    private static final String FLEET_POLICY_RESOURCE = "/demo/fleet-policy.yaml";
    static final String TOUR_QUOTA = "docs/examples/federatedresourcequota.yaml";
    static final String TOUR_JOB = "docs/examples/flinkdeployment.yaml";
    static final String TOUR_NAMESPACE = "analytics";

    @Option(names = "--duration", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "Stop after this long (e.g. 30s, 5m); default: run until Ctrl-C.")
    private Duration duration;

    @Option(names = "--kafka-port", defaultValue = "0", paramLabel = "PORT",
            description = "Port of the embedded broker on 127.0.0.1; 0 picks a free one (default).")
    private int kafkaPort;

    @Option(names = "--http-port", defaultValue = "8080", paramLabel = "PORT",
            description = "Port of the query API on 127.0.0.1 (default ${DEFAULT-VALUE}); 0 picks a free one.")
    private int httpPort;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The demo must run anywhere: when the chosen port is taken, it serves on a free one instead. */
    private static QueryServer bindQueryServer(FedstreamConfig config, PrintWriter out) {
        try {
            return QueryServer.bind(config);
        } catch (UncheckedIOException taken) {
            out.printf("Port %d is taken; the query API uses a free port instead.%n", config.httpPort());
            return QueryServer.bind(config.httpHost(), 0, config.httpBearerToken().map(Password::value));
        }
    }

    /**
     * What fedstream placed on each cluster, read from the query API each heartbeat, for the simulated clusters to report
     * as allocated; nothing while the API does not answer yet (nothing is placed then either).
     */
    private static Supplier<Map<String, Map<String, String>>> placed(QueryClient api) {
        return () -> {
            try {
                return DemoClusters.placedFrom(api.get("/apis/aggregates"));
            } catch (QueryClient.QueryException notYet) {
                return Map.of();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Map.of();
            }
        };
    }

    /** How to go on from another terminal while the demo runs: the example quota and Flink job, then what fedstream made of them. */
    private static void printTour(PrintWriter out, String bootstrapServers, String registryUrl, String queryUrl, Path stateDir) {
        String fedstream = launcher();
        String target = " --bootstrap-servers " + bootstrapServers + " --registry " + registryUrl;
        Path workingDir = Path.of("").toAbsolutePath();
        out.println("Try it from another terminal while the demo runs: apply a quota and a Flink job, then see them.");
        out.println("  " + fedstream + " apply -f " + TourFiles.path(TOUR_QUOTA, workingDir, stateDir.resolve("tour")) + target);
        out.println("  " + fedstream + " apply -f " + TourFiles.path(TOUR_JOB, workingDir, stateDir.resolve("tour")) + target);
        out.println("  " + fedstream + " get quotas -n " + TOUR_NAMESPACE + " --server " + queryUrl);
        out.println("  " + fedstream + " get resourcebindings -n " + TOUR_NAMESPACE + " --server " + queryUrl);
    }

    /** The command that started this process, so that the printed commands paste as they are. */
    private static String launcher() {
        try {
            Path code = Path.of(DemoCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (code.getFileName().toString().endsWith(".jar")) {
                Path workingDir = Path.of("").toAbsolutePath();
                return "java -jar " + (code.startsWith(workingDir) ? workingDir.relativize(code) : code);
            }
        } catch (URISyntaxException | RuntimeException unknown) {
            // Fall through: name the command as the documentation does.
        }
        return "fedstream";
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path stateDir = Files.createTempDirectory("fedstream-demo");
        out.println("Starting an embedded Kafka broker (KRaft) ...");
        out.flush();
        try (ShutdownSignal signal = new ShutdownSignal();
                EmbeddedKafka kafka = EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(kafkaPort))) {
            out.printf("Kafka is up at %s (%d ms). Starting the fedstream topology ...%n",
                    kafka.bootstrapServers(), kafka.startupTime().toMillis());
            out.flush();
            Map<String, String> settings = new HashMap<>(DemoClusters.healthConfig());
            settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
            settings.put(FedstreamConfig.APPLICATION_ID, "fedstream-demo");
            settings.put(FedstreamConfig.STATE_DIR, stateDir.toString());
            settings.put(FedstreamConfig.HTTP_PORT, Integer.toString(httpPort));
            FedstreamConfig config = FedstreamConfig.of(settings);
            try (KafkaSchemaRegistry registry = Fedstream.embeddedRegistry(config);
                    Fedstream fedstream = Fedstream.create(config, registry);
                    RegistryHttpServer registryServer = RegistryHttpServer.start(registry, 0);
                    QueryServer api = bindQueryServer(config, out);
                    StreamsRunner runner = new StreamsRunner(fedstream, api.endpoint()).start(Duration.ofSeconds(60));
                    FleetClient fleet = new FleetClient(config, fedstream.topics());
                    FailoverClient failover = new FailoverClient(config, fedstream.topics());
                    DemoClusters clusters = DemoClusters.start(failover::heartbeat, DemoClusters.HEARTBEAT_INTERVAL,
                            placed(new QueryClient(URI.create("http://" + api.endpoint().host() + ":" + api.endpoint().port()),
                                    config.httpBearerToken().map(Password::value))))) {
                api.withMetrics(fedstream.metrics()).withProbes(RunCommand.probesOf(runner)).start(runner.streams(), runner.health(),
                        fedstream.topics().policies().valueSerde());
                out.printf("Live view on %s; Prometheus metrics on %smetrics.%n", api.url(), api.url());
                out.printf("Simulated clusters %s heart-beat on %s every %d s.%n", String.join(", ", DemoClusters.NAMES),
                        fedstream.topics().clusterHealth().name(), clusters.interval().toSeconds());
                DemoFleet sample = DemoFleet.load();
                // Without a policy nothing is placed (docs/placement.md): the sample fleet may run on any cluster.
                fleet.publishPolicies(Map.of(FLEET_POLICY, PolicyEvent.newBuilder().setOp(Op.UPSERT)
                        .setManifest(SceneManifests.read(FLEET_POLICY_RESOURCE).get(0)).setObservedAt(Instant.now())
                        .setSource("demo").build()));
                Map<String, WorkloadEvent> events = sample.upserts(Instant.now());
                fleet.publish(events);
                out.printf("Published %d workloads to %s. Waiting for their bindings ...%n",
                        events.size(), fedstream.topics().workloads().name());
                out.flush();
                Map<String, ResourceBinding> bindings = fleet.awaitBindings(sample.keys(), BINDINGS_TIMEOUT, signal);
                out.println();
                out.print(BindingTable.render(bindings.values()));
                out.println();
                out.printf("%d bindings on %s; dead letters on %s: %d.%n",
                        bindings.size(), fedstream.topics().bindings().name(),
                        fedstream.topics().deadLetters().name(), fleet.deadLetterCount());
                if (bindings.size() < events.size()) {
                    out.printf("Missing bindings for: %s%n", sample.keys().stream().filter(k -> !bindings.containsKey(k)).toList());
                    return 1;
                }
                out.println();
                if (!new QuotaScene(fleet, signal, out).play()) {
                    return 1;
                }
                out.println();
                if (!new FailoverScene(fleet, failover, clusters, signal, out).play()) {
                    return 1;
                }
                out.println();
                printTour(out, kafka.bootstrapServers(), registryServer.url(),
                        "http://" + api.endpoint().host() + ":" + api.endpoint().port(), stateDir);
                out.println();
                out.println(duration == null
                        ? "fedstream demo is running; press Ctrl-C to stop."
                        : "fedstream demo is running; it stops after " + duration.toString().substring(2).toLowerCase() + " (or Ctrl-C).");
                out.flush();
                signal.await(duration);
                out.println("Stopping ...");
                out.flush();
            }
        } finally {
            TemporaryDirectories.delete(stateDir);
        }
        out.println("Stopped cleanly.");
        return 0;
    }
}
