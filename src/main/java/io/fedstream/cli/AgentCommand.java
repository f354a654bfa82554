package io.fedstream.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fedstream.Fedstream;
import io.fedstream.agent.Agent;
import io.fedstream.agent.AgentSettings;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.runtime.ShutdownSignal;
import io.fedstream.usage.KafkaUsageSink;
import io.fedstream.usage.UsageReporter;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fedstream agent}: publishes one member cluster's workloads, heartbeats and workload status until Ctrl-C. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {
            "Publishes a member cluster's workloads, heartbeat and status.",
            "",
            "Watches the cluster with fabric8 informers and publishes every workload of a kind the interpreter knows and"
                    + " the cluster serves, as WorkloadEvent UPSERT/DELETE keyed group/kind/namespace/name (as apply keys"
                    + " it); the cluster's heartbeat (allocatable from Ready nodes, allocated from scheduled pods' requests)"
                    + " every --heartbeat; and workload status (Flink job state and last savepoint; offsets of consumers"
                    + " labelled fedstream.io/kafka-consumer); and every --usage-interval, what each workload's pods use per"
                    + " template, from the metrics API.",
            "",
            "Exit codes: 0 stopped by Ctrl-C, 1 cannot start (broker, registry, kubeconfig), 2 a bad flag."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream agent --cluster member1 --kubeconfig ~/.kube/member1.yaml",
            "  fedstream agent --cluster member2 --context member2 --heartbeat 5s --resync 10m --usage-interval 30s --label region=eu"
                    + " --taint maintenance=true:NoSchedule --apps-bootstrap-servers kafka-apps:9092"})
final class AgentCommand implements Callable<Integer> {

    @Mixin
    private ClusterOptions cluster;

    @Mixin
    private KafkaOptions kafka;

    @Option(names = "--heartbeat", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "How often the cluster's heartbeat and the consumers' offsets are published (default: ${DEFAULT-VALUE}).")
    private Duration heartbeat;

    @Option(names = "--resync", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "How often the informers re-deliver every object; only changes are published (default: ${DEFAULT-VALUE}).")
    private Duration resync;

    @Option(names = "--usage-interval", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How often pod usage is read from the cluster's metrics API (metrics.k8s.io) and published per workload"
                    + " and template on the workload-usage topic (default: ${DEFAULT-VALUE}).")
    private Duration usageInterval;

    @Option(names = "--label", paramLabel = "KEY=VALUE", description = "A label of the cluster, for policies' cluster selectors (repeatable).")
    private Map<String, String> labels = new LinkedHashMap<>();

    @Option(names = "--taint", paramLabel = "KEY[=VALUE]:EFFECT", description = "A taint of the cluster, e.g. maintenance=true:NoSchedule (repeatable).")
    private List<String> taints = new ArrayList<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        AgentSettings settings;
        KubernetesClient client;
        try {
            settings = new AgentSettings(cluster.cluster, heartbeat, resync, labels, AgentSettings.taints(taints));
            client = cluster.client();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        try (client) {
            return run(settings, client, out);
        }
    }

    private int run(AgentSettings settings, KubernetesClient client, PrintWriter out) throws InterruptedException {
        FedstreamConfig config = kafka.config();
        Fedstream fedstream = Fedstream.create(config);
        try (ShutdownSignal signal = new ShutdownSignal();
                Admin apps = cluster.appsAdmin(config);
                Agent agent = new Agent(client, config, fedstream.topics(), apps, settings, Clock.systemUTC()).start();
                KafkaUsageSink usageSink = new KafkaUsageSink(config, fedstream.topics().workloadUsage(), settings.cluster());
                UsageReporter usage = new UsageReporter(client, settings.cluster(), usageInterval, usageSink, Clock.systemUTC()).start()) {
            out.printf("agent for cluster %s on %s publishing to %s every %s; Ctrl-C stops it%n", settings.cluster(),
                    client.getMasterUrl(), config.kafkaBootstrapServers(), heartbeat);
            out.flush();
            signal.await(null);
        }
        return 0;
    }
}
