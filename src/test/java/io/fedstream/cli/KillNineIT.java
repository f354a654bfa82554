package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.interpret.Resources;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.KafkaSchemaRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two instances, one of them a {@code fedstream run} process killed with SIGKILL mid-burst: every workload ends with
 * one binding, no admission decision is doubled, and every quota's usage is exactly the sum of its admitted charges.
 */
@ExtendWith(KafkaClusterExtension.class)
class KillNineIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final Duration QUIET = Duration.ofSeconds(5);
    private static final long SEED = 20261201L;
    private static final int NAMESPACES = 10;
    private static final int WORKLOADS = 2_000;
    private static final int KILL_AT = 1_000;
    private static final int BATCH = 50;
    private static final String QUOTA = "quota";
    private static final Map<String, String> HARD = Map.of("cpu", "40", "memory", "80Gi");

    @TempDir Path dir;

    @Test
    void killNineOfAnInstanceMidBurstLeavesOneBindingPerWorkloadNoDoubledDecisionAndExactQuotas(SharedKafka kafka,
            KafkaTestNames names) throws Exception {
        Map<String, String> settings = settings(kafka, names);
        Path childLog = dir.resolve("child.log");
        Process child = startChild(settings, dir.resolve("state-child"), childLog);
        FedstreamConfig config = config(settings, dir.resolve("state-in-jvm"));
        try (KafkaSchemaRegistry registry = Fedstream.embeddedRegistry(config)) {
            awaitPrinted(childLog, "fedstream is running", child);
            try (AppInstance instance = AppInstance.start(config, registry)) {
                awaitTwoClients(instance);
                Topics topics = instance.fedstream().topics();
                try (Outputs outputs = new Outputs(config, topics);
                        KafkaProducer<String, PolicyEvent> policies = new KafkaProducer<>(config.producerProperties(),
                                new StringSerializer(), topics.policies().valueSerde().serializer());
                        KafkaProducer<String, WorkloadEvent> workloads = new KafkaProducer<>(config.producerProperties(),
                                new StringSerializer(), topics.workloads().valueSerde().serializer())) {
                    for (int n = 0; n < NAMESPACES; n++) {
                        policies.send(new ProducerRecord<>(topics.policies().name(), "FederatedResourceQuota/" + namespace(n) + "/" + QUOTA,
                                PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(quota(namespace(n))).setObservedAt(Instant.now()).build()));
                    }
                    policies.flush();
                    outputs.awaitUntil(() -> outputs.statuses.size() == NAMESPACES, "a status for every quota");

                    Random random = new Random(SEED);
                    AtomicReference<Exception> sendFailure = new AtomicReference<>();
                    long killedAt = 0;
                    for (int i = 0; i < WORKLOADS; i++) {
                        if (i == KILL_AT) {
                            child.destroyForcibly();
                            killedAt = System.nanoTime();
                        }
                        String namespace = namespace(random.nextInt(NAMESPACES));
                        String name = "app-" + i;
                        workloads.send(new ProducerRecord<>(topics.workloads().name(), "apps/Deployment/" + namespace + "/" + name,
                                WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(deployment(namespace, name, random))
                                        .setObservedAt(Instant.now()).build()), (metadata, e) -> {
                                            if (e != null) {
                                                sendFailure.compareAndSet(null, e);
                                            }
                                        });
                        if ((i + 1) % BATCH == 0) {
                            outputs.poll(Duration.ofMillis(50));
                        }
                    }
                    workloads.flush();
                    assertThat(sendFailure.get()).as("every workload was written").isNull();
                    assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("the killed process is gone").isTrue();

                    outputs.awaitUntil(() -> outputs.decidedBindings() == WORKLOADS, "a decided binding for every workload");
                    outputs.awaitQuiet();
                    System.out.printf("KillNineIT: %d workloads over %d namespaces, the run process killed (SIGKILL) at workload %d;"
                                    + " settled %d ms after the kill; decisions %s%n", WORKLOADS, NAMESPACES, KILL_AT,
                            TimeUnit.NANOSECONDS.toMillis(outputs.lastArrival - killedAt), outputs.decisionCounts());

                    assertThat(outputs.bindings).hasSize(WORKLOADS);
                    assertThat(outputs.duplicateDecisionIds).as("audit decision ids seen twice").isEmpty();
                    assertOneDecisionPerWorkload(outputs);
                    assertQuotasExact(outputs);
                    assertThat(instance.runner().failure()).as("fatal error of the surviving instance").isNull();
                    assertThat(instance.runner().streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
                }
            }
        } finally {
            child.destroyForcibly();
        }
    }

    /** Each workload was admitted or rejected exactly once, as its binding says. */
    private static void assertOneDecisionPerWorkload(Outputs outputs) {
        outputs.bindings.forEach((key, binding) -> {
            List<String> decisions = outputs.decisionsByWorkload.getOrDefault(key, List.of());
            assertThat(decisions).as("admission decisions of %s", key)
                    .containsExactly(binding.getAdmission().getState() == AdmissionState.ADMITTED ? "ADMITTED" : "REJECTED");
        });
    }

    /** Per namespace: used is the sum of its bindings' charges, and admittedCount the number of bindings charged. */
    private static void assertQuotasExact(Outputs outputs) {
        Map<String, Resources> charged = new TreeMap<>();
        Map<String, Integer> chargedCount = new HashMap<>();
        for (ResourceBinding binding : outputs.bindings.values()) {
            if (!binding.getAdmission().getCharged().isEmpty()) {
                charged.merge(binding.getNamespace(), Resources.fromQuantities(binding.getAdmission().getCharged()), Resources::plus);
                chargedCount.merge(binding.getNamespace(), 1, Integer::sum);
            }
        }
        for (int n = 0; n < NAMESPACES; n++) {
            String namespace = namespace(n);
            QuotaStatus status = outputs.statuses.get(namespace + "/" + QUOTA);
            Map<String, Long> expected = new TreeMap<>();
            HARD.keySet().forEach(key -> expected.put(key, charged.getOrDefault(namespace, Resources.NONE).get(key)));
            assertThat(Resources.fromQuantities(status.getUsed()).amounts()).as("%s: used against the sum of its charges", namespace)
                    .isEqualTo(expected);
            assertThat(status.getAdmittedCount()).as("%s: admittedCount", namespace).isEqualTo(chargedCount.getOrDefault(namespace, 0).longValue());
        }
    }

    private static Map<String, String> settings(SharedKafka kafka, KafkaTestNames names) {
        Map<String, String> settings = new HashMap<>();
        settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        settings.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        settings.put(FedstreamConfig.TOPIC_PARTITIONS, "6");
        settings.put(FedstreamConfig.HTTP_PORT, "0");
        settings.put(FedstreamConfig.SCHEMA_REGISTRY_TOPIC, names.topic("schemas"));
        for (String key : FedstreamConfig.configDef().names()) {
            if (key.startsWith("topic.") && !key.equals(FedstreamConfig.TOPIC_PARTITIONS) && !key.equals(FedstreamConfig.TOPIC_REPLICATION_FACTOR)) {
                settings.put(key, names.topic(key.substring("topic.".length())));
            }
        }
        return settings;
    }

    private static FedstreamConfig config(Map<String, String> settings, Path stateDir) {
        Map<String, String> withState = new HashMap<>(settings);
        withState.put(FedstreamConfig.STATE_DIR, stateDir.toString());
        return FedstreamConfig.of(withState);
    }

    /** {@code fedstream run} in its own JVM, on the test's class path, with its output in {@code log}. */
    private static Process startChild(Map<String, String> settings, Path stateDir, Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "--set", FedstreamConfig.STATE_DIR + "=" + stateDir));
        settings.forEach((key, value) -> command.addAll(List.of("--set", key + "=" + value)));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitPrinted(Path log, String text, Process child) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!(Files.exists(log) && Files.readString(log).contains(text))) {
            assertThat(child.isAlive()).as("the run process is alive: %s", Files.exists(log) ? Files.readString(log) : "").isTrue();
            assertThat(System.nanoTime()).as("'%s' printed within %s", text, WAIT).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static void awaitTwoClients(AppInstance instance) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        KafkaStreams streams = instance.runner().streams();
        while (!(streams.state() == KafkaStreams.State.RUNNING && streams.metadataForAllStreamsClients().size() == 2)) {
            assertThat(System.nanoTime()).as("both instances in the group within %s", WAIT).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static String namespace(int n) {
        return "ns-%02d".formatted(n);
    }

    private static String quota(String namespace) {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"%s","namespace":"%s"},"spec":{"overall":{"cpu":"%s","memory":"%s"}}}"""
                .formatted(QUOTA, namespace, HARD.get("cpu"), HARD.get("memory"));
    }

    /** 1 to 3 replicas of 250m to 1 cpu and 256Mi to 1Gi: some namespaces fill up, so there are rejections too. */
    private static String deployment(String namespace, String name, Random random) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"%dm","memory":"%dMi"}}}]}}}}"""
                .formatted(name, namespace, 1 + random.nextInt(3), 250 * (1 + random.nextInt(4)), 256 * (1 + random.nextInt(4)));
    }

    /** A read_committed reader of bindings, quota statuses and audit decisions. */
    private static final class Outputs implements AutoCloseable {

        final Map<String, ResourceBinding> bindings = new HashMap<>();
        final Map<String, QuotaStatus> statuses = new HashMap<>();
        final Map<String, List<String>> decisionsByWorkload = new HashMap<>();
        final Set<String> duplicateDecisionIds = new HashSet<>();
        long lastArrival = System.nanoTime();
        private final Set<String> decisionIds = new HashSet<>();
        private final Topics topics;
        private final KafkaConsumer<String, byte[]> consumer;

        Outputs(FedstreamConfig config, Topics topics) {
            this.topics = topics;
            Properties properties = config.consumerProperties();
            properties.put(ConsumerConfig.GROUP_ID_CONFIG, topics.bindings().name() + ".kill-nine-reader");
            properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            consumer = new KafkaConsumer<>(properties, new StringDeserializer(), new ByteArrayDeserializer());
            consumer.subscribe(List.of(topics.bindings().name(), topics.quotaStatus().name(), topics.audit().name()));
        }

        void poll(Duration timeout) {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(timeout)) {
                lastArrival = System.nanoTime();
                String topic = record.topic();
                if (topic.equals(topics.bindings().name())) {
                    bindings.put(record.key(), topics.bindings().valueSerde().deserializer().deserialize(topic, record.value()));
                } else if (topic.equals(topics.quotaStatus().name())) {
                    statuses.put(record.key(), topics.quotaStatus().valueSerde().deserializer().deserialize(topic, record.value()));
                } else {
                    AuditEvent audit = topics.audit().valueSerde().deserializer().deserialize(topic, record.value());
                    if (!decisionIds.add(audit.getDecisionId())) {
                        duplicateDecisionIds.add(audit.getDecisionId());
                    }
                    String decision = audit.getDecision().toString();
                    if ((decision.equals("ADMITTED") || decision.equals("REJECTED")) && audit.getWorkloadKey() != null) {
                        decisionsByWorkload.computeIfAbsent(audit.getWorkloadKey(), k -> new ArrayList<>()).add(decision);
                    }
                }
            }
        }

        long decidedBindings() {
            return bindings.values().stream().filter(b -> b.getAdmission().getState() == AdmissionState.ADMITTED
                    || b.getAdmission().getState() == AdmissionState.REJECTED).count();
        }

        Map<String, Long> decisionCounts() {
            Map<String, Long> counts = new TreeMap<>();
            decisionsByWorkload.values().forEach(list -> list.forEach(d -> counts.merge(d, 1L, Long::sum)));
            return counts;
        }

        void awaitUntil(java.util.function.BooleanSupplier condition, String what) {
            long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
            while (!condition.getAsBoolean()) {
                assertThat(System.nanoTime()).as("%s within 180 s", what).isLessThan(deadline);
                poll(Duration.ofMillis(200));
            }
        }

        /** Polls until nothing arrived for {@link #QUIET}. */
        void awaitQuiet() {
            while (System.nanoTime() - lastArrival < QUIET.toNanos()) {
                poll(Duration.ofMillis(200));
            }
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
