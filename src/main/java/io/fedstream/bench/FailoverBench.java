package io.fedstream.bench;

import io.fedstream.Fedstream;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.runtime.TemporaryDirectories;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * {@code fedstream bench failover}: the broker in its own JVM, N workloads with quotas that admit all, three clusters
 * of which the first holds half of the workloads ({@link BenchFleet#forFailover}), then two scenarios,
 * each with {@code fedstream run} in a fresh JVM: the first cluster fails alone (every command timed from FAILED, one
 * per workload, spread by free room), and the first two go silent together (the migration brake must hold).
 */
public final class FailoverBench {

    static final List<String> CLUSTERS = List.of("member1", "member2", "member3");
    /** The cluster that fails in the first scenario, holding half of the workloads. */
    static final String FAILING = CLUSTERS.get(0);
    private static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);

    private final FailoverBenchSettings settings;
    private final PrintWriter out;

    public FailoverBench(FailoverBenchSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
    }

    /** Runs both scenarios and prints the report; returns the process exit code (1 when a criterion fails). */
    public int run() throws IOException, InterruptedException {
        FedstreamConfig base = FedstreamConfig.of(settings.fedstreamSettings());
        BenchFleet fleet = BenchFleet.forFailover(settings.workloads(), settings.namespaces(), CLUSTERS);
        // Each cluster has room for the whole fleet, so the survivors can take all of the failed one's.
        Map<String, Map<String, String>> allocatable = new LinkedHashMap<>();
        CLUSTERS.forEach(cluster -> allocatable.put(cluster, fleet.clusterAllocatable()));
        FailoverReport report = new FailoverReport(settings, out);
        Path workDir = Files.createTempDirectory("fedstream-bench-failover-");
        boolean keep = true;
        report.starting(workDir);
        try (BenchEnvironment environment = BenchEnvironment.start(workDir)) {
            report.brokerStarted(environment.broker(), environment.bootstrapServers());
            Topics shared = Fedstream.create(base, environment.registry()).topics();
            int partitions = base.topicPartitions();
            environment.createTopics(List.of(
                    new NewTopic(shared.workloads().name(), partitions, (short) 1),
                    new NewTopic(shared.policies().name(), partitions, (short) 1)));
            report.policiesPublished(EndToEndBench.publishPolicies(environment, shared, fleet));
            report.workloadsPublished(fleet.size(), EndToEndBench.publishWorkloads(environment, shared, fleet));
            try (KafkaProducer<String, ClusterHealthEvent> healthProducer = new KafkaProducer<>(environment.producerProperties(),
                            shared.clusterHealth().keySerde().serializer(), shared.clusterHealth().valueSerde().serializer());
                    Heartbeats heartbeats = new Heartbeats(healthProducer, allocatable).start(HEARTBEAT_INTERVAL)) {
                FailoverRound round = new FailoverRound(environment, settings, heartbeats, allocatable);
                report.scenario("F1", "one cluster fails: " + FAILING + " stops heart-beating");
                FailoverRound.Result single = report.single(round.run("F1", List.of(FAILING)));
                List<String> pair = CLUSTERS.subList(0, 2);
                report.scenario("F2", "2 of 3 clusters go silent together: " + String.join(", ", pair));
                FailoverRound.Result mass = report.mass(round.run("F2", pair));
                int exitCode = report.summary(single, mass);
                keep = false;
                return exitCode;
            }
        } catch (RoundWatch.RoundFailedException e) {
            out.println();
            out.println("FAILED: " + e.getMessage());
            out.println("No summary: a scenario that does not complete has no numbers. Work directory kept: " + workDir);
            out.flush();
            return 1;
        } finally {
            if (!keep) {
                TemporaryDirectories.delete(workDir);
            }
        }
    }
}
