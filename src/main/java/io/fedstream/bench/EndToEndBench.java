package io.fedstream.bench;

import io.fedstream.Fedstream;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.runtime.TemporaryDirectories;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * {@code fedstream bench}: the broker in its own JVM, N realistic workload events produced once, clusters
 * heart-beating, then interleaved rounds of the exactly-once pass-through app (A) and fedstream (B), each in a fresh
 * JVM from an empty state, and the report. Exits non-zero when a round does not complete or a healthy cluster was
 * suspected or a workload was migrated.
 */
public final class EndToEndBench {

    /** The steady state: from the completion of 10% of the items to that of 90%. */
    static final double STEADY_FROM = 0.1;
    static final double STEADY_TO = 0.9;

    private final BenchSettings settings;
    private final PrintWriter out;

    public EndToEndBench(BenchSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
    }

    /** Runs the benchmark and prints its report; returns the process exit code. */
    public int run() throws IOException, InterruptedException {
        FedstreamConfig base = FedstreamConfig.of(settings.fedstreamSettings());
        List<String> clusters = new ArrayList<>();
        for (int i = 1; i <= settings.clusters(); i++) {
            clusters.add("member" + i);
        }
        BenchFleet fleet = BenchFleet.of(settings.workloads(), settings.namespaces(), clusters);
        BenchReport report = new BenchReport(settings, out);
        Path workDir = Files.createTempDirectory("fedstream-bench-");
        boolean keep = true;
        report.starting(workDir);
        try (BenchEnvironment environment = BenchEnvironment.start(workDir)) {
            report.brokerStarted(environment.broker(), environment.bootstrapServers());
            Topics shared = Fedstream.create(base, environment.registry()).topics();
            int partitions = base.topicPartitions();
            environment.createTopics(List.of(
                    new NewTopic(shared.workloads().name(), partitions, (short) 1),
                    new NewTopic(shared.policies().name(), partitions, (short) 1)));
            publishPolicies(environment, shared, fleet, report);
            try (KafkaProducer<String, ClusterHealthEvent> healthProducer = new KafkaProducer<>(environment.producerProperties(),
                            shared.clusterHealth().keySerde().serializer(), shared.clusterHealth().valueSerde().serializer());
                    Heartbeats heartbeats = new Heartbeats(healthProducer, Heartbeats.alike(clusters, fleet.clusterAllocatable()))
                            .start(settings.heartbeatInterval())) {
                publishWorkloads(environment, shared, fleet, report);
                PassThroughRound passThrough = new PassThroughRound(environment, settings, shared.workloads().name(), partitions,
                        base.commitIntervalMs());
                FedstreamRound fedstream = new FedstreamRound(environment, settings, heartbeats);
                List<PassThroughRound.Result> as = new ArrayList<>();
                List<FedstreamRound.Result> bs = new ArrayList<>();
                for (int round = 1; round <= settings.rounds(); round++) {
                    as.add(report.round(passThrough.run(round)));
                    bs.add(report.round(fedstream.run(round)));
                }
                int exitCode = report.summary(as, bs);
                keep = false;
                return exitCode;
            }
        } catch (RoundWatch.RoundFailedException e) {
            out.println();
            out.println("FAILED: " + e.getMessage());
            out.println("No summary: a round that does not complete has no numbers. Work directory kept: " + workDir);
            out.flush();
            return 1;
        } finally {
            if (!keep) {
                TemporaryDirectories.delete(workDir);
            }
        }
    }

    private void publishPolicies(BenchEnvironment environment, Topics topics, BenchFleet fleet, BenchReport report) {
        report.policiesPublished(publishPolicies(environment, topics, fleet), fleet);
    }

    private void publishWorkloads(BenchEnvironment environment, Topics topics, BenchFleet fleet, BenchReport report) {
        report.workloadsPublished(fleet.size(), publishWorkloads(environment, topics, fleet));
    }

    /** Publishes the fleet's policies (quotas and propagation policies) as upserts; returns how many. */
    static int publishPolicies(BenchEnvironment environment, Topics topics, BenchFleet fleet) {
        Map<String, String> policies = fleet.policies();
        Instant now = Instant.now();
        publish(environment, topics.policies(), "the policy events", send -> policies.forEach((key, manifest) -> send.accept(key,
                PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).setSource("bench").build())));
        return policies.size();
    }

    /** Publishes the fleet's workloads as upserts; returns the seconds it took. */
    static double publishWorkloads(BenchEnvironment environment, Topics topics, BenchFleet fleet) {
        long start = System.nanoTime();
        Instant now = Instant.now();
        publish(environment, topics.workloads(), "the workload events", send -> fleet.forEachWorkload((key, manifest) -> send.accept(key,
                WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).setSource("bench").build())));
        return (System.nanoTime() - start) / 1e9;
    }

    /** Sends what {@code records} hands over to {@code topic} and waits for the broker; fails when one send failed. */
    private static <V> void publish(BenchEnvironment environment, Topic<String, V> topic, String what,
            Consumer<BiConsumer<String, V>> records) {
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, V> producer = new KafkaProducer<>(environment.producerProperties(),
                topic.keySerde().serializer(), topic.valueSerde().serializer())) {
            records.accept((key, value) -> producer.send(new ProducerRecord<>(topic.name(), key, value), (metadata, exception) -> {
                if (exception != null) {
                    failure.compareAndSet(null, exception);
                }
            }));
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("producing " + what + " failed: " + failure.get().getMessage(), failure.get());
        }
    }
}
