package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fedstream.Fedstream;
import io.fedstream.TopicReader;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Component;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.interpret.Resources;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5 on a real broker: three heart-beating clusters, 2,000 placed workloads of mixed kinds; one cluster goes silent
 * and, across a restart of one of the two instances in the middle of the failover, every workload on it gets exactly
 * one migration command to a surviving cluster with room, with the strategy its kind and labels ask for.
 */
@ExtendWith(KafkaClusterExtension.class)
class FailoverIT {

    private static final Duration WAIT = AppInstance.WAIT;
    private static final Duration SETTLE_LIMIT = Duration.ofSeconds(60);
    private static final Duration QUIET = Duration.ofSeconds(3);
    private static final String TOKEN = "it-token";
    private static final Instant OBSERVED = Instant.parse("2026-11-29T12:00:00Z");

    private static final String FAILING = "dc-2";
    private static final List<String> CLUSTERS = List.of("dc-1", FAILING, "dc-3");
    private static final Set<String> SURVIVORS = Set.of("dc-1", "dc-3");
    private static final Map<String, String> ALLOCATABLE = Map.of("cpu", "4000", "memory", "16000Gi", "pods", "20000");

    private static final int WORKLOADS = 2_000;
    private static final int TEAMS = 20;
    private static final String FLEET_POLICY = "fleet";
    /** One active cluster per workload (Karmada's {@code [{spreadByField: cluster, maxGroups: 1}]}): the moves are what this test counts. */
    private static final String ONE_CLUSTER = "\"spreadConstraints\":[{\"spreadByField\":\"cluster\",\"maxGroups\":1}]";
    /** Deployments in this namespace are governed by a policy tolerating a failed cluster for 10 minutes: no command here. */
    private static final String PATIENT = "patient";
    private static final int PATIENT_WORKLOADS = 40;
    private static final int BATCH = 100;
    private static final int IN_FLIGHT = 200;
    private static final String KAFKA_CONSUMER = "fedstream.io/kafka-consumer";

    /**
     * Short health times, but not 3 s. Placing 2,000 workloads no longer delays heartbeats (the cluster watch has its
     * own client and measures silence in heartbeat time). But when instance B restarts mid-failover, the health
     * client's one watch task can move between the instances, and with 3 s a healthy survivor was once seen SUSPECT for
     * a moment (1 CI run in 4; docs/health.md, "Not done yet").
     */
    static final Map<String, String> SETTINGS = Map.of(
            FedstreamConfig.HEALTH_FAILURE_THRESHOLD_MS, "10000",
            FedstreamConfig.HEALTH_TOLERATION_MS, "5000",
            FedstreamConfig.HEALTH_SUCCESS_THRESHOLD_MS, "2000",
            FedstreamConfig.HEALTH_CHECK_INTERVAL_MS, "500",
            FedstreamConfig.PLACE_RETRY_INTERVAL_MS, "2000",
            // The agents report what runs as allocated within a second or two: the spread of a burst need not be remembered longer.
            FedstreamConfig.PLACE_RESERVATION_TTL_MS, "10000");

    @Test
    void everyWorkloadOnTheFailedClusterGetsExactlyOneCommandAcrossARestartMidFailover(SharedKafka kafka, KafkaTestNames names,
            @TempDir Path stateA, @TempDir Path stateB, @TempDir Path stateBRestarted) throws Exception {
        long testStart = System.nanoTime();
        SchemaRegistry registry = new InProcessSchemaRegistry();
        List<AppInstance> running = new CopyOnWriteArrayList<>();
        ExecutorService restarter = Executors.newSingleThreadExecutor();
        HeartbeatingClusters heartbeats = null;
        try {
            AppInstance a = AppInstance.start(AppInstance.config(kafka, names, stateA, TOKEN, SETTINGS), registry);
            running.add(a);
            AppInstance b = AppInstance.start(AppInstance.config(kafka, names, stateB, TOKEN, SETTINGS), registry);
            running.add(b);
            AppInstance.awaitBothRunning(a, b);
            long startedAt = System.nanoTime();
            Topics topics = a.fedstream().topics();
            Fleet fleet = new Fleet();
            try (Outputs outputs = new Outputs(a.fedstream());
                    KafkaProducer<String, PolicyEvent> policies = producer(a.fedstream(), topics.policies().valueSerde().serializer());
                    KafkaProducer<String, WorkloadEvent> workloads = producer(a.fedstream(), topics.workloads().valueSerde().serializer())) {
                heartbeats = new HeartbeatingClusters(a.fedstream(), CLUSTERS.stream().collect(Collectors.toMap(c -> c, c -> ALLOCATABLE)),
                        () -> outputs.running);
                outputs.awaitReady(CLUSTERS);

                policies.send(new ProducerRecord<>(topics.policies().name(), "PropagationPolicy/" + PATIENT + "/" + PATIENT,
                        PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(patientPolicy()).setObservedAt(OBSERVED).build()));
                policies.send(new ProducerRecord<>(topics.policies().name(), "ClusterPropagationPolicy//" + FLEET_POLICY,
                        PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(fleetPolicy()).setObservedAt(OBSERVED).build()));
                policies.flush();
                AtomicReference<Exception> sendFailure = new AtomicReference<>();
                long publishStart = System.nanoTime();
                int published = 0;
                for (Fleet.Spec spec : fleet.specs.values()) {
                    workloads.send(new ProducerRecord<>(topics.workloads().name(), spec.key(),
                            WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(spec.manifest()).setObservedAt(OBSERVED).build()),
                            (metadata, e) -> {
                                if (e != null) {
                                    sendFailure.compareAndSet(null, e);
                                }
                            });
                    if (++published % BATCH == 0) {
                        workloads.flush();
                        // Like an agent syncing a fleet: the next batch once the backlog is short, so that heartbeats are
                        // not read seconds late behind thousands of workloads (health measures silence on its own clock).
                        outputs.awaitBacklogBelow(fleet.specs.keySet(), published, IN_FLIGHT);
                    }
                }
                workloads.flush();
                assertThat(sendFailure.get()).as("every workload event was written").isNull();
                outputs.awaitPlaced(fleet.specs.keySet());
                long placedAt = System.nanoTime();
                long placementLagMs = outputs.maxHeartbeatLagMs;
                outputs.maxHeartbeatLagMs = 0;

                Map<String, ResourceBinding> before = new TreeMap<>(outputs.bindings);
                Map<String, List<String>> placedOn = new TreeMap<>();
                before.forEach((key, binding) -> placedOn.computeIfAbsent(cluster(binding), c -> new ArrayList<>()).add(key));
                System.out.printf("FailoverIT: %d workloads published and all ADMITTED and placed in %d ms; placed per cluster %s;"
                                + " longest heartbeat-to-cluster-view lag meanwhile %d ms%n", fleet.specs.size(), millis(placedAt - publishStart),
                        placedOn.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().size(), (x, y) -> x,
                                TreeMap::new)), placementLagMs);
                assertThat(placedOn.keySet()).as("every cluster holds workloads").containsExactlyInAnyOrderElementsOf(CLUSTERS);
                Set<String> onFailing = new TreeSet<>(placedOn.get(FAILING));
                Set<String> expected = onFailing.stream().filter(key -> !fleet.specs.get(key).patient())
                        .collect(Collectors.toCollection(TreeSet::new));
                assertThat(expected).as("workloads on %s that must move", FAILING).isNotEmpty();
                assertThat(onFailing.size() - expected.size()).as("patient workloads on %s", FAILING).isPositive();

                heartbeats.stop(FAILING);
                long stoppedAt = System.nanoTime();
                outputs.awaitFirstCommand();
                long firstCommandSeen = System.nanoTime();
                int commandsAtClose = outputs.commands.size();
                AtomicLong closedAt = new AtomicLong();
                Future<AppInstance> restart = restarter.submit(() -> {
                    b.close();
                    running.remove(b);
                    closedAt.set(System.nanoTime());
                    AppInstance again = AppInstance.start(AppInstance.config(kafka, names, stateBRestarted, TOKEN, SETTINGS), registry);
                    running.add(again);
                    return again;
                });
                int commandsWhenClosed = -1;
                while (!restart.isDone()) {
                    outputs.poll(Duration.ofMillis(100));
                    if (commandsWhenClosed < 0 && closedAt.get() != 0) {
                        commandsWhenClosed = outputs.commands.size();
                    }
                }
                AppInstance restarted = restart.get();
                if (commandsWhenClosed < 0) {
                    commandsWhenClosed = outputs.commands.size();
                }
                AppInstance.awaitBothRunning(a, restarted);
                long restartedAt = System.nanoTime();
                int commandsWhenRestarted = outputs.commands.size();
                outputs.awaitSettled(expected);

                ClusterStateEvent suspect = outputs.first(FAILING, ClusterState.SUSPECT);
                ClusterStateEvent failed = outputs.first(FAILING, ClusterState.FAILED);
                Instant lastIssued = outputs.commands.stream().map(MigrationCommand::getIssuedAt).max(Instant::compareTo).orElseThrow();
                assertEveryCommandMovesAPlacedWorkload(outputs, before);
                Map<String, Integer> perKind = new TreeMap<>();
                fleet.specs.values().forEach(spec -> perKind.merge(spec.kind(), 1, Integer::sum));
                Map<String, Resources> demandBefore = new TreeMap<>();
                before.forEach((key, binding) -> demandBefore.merge(cluster(binding), demand(binding), Resources::plus));
                Map<String, Resources> demandAfter = new TreeMap<>();
                before.forEach((key, binding) -> {
                    if (!cluster(binding).equals(FAILING)) {
                        demandAfter.merge(cluster(binding), demand(binding), Resources::plus);
                    }
                });
                outputs.commands.forEach(command -> demandAfter.merge(command.getTargetCluster(), demand(before.get(command.getWorkloadKey())),
                        Resources::plus));
                Map<String, Integer> perTarget = new TreeMap<>();
                Map<MigrationStrategy, Integer> perStrategy = new TreeMap<>();
                outputs.commands.forEach(command -> {
                    perTarget.merge(command.getTargetCluster(), 1, Integer::sum);
                    perStrategy.merge(command.getStrategy(), 1, Integer::sum);
                });

                System.out.printf("FailoverIT: %d workloads %s (%d patient), published and all ADMITTED and placed in %d ms;"
                                + " placed per cluster %s%n", fleet.specs.size(), perKind, PATIENT_WORKLOADS, millis(placedAt - publishStart),
                        placedOn.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().size(), (x, y) -> x,
                                TreeMap::new)));
                System.out.printf("FailoverIT: demand per cluster before %s; after the failover %s; allocatable each %s%n",
                        quantities(demandBefore), quantities(demandAfter), ALLOCATABLE);
                System.out.printf("FailoverIT: longest heartbeat-to-cluster-view lag %d ms while placing, %d ms while failing over%n",
                        placementLagMs, outputs.maxHeartbeatLagMs);
                System.out.printf("FailoverIT: %s heartbeats stopped; SUSPECT after %d ms, FAILED after %d ms (incident %s);"
                                + " first command seen %d ms after the stop%n", FAILING,
                        outputs.seenMs(suspect, stoppedAt), outputs.seenMs(failed, stoppedAt), failed.getIncidentId(),
                        millis(firstCommandSeen - stoppedAt));
                System.out.printf("FailoverIT: instance B closed after command %d of %d (%d seen once closed), restarted from an"
                                + " empty state dir and both running %d ms after the stop (%d commands by then)%n",
                        commandsAtClose, expected.size(), commandsWhenClosed, millis(restartedAt - stoppedAt), commandsWhenRestarted);
                System.out.printf("FailoverIT: %d commands (%d distinct ids) for %d workloads on %s (%d patient left), per target %s,"
                                + " per strategy %s; FAILED to last command %d ms (issuedAt), %d ms (seen);"
                                + " audit %s; %d dead letters; test ran %d ms (%d ms after both instances first ran)%n",
                        outputs.commands.size(), outputs.commands.stream().map(MigrationCommand::getCommandId).distinct().count(),
                        onFailing.size(), FAILING, onFailing.size() - expected.size(), perTarget, perStrategy,
                        lastIssued.toEpochMilli() - failed.getTransitionAt().toEpochMilli(),
                        millis(outputs.lastCommandSeen - outputs.seenAt.get(failed)), outputs.decisions, outputs.deadLetters,
                        millis(System.nanoTime() - testStart), millis(System.nanoTime() - startedAt));

                assertCommands(outputs.commands, expected, failed.getIncidentId(), fleet);
                assertThat(suspect.getIncidentId()).as("SUSPECT and FAILED share the incident").isEqualTo(failed.getIncidentId());
                assertThat(outputs.transitions.get(FAILING)).extracting(ClusterStateEvent::getState)
                        .as("%s transitions", FAILING).containsExactly(ClusterState.READY, ClusterState.SUSPECT, ClusterState.FAILED);
                for (String survivor : SURVIVORS) {
                    assertThat(outputs.transitions.get(survivor)).extracting(ClusterStateEvent::getState)
                            .as("%s transitions", survivor).containsExactly(ClusterState.READY);
                }
                Resources allocatable = Resources.fromQuantities(ALLOCATABLE);
                for (String survivor : SURVIVORS) {
                    Resources after = demandAfter.getOrDefault(survivor, Resources.NONE);
                    allocatable.amounts().forEach((resource, room) -> assertThat(after.get(resource))
                            .as("%s on %s: what was placed there plus what was commanded there (%s) within allocatable %s",
                                    resource, survivor, after.toQuantities(), ALLOCATABLE)
                            .isLessThanOrEqualTo(room));
                }
                assertThat(outputs.bindings).as("placements stay until the executor reports a completed migration")
                        .allSatisfy((key, binding) -> assertThat(cluster(binding)).as(key).isEqualTo(cluster(before.get(key))));
                assertThat(outputs.decisions).as("one audited issue per command, no target ever missing; %s", outputs.why)
                        .containsEntry("MIGRATION_ISSUED", expected.size())
                        .doesNotContainKeys("MIGRATION_NO_TARGET", "MIGRATION_INVALID");
                // Workloads published with their policies at start may reach their task before the policies' relay does
                // (docs/placement.md, "Not done yet"): unplaced for that alone, and placed once the policy came (above).
                assertThat(outputs.why.keySet()).filteredOn(reason -> reason.startsWith("UNPLACEABLE"))
                        .allMatch("UNPLACEABLE: no PropagationPolicy or ClusterPropagationPolicy matches"::equals);
                assertThat(outputs.deadLetters).as("dead letters").isZero();
                assertThat(heartbeats.failure.get()).as("heartbeat send failure").isNull();
                for (AppInstance instance : running) {
                    assertThat(instance.runner().failure()).as("fatal error of an instance").isNull();
                }
            }
        } finally {
            if (heartbeats != null) {
                heartbeats.close();
            }
            restarter.shutdownNow();
            for (int i = running.size() - 1; i >= 0; i--) {
                running.get(i).close();
            }
        }
    }

    /**
     * Every command moves a workload that was placed when the failover began to a cluster: the demand per survivor below
     * counts on it. A command that does not is shown whole, with the workload's binding then and what the test read
     * about the workload in order, so that a failure says what happened rather than where the count broke.
     */
    private static void assertEveryCommandMovesAPlacedWorkload(Outputs outputs, Map<String, ResourceBinding> before) {
        for (MigrationCommand command : outputs.commands) {
            String key = command.getWorkloadKey();
            if (command.getTargetCluster() == null || !before.containsKey(key)) {
                fail("a command that moves no workload placed before the failover to a cluster: %s; the workload's binding before"
                        + " the failover %s; what the test read about the workload, in order:%n  %s", command, before.get(key),
                        String.join("\n  ", outputs.history.getOrDefault(key, List.of())));
            }
        }
    }

    /** Exactly one command per workload that was on the failed cluster, none for any other, each as its workload asks. */
    private static void assertCommands(List<MigrationCommand> commands, Set<String> expected, String incidentId, Fleet fleet) {
        Map<String, List<MigrationCommand>> perWorkload = commands.stream()
                .collect(Collectors.groupingBy(MigrationCommand::getWorkloadKey, TreeMap::new, Collectors.toList()));
        assertThat(perWorkload.keySet()).as("workloads commanded against those on %s", FAILING).isEqualTo(expected);
        perWorkload.forEach((key, list) -> assertThat(list).as("commands for %s", key).hasSize(1));
        assertThat(commands).as("command records").hasSize(expected.size());
        for (MigrationCommand command : commands) {
            String key = command.getWorkloadKey();
            assertThat(command.getCommandId()).as("command id of %s", key).isEqualTo(key + "/" + incidentId + "/1");
            assertThat(command.getIncidentId()).as("incident of %s", key).isEqualTo(incidentId);
            assertThat(command.getAttempt()).as("attempt of %s", key).isEqualTo(1);
            assertThat(command.getAction()).as("action of %s", key).isEqualTo(MigrationAction.MIGRATE);
            assertThat(command.getSourceCluster()).as("source of %s", key).isEqualTo(FAILING);
            assertThat(command.getTargetCluster()).as("target of %s", key).isIn(SURVIVORS);
            assertThat(command.getRemainingCandidates()).as("fallbacks of %s", key)
                    .doesNotContain(FAILING, command.getTargetCluster()).allMatch(SURVIVORS::contains);
            assertThat(command.getStrategy()).as("strategy of %s", key).isEqualTo(fleet.specs.get(key).strategy());
            assertThat(command.getCheckpoint()).as("checkpoint of %s (none reported)", key).isNull();
            assertThat(command.getDeltaReplay()).as("delta replay of %s (no deltas)", key).isNull();
        }
    }

    /** What a binding takes on a cluster that counts pods: its totals plus one pod slot per replica. */
    private static Resources demand(ResourceBinding binding) {
        long pods = binding.getComponents().stream().mapToLong(Component::getReplicas).sum();
        return Resources.fromQuantities(binding.getTotal()).plus(Resources.fromQuantities(Map.of("pods", Long.toString(pods))));
    }

    private static Map<String, Map<String, String>> quantities(Map<String, Resources> perCluster) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        perCluster.forEach((cluster, resources) -> out.put(cluster, resources.toQuantities()));
        return out;
    }

    private static String cluster(ResourceBinding binding) {
        return binding.getPlacement().getClusters().get(0).getName();
    }

    /** Every kind of the fleet, on any cluster: without a policy nothing is placed. */
    private static String fleetPolicy() {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy","metadata":{"name":"%s"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"},{"apiVersion":"apps/v1","kind":"StatefulSet"},
                   {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment"},{"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob"},
                   {"apiVersion":"batch/v1","kind":"Job"}],
                   "placement":{%s}}}""".formatted(FLEET_POLICY, ONE_CLUSTER);
    }

    private static String patientPolicy() {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy",
                 "metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}],
                   "placement":{%s,"clusterTolerations":[
                     {"key":"cluster.karmada.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":600},
                     {"key":"cluster.karmada.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":600}]}}}"""
                .formatted(PATIENT, PATIENT, ONE_CLUSTER);
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static <V> KafkaProducer<String, V> producer(Fedstream fedstream, Serializer<V> values) {
        return new KafkaProducer<>(fedstream.config().producerProperties(), new StringSerializer(), values);
    }

    /**
     * The 2,000 workloads: Deployments, StatefulSets, FlinkDeployments, PyTorchJobs and Jobs in turn over 20 namespaces,
     * some labelled as Kafka consumers (exactly "true", or look-alikes that are not), plus the patient Deployments; each
     * with the strategy its command must carry.
     */
    private static final class Fleet {

        record Spec(String key, String kind, String manifest, MigrationStrategy strategy, boolean patient) {}

        final Map<String, Spec> specs = new LinkedHashMap<>();

        Fleet() {
            int patient = 0;
            for (int i = 0; i < WORKLOADS - PATIENT_WORKLOADS; i++) {
                // Patient workloads are spread through the stream, so that some land on every cluster.
                if (i % ((WORKLOADS - PATIENT_WORKLOADS) / PATIENT_WORKLOADS) == 0 && patient < PATIENT_WORKLOADS) {
                    String name = "p-%02d".formatted(patient++);
                    add("apps", "Deployment", PATIENT, name, deployment(PATIENT, name, null, 2, 500, 512), MigrationStrategy.GRACEFUL_SHUTDOWN,
                            true);
                }
                String namespace = "team-%02d".formatted(i % TEAMS);
                String name = "w-%04d".formatted(i);
                switch (i % 5) {
                    case 0 -> {
                        String label = switch (i / 5 % 3) {
                            case 0 -> "true";
                            case 1 -> "True";
                            default -> null;
                        };
                        add("apps", "Deployment", namespace, name, deployment(namespace, name, label, 1 + i % 4, 250 * (1 + i % 4), 256 << (i % 4)),
                                "true".equals(label) ? MigrationStrategy.OFFSET_COMMIT : MigrationStrategy.GRACEFUL_SHUTDOWN, false);
                    }
                    case 1 -> {
                        String label = i / 5 % 2 == 0 ? "true" : null;
                        add("apps", "StatefulSet", namespace, name, statefulSet(namespace, name, label, 1 + i % 3),
                                label == null ? MigrationStrategy.GRACEFUL_SHUTDOWN : MigrationStrategy.OFFSET_COMMIT, false);
                    }
                    case 2 -> add("flink.apache.org", "FlinkDeployment", namespace, name,
                            flink(namespace, name, i / 5 % 2 == 0 ? "true" : null, 2 + i % 3), MigrationStrategy.CHECKPOINT, false);
                    case 3 -> add("kubeflow.org", "PyTorchJob", namespace, name, pytorch(namespace, name, 1 + i % 3),
                            MigrationStrategy.GRACEFUL_SHUTDOWN, false);
                    default -> add("batch", "Job", namespace, name, job(namespace, name, i / 5 % 4 == 0 ? "false" : null, 1 + i % 3),
                            MigrationStrategy.GRACEFUL_SHUTDOWN, false);
                }
            }
        }

        private void add(String group, String kind, String namespace, String name, String manifest, MigrationStrategy strategy,
                         boolean patient) {
            String key = group + "/" + kind + "/" + namespace + "/" + name;
            specs.put(key, new Spec(key, kind, manifest, strategy, patient));
        }

        private static String metadata(String namespace, String name, String kafkaConsumer) {
            String labels = kafkaConsumer == null
                    ? "{\"app\":\"%s\"}".formatted(name)
                    : "{\"app\":\"%s\",\"%s\":\"%s\"}".formatted(name, KAFKA_CONSUMER, kafkaConsumer);
            return "{\"name\":\"%s\",\"namespace\":\"%s\",\"labels\":%s}".formatted(name, namespace, labels);
        }

        private static String deployment(String namespace, String name, String kafkaConsumer, int replicas, int milliCpu, int memoryMi) {
            return """
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":%s,
                     "spec":{"replicas":%d,"selector":{"matchLabels":{"app":"%s"}},
                       "template":{"metadata":{"labels":{"app":"%s"}},"spec":{"containers":[
                         {"name":"app","image":"example/app:1","resources":{"requests":{"cpu":"%dm","memory":"%dMi"}}}]}}}}"""
                    .formatted(metadata(namespace, name, kafkaConsumer), replicas, name, name, milliCpu, memoryMi);
        }

        private static String statefulSet(String namespace, String name, String kafkaConsumer, int replicas) {
            return """
                    {"apiVersion":"apps/v1","kind":"StatefulSet","metadata":%s,
                     "spec":{"serviceName":"%s","replicas":%d,"selector":{"matchLabels":{"app":"%s"}},
                       "template":{"metadata":{"labels":{"app":"%s"}},"spec":{"containers":[
                         {"name":"db","image":"postgres:17","resources":{"requests":{"cpu":"500m","memory":"%dGi"}}}]}},
                       "volumeClaimTemplates":[{"metadata":{"name":"data"},
                         "spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"10Gi"}}}}]}}"""
                    .formatted(metadata(namespace, name, kafkaConsumer), name, replicas, name, name, replicas);
        }

        /** One JobManager and ceil(parallelism / 2) TaskManagers, memory in Flink's syntax. */
        private static String flink(String namespace, String name, String kafkaConsumer, int parallelism) {
            return """
                    {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":%s,
                     "spec":{"image":"flink:1.20","flinkVersion":"v1_20","serviceAccount":"flink",
                       "flinkConfiguration":{"taskmanager.numberOfTaskSlots":"2"},
                       "jobManager":{"resource":{"memory":"1024m","cpu":1}},
                       "taskManager":{"resource":{"memory":"2048m","cpu":1}},
                       "job":{"jarURI":"local:///opt/flink/usrlib/job.jar","parallelism":%d,"upgradeMode":"last-state"}}}"""
                    .formatted(metadata(namespace, name, kafkaConsumer), parallelism);
        }

        private static String pytorch(String namespace, String name, int workers) {
            return """
                    {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":%s,
                     "spec":{"pytorchReplicaSpecs":{
                       "Master":{"replicas":1,"restartPolicy":"OnFailure","template":{"spec":{"containers":[
                         {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"2","memory":"4Gi"}}}]}}},
                       "Worker":{"replicas":%d,"restartPolicy":"OnFailure","template":{"spec":{"containers":[
                         {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"2","memory":"8Gi"}}}]}}}}}}"""
                    .formatted(metadata(namespace, name, null), workers);
        }

        private static String job(String namespace, String name, String kafkaConsumer, int parallelism) {
            return """
                    {"apiVersion":"batch/v1","kind":"Job","metadata":%s,
                     "spec":{"parallelism":%d,"completions":%d,"template":{"spec":{"restartPolicy":"Never","containers":[
                       {"name":"worker","image":"example/batch:1","resources":{"requests":{"cpu":"500m","memory":"512Mi"}}}]}}}}"""
                    .formatted(metadata(namespace, name, kafkaConsumer), parallelism, parallelism * 2);
        }
    }

    /** A read_committed reader of bindings, cluster states, migrations, audit and dead letters: latest binding per key, all else in full. */
    private static final class Outputs implements AutoCloseable {

        final Map<String, ResourceBinding> bindings = new HashMap<>();
        final Map<String, List<ClusterStateEvent>> transitions = new TreeMap<>();
        final Map<ClusterStateEvent, Long> seenAt = new HashMap<>();
        final List<MigrationCommand> commands = new ArrayList<>();
        final Map<String, Integer> decisions = new TreeMap<>();
        /** Per workload, every binding version, audit record and command read for it, in the order read. */
        final Map<String, List<String>> history = new HashMap<>();
        /** How many refusals and failovers without a target gave each reason. */
        final Map<String, Integer> why = new TreeMap<>();
        int deadLetters;
        long lastArrival = System.nanoTime();
        long lastCommandSeen;
        private final Topics topics;
        private final Deserializer<ResourceBinding> bindingValues;
        private final Deserializer<ClusterStateEvent> stateValues;
        private final Deserializer<MigrationCommand> commandValues;
        private final Deserializer<AuditEvent> auditValues;
        private final Deserializer<ClusterWatch> viewValues;
        private final KafkaConsumer<String, byte[]> consumer;
        /** The longest time from a heartbeat's heartbeatAt to its cluster view arriving here, since the last reset. */
        long maxHeartbeatLagMs;
        /** Per cluster, the demand of the workloads placed or commanded there, as the agents report it allocated. */
        volatile Map<String, Map<String, String>> running = Map.of();
        private final Map<String, String> lastBeat = new HashMap<>();

        Outputs(Fedstream fedstream) {
            this.topics = fedstream.topics();
            this.bindingValues = topics.bindings().valueSerde().deserializer();
            this.stateValues = topics.clusterState().valueSerde().deserializer();
            this.commandValues = topics.migrations().valueSerde().deserializer();
            this.auditValues = topics.audit().valueSerde().deserializer();
            this.viewValues = topics.clusterViews().valueSerde().deserializer();
            consumer = TopicReader.fromTheStart(fedstream.config(), List.of(topics.bindings().name(), topics.clusterState().name(),
                    topics.migrations().name(), topics.audit().name(), topics.deadLetters().name(), topics.clusterViews().name()),
                    Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000));
        }

        void awaitReady(List<String> clusters) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!clusters.stream().allMatch(c -> latest(c) == ClusterState.READY)) {
                assertThat(System.nanoTime()).as("%s READY within %s, got %s", clusters, WAIT, transitions).isLessThan(deadline);
                poll(Duration.ofMillis(200));
            }
        }

        /** Until every workload's latest binding is ADMITTED and placed by the scheduler on one cluster. */
        void awaitPlaced(Set<String> keys) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (true) {
                poll(Duration.ofMillis(200));
                List<String> waiting = keys.stream().filter(key -> !placed(bindings.get(key))).toList();
                if (waiting.isEmpty()) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    fail("not every workload placed within %s: %d waiting, e.g. %s; audit %s; cluster transitions %s", WAIT,
                            waiting.size(), waiting.stream().limit(3).toList(), decisions, transitions);
                }
            }
        }

        /** Until fewer than {@code limit} of the first {@code published} workloads wait for their placement. */
        void awaitBacklogBelow(Set<String> keys, int published, int limit) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (true) {
                long waiting = keys.stream().limit(published).filter(key -> !placed(bindings.get(key))).count();
                if (waiting < limit) {
                    return;
                }
                assertThat(System.nanoTime()).as("backlog below %d within %s, %d waiting; audit %s; cluster transitions %s", limit, WAIT,
                        waiting, decisions, transitions).isLessThan(deadline);
                poll(Duration.ofMillis(100));
            }
        }

        void awaitFirstCommand() {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (commands.isEmpty()) {
                assertThat(System.nanoTime()).as("a first migration command within %s; transitions %s, audit %s", WAIT, transitions,
                        decisions).isLessThan(deadline);
                poll(Duration.ofMillis(50));
            }
        }

        /** Until every expected workload has a command and nothing new came for a while. */
        void awaitSettled(Set<String> expected) {
            long deadline = System.nanoTime() + SETTLE_LIMIT.toNanos();
            while (true) {
                poll(Duration.ofMillis(200));
                Set<String> commanded = commands.stream().map(MigrationCommand::getWorkloadKey).collect(Collectors.toSet());
                List<String> missing = expected.stream().filter(key -> !commanded.contains(key)).toList();
                if (missing.isEmpty() && System.nanoTime() - lastArrival > QUIET.toNanos()) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    fail("outputs not settled within %s: %d of %d workloads without a command, e.g. %s; %d commands; audit %s;"
                            + " refusals %s", SETTLE_LIMIT, missing.size(), expected.size(), missing.subList(0, Math.min(10, missing.size())),
                            commands.size(), decisions, why);
                }
            }
        }

        ClusterStateEvent first(String cluster, ClusterState state) {
            return transitions.getOrDefault(cluster, List.of()).stream().filter(e -> e.getState() == state).findFirst()
                    .orElseThrow(() -> new AssertionError(cluster + " never " + state + ": " + transitions.get(cluster)));
        }

        long seenMs(ClusterStateEvent event, long sinceNanos) {
            return millis(seenAt.get(event) - sinceNanos);
        }

        private ClusterState latest(String cluster) {
            List<ClusterStateEvent> events = transitions.getOrDefault(cluster, List.of());
            return events.isEmpty() ? null : events.get(events.size() - 1).getState();
        }

        private static boolean placed(ResourceBinding binding) {
            return binding != null && binding.getAdmission().getState() == AdmissionState.ADMITTED && binding.getPlacement() != null
                    && binding.getPlacement().getClusters().size() == 1
                    && Placing.DECIDED_BY.equals(binding.getPlacement().getDecidedBy());
        }

        void poll(Duration timeout) {
            var records = consumer.poll(timeout);
            if (records.isEmpty()) {
                return;
            }
            long now = System.nanoTime();
            boolean moved = false;
            for (ConsumerRecord<String, byte[]> record : records) {
                String topic = record.topic();
                if (!topic.equals(topics.clusterViews().name())) {
                    // Every heartbeat makes a view; quiescence is about decisions.
                    lastArrival = now;
                }
                if (topic.equals(topics.bindings().name())) {
                    ResourceBinding binding = decode(bindingValues, record);
                    remember(record.key(), "binding %s".formatted(binding == null ? "deleted"
                            : binding.getAdmission().getState() + " on " + (binding.getPlacement() == null ? "nothing"
                                    : binding.getPlacement().getClusters() + " by " + binding.getPlacement().getDecidedBy())));
                    if (binding == null) {
                        bindings.remove(record.key());
                    } else {
                        bindings.put(record.key(), binding);
                    }
                    moved = true;
                } else if (topic.equals(topics.clusterState().name())) {
                    ClusterStateEvent event = decode(stateValues, record);
                    transitions.computeIfAbsent(event.getCluster(), c -> new ArrayList<>()).add(event);
                    seenAt.putIfAbsent(event, now);
                } else if (topic.equals(topics.migrations().name())) {
                    MigrationCommand command = decode(commandValues, record);
                    remember(command.getWorkloadKey(), "command %s %s %s -> %s".formatted(command.getCommandId(), command.getAction(),
                            command.getSourceCluster(), command.getTargetCluster()));
                    commands.add(command);
                    lastCommandSeen = now;
                    moved = true;
                } else if (topic.equals(topics.clusterViews().name())) {
                    ClusterWatch view = decode(viewValues, record);
                    // A state change re-sends the latest heartbeat; only a new beat measures the lag.
                    if (view != null && view.getHeartbeat() != null
                            && !view.getHeartbeat().getLabels().get(HeartbeatingClusters.BEAT_LABEL).equals(lastBeat.put(view.getCluster(),
                                    view.getHeartbeat().getLabels().get(HeartbeatingClusters.BEAT_LABEL)))) {
                        maxHeartbeatLagMs = Math.max(maxHeartbeatLagMs,
                                System.currentTimeMillis() - view.getHeartbeat().getHeartbeatAt().toEpochMilli());
                    }
                } else if (topic.equals(topics.audit().name())) {
                    AuditEvent event = decode(auditValues, record);
                    decisions.merge(event.getDecision(), 1, Integer::sum);
                    if (event.getWorkloadKey() != null) {
                        remember(event.getWorkloadKey(), "audit %s %s cluster %s target %s: %s".formatted(event.getStage(), event.getDecision(),
                                event.getCluster(), event.getTargetCluster(), event.getReason()));
                    }
                    if (event.getDecision().endsWith("REFUSED") || event.getDecision().endsWith("NO_TARGET") || event.getDecision().equals("UNPLACEABLE")) {
                        why.merge(event.getDecision() + ": " + event.getReason(), 1, Integer::sum);
                    }
                } else {
                    deadLetters++;
                }
            }
            if (moved) {
                running = running();
            }
        }

        private void remember(String key, String what) {
            history.computeIfAbsent(key, k -> new ArrayList<>()).add(what);
        }

        private Map<String, Map<String, String>> running() {
            Map<String, Resources> perCluster = new TreeMap<>();
            bindings.values().stream().filter(binding -> binding.getPlacement() != null && !binding.getPlacement().getClusters().isEmpty())
                    .forEach(binding -> perCluster.merge(cluster(binding), demand(binding), Resources::plus));
            commands.forEach(command -> {
                ResourceBinding binding = bindings.get(command.getWorkloadKey());
                if (binding != null && command.getTargetCluster() != null) {
                    perCluster.merge(command.getTargetCluster(), demand(binding), Resources::plus);
                }
            });
            return quantities(perCluster);
        }

        private static <V> V decode(Deserializer<V> values, ConsumerRecord<String, byte[]> record) {
            return record.value() == null ? null : values.deserialize(record.topic(), record.headers(), record.value());
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
