package io.fedstream.bench;

import io.fedstream.Fedstream;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
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
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.Callback;
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
            clusters.add("member-" + i);
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
                    Heartbeats heartbeats = new Heartbeats(healthProducer, clusters, fleet.clusterAllocatable())
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
        Map<String, String> policies = fleet.policies();
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, PolicyEvent> producer = new KafkaProducer<>(environment.producerProperties(),
                topics.policies().keySerde().serializer(), topics.policies().valueSerde().serializer())) {
            Instant now = Instant.now();
            policies.forEach((key, manifest) -> producer.send(new ProducerRecord<>(topics.policies().name(), key,
                    PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).setSource("bench").build()),
                    remember(failure)));
            producer.flush();
        }
        failIfAny(failure, "the policy events");
        report.policiesPublished(policies.size(), fleet);
    }

    private static Callback remember(AtomicReference<Exception> failure) {
        return (metadata, exception) -> {
            if (exception != null) {
                failure.compareAndSet(null, exception);
            }
        };
    }

    private static void failIfAny(AtomicReference<Exception> failure, String what) {
        if (failure.get() != null) {
            throw new IllegalStateException("producing " + what + " failed: " + failure.get().getMessage(), failure.get());
        }
    }

    private void publishWorkloads(BenchEnvironment environment, Topics topics, BenchFleet fleet, BenchReport report) {
        AtomicReference<Exception> failure = new AtomicReference<>();
        long start = System.nanoTime();
        try (KafkaProducer<String, WorkloadEvent> producer = new KafkaProducer<>(environment.producerProperties(),
                topics.workloads().keySerde().serializer(), topics.workloads().valueSerde().serializer())) {
            Instant now = Instant.now();
            fleet.forEachWorkload((key, manifest) -> producer.send(new ProducerRecord<>(topics.workloads().name(), key,
                    WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).setSource("bench").build()),
                    remember(failure)));
            producer.flush();
        }
        failIfAny(failure, "the workload events");
        report.workloadsPublished(fleet.size(), (System.nanoTime() - start) / 1e9);
    }
}
