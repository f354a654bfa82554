package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fedstream.Fedstream;
import io.fedstream.TopicReader;
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
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Issue 4 on a real broker: two instances, one restarted from an empty state directory mid-burst, and every quota stays exact. */
@ExtendWith(KafkaClusterExtension.class)
class AdmissionIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Duration SETTLE_LIMIT = Duration.ofSeconds(150);
    private static final Duration QUIET = Duration.ofSeconds(3);
    private static final long SEED = 20261129L;
    private static final int NAMESPACES = 50;
    private static final int EVENTS = 10_000;
    private static final int RESTART_AT = 5_000;
    // 50 events every 50 ms: the burst lasts about ten seconds, so the restart happens while events keep coming.
    private static final int BATCH = 50;
    private static final long BATCH_NANOS = Duration.ofMillis(50).toNanos();
    private static final Instant START = Instant.parse("2026-11-29T12:00:00Z");
    private static final String QUOTA = "quota";
    private static final Map<String, String> HARD = Map.of("cpu", "20", "memory", "40Gi", "pods", "30");

    @Test
    void everyQuotaUsedIsTheSumOfItsAdmittedChargesAfterARestartMidBurst(SharedKafka kafka, KafkaTestNames names,
            @TempDir Path stateA, @TempDir Path stateB, @TempDir Path stateBRestarted) throws Exception {
        long testStart = System.nanoTime();
        SchemaRegistry registry = new InProcessSchemaRegistry();
        List<Instance> started = new CopyOnWriteArrayList<>();
        ExecutorService restarter = Executors.newSingleThreadExecutor();
        try {
            Instance a = Instance.start(config(kafka, names, stateA), registry, started);
            Instance b = Instance.start(config(kafka, names, stateB), registry, started);
            awaitBothRunning(a, b);
            Topics topics = a.fedstream.topics();
            try (Outputs outputs = new Outputs(a.fedstream);
                    KafkaProducer<String, PolicyEvent> policies = producer(a.fedstream, topics.policies().valueSerde().serializer());
                    KafkaProducer<String, WorkloadEvent> workloads = producer(a.fedstream, topics.workloads().valueSerde().serializer())) {
                for (int n = 0; n < NAMESPACES; n++) {
                    policies.send(new ProducerRecord<>(topics.policies().name(), "FederatedResourceQuota/" + namespace(n) + "/" + QUOTA,
                            PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(quota(namespace(n))).setObservedAt(START).build()));
                }
                policies.flush();
                // Quotas reach the admit stage through the global store; a workload that came first would meet no quota.
                outputs.awaitStatuses(NAMESPACES);

                Burst burst = new Burst(new Random(SEED));
                AtomicReference<Exception> sendFailure = new AtomicReference<>();
                Future<Instance> restart = null;
                long burstStart = System.nanoTime();
                for (int i = 0; i < EVENTS; i++) {
                    if (i == RESTART_AT) {
                        restart = restarter.submit(() -> {
                            b.close();
                            return Instance.start(config(kafka, names, stateBRestarted), registry, started);
                        });
                    }
                    Burst.Event event = burst.next(i);
                    workloads.send(new ProducerRecord<>(topics.workloads().name(), event.key(), event.value()), (metadata, e) -> {
                        if (e != null) {
                            sendFailure.compareAndSet(null, e);
                        }
                    });
                    if ((i + 1) % BATCH == 0) {
                        outputs.pollUntil(burstStart + (long) (i + 1) / BATCH * BATCH_NANOS);
                    }
                }
                workloads.flush();
                long burstEnd = System.nanoTime();
                assertThat(sendFailure.get()).as("every workload event was written").isNull();
                Instance restarted = restart.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                long restartedAt = System.nanoTime();
                awaitBothRunning(a, restarted);

                outputs.awaitSettled(burst);
                long settledAt = outputs.lastArrival;

                System.out.printf("AdmissionIT: seed %d, %d workload events (%d upserts, %d deletes) over %d namespaces,"
                                + " %d workloads alive and %d deleted at the end%n",
                        SEED, EVENTS, burst.upserts, burst.deletes, NAMESPACES, burst.alive.size(), burst.gone.size());
                System.out.printf("AdmissionIT: burst published in %d ms; instance B closed and restarted from an empty state dir"
                                + " at event %d, running again by %d ms after the burst ended; outputs quiescent %d ms after the burst;"
                                + " test ran %d ms%n",
                        millis(burstEnd - burstStart), RESTART_AT, millis(restartedAt - burstEnd), millis(settledAt - burstEnd),
                        millis(System.nanoTime() - testStart));
                System.out.printf("AdmissionIT: audit decisions %s; %d binding records, %d quota status records%n",
                        outputs.decisions, outputs.bindingRecords, outputs.statusRecords);

                assertQuotasExact(outputs);
                assertThat(outputs.overHard).as("quota statuses whose used exceeded hard, over the whole history").isEmpty();
                for (String key : burst.gone) {
                    assertThat(outputs.bindings).as("deleted workload %s ends with a tombstone", key).doesNotContainKey(key);
                }
                assertThat(outputs.decisions).as("the burst admits, rejects and releases")
                        .containsKeys("ADMITTED", "REJECTED", "RELEASED");
                assertThat(outputs.decisions).as("one RELEASED per delete and one QUOTA_APPLIED per quota, none lost or doubled by the restart")
                        .containsEntry("RELEASED", burst.deletes).containsEntry("QUOTA_APPLIED", NAMESPACES);
                for (Instance instance : started) {
                    assertThat(instance.runner.failure()).as("fatal error of an instance").isNull();
                }
            }
        } finally {
            restarter.shutdownNow();
            for (int i = started.size() - 1; i >= 0; i--) {
                started.get(i).close();
            }
        }
    }

    /** Per namespace: used is the sum of the latest bindings' charges, and admittedCount the number of bindings charged. */
    private static void assertQuotasExact(Outputs outputs) {
        Map<String, Resources> charged = new TreeMap<>();
        Map<String, Integer> chargedCount = new HashMap<>();
        for (ResourceBinding binding : outputs.bindings.values()) {
            var admission = binding.getAdmission();
            assertThat(admission.getCharged().keySet()).as("charged keys of %s", binding.getWorkloadKey()).isSubsetOf(HARD.keySet());
            if (admission.getState() == AdmissionState.ADMITTED) {
                assertThat(admission.getChargedGeneration()).as("an ADMITTED binding is charged for its own version: %s", binding)
                        .isEqualTo(binding.getGeneration());
            }
            if (!admission.getCharged().isEmpty()) {
                charged.merge(binding.getNamespace(), Resources.fromQuantities(admission.getCharged()), Resources::plus);
                chargedCount.merge(binding.getNamespace(), 1, Integer::sum);
            }
        }
        Resources hard = Resources.fromQuantities(HARD);
        for (int n = 0; n < NAMESPACES; n++) {
            String namespace = namespace(n);
            QuotaStatus status = outputs.statuses.get(namespace + "/" + QUOTA);
            assertThat(status).as("latest quota status of %s", namespace).isNotNull();
            Map<String, Long> sum = new TreeMap<>();
            hard.amounts().keySet().forEach(key -> sum.put(key, charged.getOrDefault(namespace, Resources.NONE).get(key)));
            assertThat(Resources.fromQuantities(status.getUsed()).amounts())
                    .as("%s/%s: used %s against the sum of its %d bindings' charges %s", namespace, QUOTA, status.getUsed(),
                            chargedCount.getOrDefault(namespace, 0), Resources.of(sum).toQuantities())
                    .isEqualTo(sum);
            assertThat(status.getAdmittedCount()).as("%s/%s: admittedCount against bindings with a charge", namespace, QUOTA)
                    .isEqualTo(chargedCount.getOrDefault(namespace, 0).longValue());
        }
    }

    private static String namespace(int n) {
        return "ns-%02d".formatted(n);
    }

    private static String quota(String namespace) {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"overall":{"cpu":"%s","memory":"%s","pods":"%s"}}}"""
                .formatted(QUOTA, namespace, HARD.get("cpu"), HARD.get("memory"), HARD.get("pods"));
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static <V> KafkaProducer<String, V> producer(Fedstream fedstream, Serializer<V> values) {
        return new KafkaProducer<>(fedstream.config().producerProperties(), new StringSerializer(), values);
    }

    private static void awaitBothRunning(Instance a, Instance b) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!(ownsTasks(a) && ownsTasks(b))) {
            assertThat(System.nanoTime()).as("both instances RUNNING with active tasks within %s", WAIT).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static boolean ownsTasks(Instance instance) {
        KafkaStreams streams = instance.runner.streams();
        return streams.state() == KafkaStreams.State.RUNNING
                && streams.metadataForLocalThreads().stream().anyMatch(thread -> !thread.activeTasks().isEmpty());
    }

    private static FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir) {
        Map<String, String> overrides = new HashMap<>();
        overrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        overrides.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        overrides.put(FedstreamConfig.STATE_DIR, stateDir.toString());
        overrides.put(FedstreamConfig.TOPIC_PARTITIONS, "6");
        for (String key : FedstreamConfig.configDef().names()) {
            if (key.startsWith("topic.") && !key.equals(FedstreamConfig.TOPIC_PARTITIONS) && !key.equals(FedstreamConfig.TOPIC_REPLICATION_FACTOR)) {
                overrides.put(key, names.topic(key.substring("topic.".length())));
            }
        }
        return FedstreamConfig.of(overrides);
    }

    /**
     * The seeded workload traffic: per namespace, new Deployments, scale-ups and scale-downs of live ones, deletes, and
     * re-creations of deleted names; it remembers what the latest binding of each workload must be.
     */
    private static final class Burst {

        record Event(String key, WorkloadEvent value) {}

        /** The last upsert of a live workload: the generation the bind stage gives it and the event's observedAt. */
        record Expected(long generation, Instant observedAt) {}

        final Map<String, Expected> alive = new TreeMap<>();
        final TreeSet<String> gone = new TreeSet<>();
        int upserts;
        int deletes;
        private final Random random;
        private final List<List<String>> aliveByNamespace = new ArrayList<>();
        private final List<List<String>> goneByNamespace = new ArrayList<>();
        private final int[] created = new int[NAMESPACES];

        Burst(Random random) {
            this.random = random;
            for (int n = 0; n < NAMESPACES; n++) {
                aliveByNamespace.add(new ArrayList<>());
                goneByNamespace.add(new ArrayList<>());
            }
        }

        Event next(int index) {
            int n = random.nextInt(NAMESPACES);
            List<String> live = aliveByNamespace.get(n);
            List<String> dead = goneByNamespace.get(n);
            Instant observedAt = START.plusMillis(index);
            double roll = random.nextDouble();
            if (roll < 0.15 && !live.isEmpty()) {
                String key = live.remove(random.nextInt(live.size()));
                dead.add(key);
                alive.remove(key);
                gone.add(key);
                deletes++;
                return new Event(key, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(observedAt).build());
            }
            String key;
            // Mostly scale-ups and scale-downs of live workloads: the queues stay short and the charges keep moving.
            if (roll < 0.80 && !live.isEmpty()) {
                key = live.get(random.nextInt(live.size()));
            } else if (roll < 0.83 && !dead.isEmpty()) {
                key = dead.remove(random.nextInt(dead.size()));
                live.add(key);
            } else {
                key = "apps/Deployment/" + namespace(n) + "/app-" + created[n]++;
                live.add(key);
            }
            gone.remove(key);
            Expected previous = alive.get(key);
            alive.put(key, new Expected(previous == null ? 1 : previous.generation() + 1, observedAt));
            upserts++;
            return new Event(key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(deployment(key)).setObservedAt(observedAt).build());
        }

        /** 1 to 6 replicas of 250m to 2 cpu and 256Mi to 4Gi each. */
        private String deployment(String key) {
            String[] parts = key.split("/");
            int milliCpu = 250 * (1 + random.nextInt(8));
            String cpu = milliCpu % 1000 == 0 ? Integer.toString(milliCpu / 1000) : milliCpu + "m";
            String memory = 256 * (1 + random.nextInt(16)) + "Mi";
            return """
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                     "spec":{"replicas":%d,"template":{"spec":{"containers":[
                       {"name":"app","resources":{"requests":{"cpu":"%s","memory":"%s"}}}]}}}}"""
                    .formatted(parts[3], parts[2], 1 + random.nextInt(6), cpu, memory);
        }
    }

    /** A read_committed reader of the bindings, quota statuses and audit topics: latest value per key, checks over history. */
    private static final class Outputs implements AutoCloseable {

        final Map<String, ResourceBinding> bindings = new HashMap<>();
        final Map<String, QuotaStatus> statuses = new HashMap<>();
        final Map<String, Integer> decisions = new TreeMap<>();
        final List<String> overHard = new ArrayList<>();
        int bindingRecords;
        int statusRecords;
        long lastArrival = System.nanoTime();
        private final Topics topics;
        private final Deserializer<ResourceBinding> bindingValues;
        private final Deserializer<QuotaStatus> statusValues;
        private final Deserializer<AuditEvent> auditValues;
        private final KafkaConsumer<String, byte[]> consumer;

        Outputs(Fedstream fedstream) {
            this.topics = fedstream.topics();
            this.bindingValues = topics.bindings().valueSerde().deserializer();
            this.statusValues = topics.quotaStatus().valueSerde().deserializer();
            this.auditValues = topics.audit().valueSerde().deserializer();
            consumer = TopicReader.fromTheStart(fedstream.config(), List.of(topics.bindings().name(), topics.quotaStatus().name(),
                    topics.audit().name()), Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000));
        }

        void awaitStatuses(int count) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (statuses.size() < count) {
                assertThat(System.nanoTime()).as("a status for each of %d quotas within %s, got %s", count, WAIT, statuses.keySet())
                        .isLessThan(deadline);
                poll(Duration.ofMillis(200));
            }
        }

        void pollUntil(long deadlineNanos) {
            do {
                poll(Duration.ofMillis(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()))));
            } while (System.nanoTime() < deadlineNanos);
        }

        /** Until every workload's latest binding is the one its last event asks for, and nothing new came for a while. */
        void awaitSettled(Burst burst) {
            long deadline = System.nanoTime() + SETTLE_LIMIT.toNanos();
            while (true) {
                poll(Duration.ofMillis(200));
                List<String> behind = behind(burst);
                if (behind.isEmpty() && System.nanoTime() - lastArrival > QUIET.toNanos()) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    fail("outputs not settled within %s: %d workloads behind their last event, e.g. %s",
                            SETTLE_LIMIT, behind.size(), behind.subList(0, Math.min(10, behind.size())));
                }
            }
        }

        private List<String> behind(Burst burst) {
            List<String> behind = new ArrayList<>();
            burst.alive.forEach((key, expected) -> {
                ResourceBinding binding = bindings.get(key);
                if (binding == null || binding.getGeneration() != expected.generation()
                        || !binding.getObservedAt().equals(expected.observedAt())) {
                    behind.add(key + " expected generation " + expected.generation() + " observed " + expected.observedAt() + ", latest "
                            + (binding == null ? "none" : "generation " + binding.getGeneration() + " observed " + binding.getObservedAt()));
                }
            });
            burst.gone.stream().filter(bindings::containsKey)
                    .forEach(key -> behind.add(key + " deleted, latest generation " + bindings.get(key).getGeneration()));
            return behind;
        }

        private void poll(Duration timeout) {
            var records = consumer.poll(timeout);
            if (records.isEmpty()) {
                return;
            }
            lastArrival = System.nanoTime();
            for (ConsumerRecord<String, byte[]> record : records) {
                if (record.topic().equals(topics.bindings().name())) {
                    bindingRecords++;
                    ResourceBinding binding = decode(bindingValues, record);
                    if (binding == null) {
                        bindings.remove(record.key());
                    } else {
                        bindings.put(record.key(), binding);
                    }
                } else if (record.topic().equals(topics.quotaStatus().name())) {
                    statusRecords++;
                    status(record.key(), decode(statusValues, record));
                } else {
                    AuditEvent event = decode(auditValues, record);
                    decisions.merge(event.getDecision(), 1, Integer::sum);
                }
            }
        }

        private void status(String key, QuotaStatus status) {
            if (status == null) {
                statuses.remove(key);
                return;
            }
            statuses.put(key, status);
            Resources used = Resources.fromQuantities(status.getUsed());
            Resources.fromQuantities(status.getHard()).amounts().forEach((resource, limit) -> {
                if (used.get(resource) > limit) {
                    overHard.add(key + " " + resource + ": used " + status.getUsed() + " hard " + status.getHard());
                }
            });
        }

        private static <V> V decode(Deserializer<V> values, ConsumerRecord<String, byte[]> record) {
            return record.value() == null ? null : values.deserialize(record.topic(), record.headers(), record.value());
        }

        @Override
        public void close() {
            consumer.close();
        }
    }

    /** One application instance: its streams run until closed. */
    private record Instance(Fedstream fedstream, StreamsRunner runner) implements AutoCloseable {

        static Instance start(FedstreamConfig config, SchemaRegistry registry, List<Instance> started) throws InterruptedException {
            Fedstream fedstream = Fedstream.create(config, registry);
            StreamsRunner runner = new StreamsRunner(fedstream);
            Instance instance = new Instance(fedstream, runner);
            started.add(instance);
            runner.start(WAIT);
            return instance;
        }

        @Override
        public void close() {
            runner.close();
        }
    }
}
