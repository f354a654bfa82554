package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fedstream.Fedstream;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.cli.Main;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.KafkaSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor as a real process ({@code fedstream executor}), killed with SIGKILL in the middle of a burst of 200
 * bindings and started again: every Deployment exists once on the cluster with its share's replicas, the mock API
 * server's request log has exactly one create and no update of each, and each copy is reported APPLIED exactly once.
 */
@ExtendWith(KafkaClusterExtension.class)
class ExecutorKillNineIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final int WORKLOADS = 200;
    private static final int KILL_AT = 100;
    private static final int NAMESPACES = 10;
    private static final String CLUSTER = "member1";

    @TempDir Path dir;

    @Test
    void killNineMidBurstLeavesEveryObjectOnceWithItsShareAndAppliesNothingTwice(SharedKafka kafka, KafkaTestNames names)
            throws Exception {
        Map<String, String> settings = settings(kafka, names);
        FedstreamConfig config = FedstreamConfig.of(settings);
        kafka.createTopics(2, config.topicNames().values().toArray(String[]::new));
        try (MockCluster cluster = new MockCluster(); KafkaSchemaRegistry registry = Fedstream.embeddedRegistry(config);
                RegistryHttpServer registryServer = RegistryHttpServer.start(registry, 0)) {
            Topics topics = Topics.of(config.topicNames(), new AvroSerdes(registry, AvroSerdeConfig.defaults()));
            Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), """
                    apiVersion: v1
                    kind: Config
                    clusters: [{name: mock, cluster: {server: "%s"}}]
                    users: [{name: tester, user: {token: test}}]
                    contexts: [{name: mock, context: {cluster: mock, user: tester}}]
                    current-context: mock
                    """.formatted(cluster.url()));
            Process first = startExecutor(settings, registryServer.url(), kubeconfig, dir.resolve("first.log"));
            Process second = null;
            try {
                awaitPrinted(dir.resolve("first.log"), "executor for cluster " + CLUSTER, first);
                CompletableFuture<Void> burst = CompletableFuture.runAsync(() -> publishBurst(config, topics));
                await("the first executor created " + KILL_AT + " Deployments", () -> creates(cluster).size() >= KILL_AT);
                first.destroyForcibly().waitFor();
                int createdBeforeKill = creates(cluster).size();
                burst.join();
                assertThat(createdBeforeKill).as("killed mid-burst").isLessThan(WORKLOADS);

                second = startExecutor(settings, registryServer.url(), kubeconfig, dir.resolve("second.log"));
                await("every Deployment created", () -> creates(cluster).size() >= WORKLOADS);
                Thread.sleep(3_000);
                List<WorkStatusEvent> reports = applied(config, topics);
                System.out.printf("ExecutorKillNineIT: killed after %d creates; %d requests in all%n", createdBeforeKill,
                        cluster.requests().size());

                List<Deployment> deployments = cluster.client().apps().deployments().inAnyNamespace().list().getItems();
                assertThat(deployments).hasSize(WORKLOADS)
                        .allSatisfy(d -> assertThat(d.getSpec().getReplicas()).as(d.getMetadata().getName()).isEqualTo(2));
                Map<String, Long> createsByPath = creates(cluster).stream().collect(Collectors.groupingBy(Function.identity(),
                        Collectors.counting()));
                assertThat(createsByPath).hasSize(WORKLOADS).allSatisfy((path, count) -> assertThat(count).as(path).isEqualTo(1));
                assertThat(cluster.requests()).as("no Deployment written a second time").noneMatch(request ->
                        (request.startsWith("PUT ") || request.startsWith("PATCH ")) && request.contains("/deployments/"));
                Map<String, Long> reportsByKey = reports.stream().collect(Collectors.groupingBy(WorkStatusEvent::getWorkloadKey,
                        Collectors.counting()));
                assertThat(reportsByKey).hasSize(WORKLOADS).allSatisfy((key, count) -> assertThat(count).as(key).isEqualTo(1));
                assertThat(second.isAlive()).as(Files.readString(dir.resolve("second.log"))).isTrue();
            } finally {
                first.destroyForcibly().waitFor();
                if (second != null) {
                    second.destroy();
                    second.waitFor();
                }
            }
        }
    }

    private static Map<String, String> settings(SharedKafka kafka, KafkaTestNames names) {
        Map<String, String> settings = new HashMap<>();
        settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        settings.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        settings.put(FedstreamConfig.SCHEMA_REGISTRY_TOPIC, names.topic("schemas"));
        for (FedstreamTopic topic : FedstreamTopic.values()) {
            settings.put(topic.configKey(), names.topic(topic.configKey().substring("topic.".length())));
        }
        return settings;
    }

    /** {@code fedstream executor} in its own JVM, on the test's class path, with its output in {@code log}. */
    private static Process startExecutor(Map<String, String> settings, String registryUrl, Path kubeconfig, Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "executor", "--cluster", CLUSTER,
                "--kubeconfig", kubeconfig.toString(), "--registry", registryUrl));
        settings.forEach((key, value) -> command.addAll(List.of("--set", key + "=" + value)));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /**
     * 200 Deployments of 3 replicas, each bound Divided 2/1 over member1 and member2, written as the engine writes them:
     * the workload event, then its admitted binding; in batches, so that the executor is killed while they arrive.
     */
    private static void publishBurst(FedstreamConfig config, Topics topics) {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties(), new StringSerializer(),
                new ByteArraySerializer())) {
            for (int i = 0; i < WORKLOADS; i++) {
                String namespace = "team-%02d".formatted(i % NAMESPACES);
                String name = "web-%03d".formatted(i);
                String key = "apps/Deployment/" + namespace + "/" + name;
                Instant observedAt = Instant.ofEpochMilli(1_796_500_000_000L + i);
                send(producer, topics.workloads(), key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(observedAt)
                        .setSource("fedstream apply").setManifest("""
                                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                                 "spec":{"replicas":3,"template":{"spec":{"containers":[{"name":"web","image":"shop/web:1",
                                 "resources":{"requests":{"cpu":"100m"}}}]}}}}""".formatted(name, namespace)).build());
                send(producer, topics.bindings(), key, binding(key, namespace, name, observedAt));
                if (i % 10 == 9) {
                    producer.flush();
                    Thread.sleep(40);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static ResourceBinding binding(String key, String namespace, String name, Instant observedAt) {
        Component main = Component.newBuilder().setName("main").setReplicas(3).setPerPod(Map.of("cpu", "100m"))
                .setTotal(Map.of("cpu", "300m")).build();
        return ResourceBinding.newBuilder().setWorkloadKey(key).setApiVersion("apps/v1").setKind("Deployment").setNamespace(namespace)
                .setName(name).setGeneration(1).setComponents(List.of(main)).setTotal(main.getTotal())
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(1L).build())
                .setPlacement(Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED).setDecidedBy("scheduler")
                        .setClusters(List.of(new ClusterTarget(CLUSTER, 2L, List.of()), new ClusterTarget("member2", 1L, List.of())))
                        .build())
                .setObservedAt(observedAt).setUpdatedAt(observedAt).build();
    }

    private static <V> void send(KafkaProducer<String, byte[]> producer, Topic<String, V> topic, String key, V value) {
        producer.send(new ProducerRecord<>(topic.name(), key, topic.valueSerde().serializer().serialize(topic.name(), value)));
    }

    /** The executor's reports that a copy is APPLIED, read to the end of the work-status topic. */
    private static List<WorkStatusEvent> applied(FedstreamConfig config, Topics topics) {
        try (TopicTail<WorkStatusEvent> tail = new TopicTail<>(config.consumerProperties(), topics.workStatus(), WAIT)) {
            List<WorkStatusEvent> all = new ArrayList<>();
            for (int quiet = 0; quiet < 10; quiet++) {
                int before = all.size();
                all = tail.values();
                quiet = all.size() == before ? quiet : 0;
            }
            return all.stream().filter(e -> e.getDispatch() != null && e.getDispatch().getState() == WorkState.APPLIED).toList();
        }
    }

    private static List<String> creates(MockCluster cluster) {
        return cluster.requests().stream().filter(r -> r.startsWith("POST ") && r.contains("/deployments")).toList();
    }

    private static void awaitPrinted(Path log, String text, Process process) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!(Files.exists(log) && Files.readString(log).contains(text))) {
            assertThat(process.isAlive()).as("the executor process is alive: %s", Files.exists(log) ? Files.readString(log) : "").isTrue();
            assertThat(System.nanoTime()).as("'%s' printed within %s", text, WAIT).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static void await(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within %s: %s", WAIT, what);
            }
            Thread.sleep(20);
        }
    }
}
