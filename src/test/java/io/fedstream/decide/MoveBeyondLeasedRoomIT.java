package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fedstream.Fedstream;
import io.fedstream.TopicReader;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.Component;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topics;
import io.fedstream.interpret.Resources;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
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
 * A large one-active-cluster workload leaves a failed cluster when every survivor's room is leased to another
 * namespace's task: once the tasks its allocator asked for room back have answered, the lease refuses it, and it moves
 * beyond room as Karmada's re-schedule places it (docs/leases.md "Reclaim", docs/failover.md "No survivor with room").
 * While the allocator said {@code reclaiming: true} for a whole reclaim episode, the ask waited for good and the
 * workload got no command (DemoIT, 2026-12-07). The stage harness runs one partition, so no other task can hold a
 * survivor's room there; this runs two.
 *
 * <p>The numbers, in cpu: each survivor has 24, and its first view offers each task 3. As dc-2 turns FAILED, the movers'
 * task leases 18.25 on each survivor (its 16-cpu copy, which the agents do not count until the executor starts it, and
 * headroom). The big workload's task last heard the survivors' allocators at their offer (18 free), so its view still
 * holds a 16-cpu copy there and it asks their leases rather than moving beyond room at once. Each allocator has 5.75
 * free, asks the movers' task for room back, gets its headroom (8 free: still short), and once that answer is in tells
 * the big workload's task that no more is coming.
 */
@ExtendWith(KafkaClusterExtension.class)
class MoveBeyondLeasedRoomIT {

    private static final Duration WAIT = AppInstance.WAIT;
    private static final Duration MOVE_BOUND = Duration.ofSeconds(30);
    private static final Duration QUIET = Duration.ofSeconds(3);
    private static final Instant OBSERVED = Instant.parse("2026-12-07T12:00:00Z");
    private static final int PARTITIONS = 2;

    private static final String FAILING = "dc-2";
    private static final Set<String> SURVIVORS = Set.of("dc-1", "dc-3");
    /** A survivor holds one 16-cpu copy, not two; the failing cluster is the roomiest, so every workload is placed there. */
    private static final Map<String, Map<String, String>> ALLOCATABLE = Map.of(
            "dc-1", Map.of("cpu", "24", "memory", "96Gi", "pods", "110"),
            FAILING, Map.of("cpu", "96", "memory", "384Gi", "pods", "110"),
            "dc-3", Map.of("cpu", "24", "memory", "96Gi", "pods", "110"));

    /** Partition 0: a 16-cpu workload that may only move to dc-1 and one only to dc-3; they move as dc-2 turns FAILED. */
    private static final String MOVERS = "team-movers";
    /** Partition 1: the big workload, 16 cpu, which tolerates the failure 7 s longer: it asks after the movers' leases took the room. */
    private static final String BIG_NAMESPACE = "team-big";
    private static final String TO_DC1 = "apps/Deployment/" + MOVERS + "/to-dc-1";
    private static final String TO_DC3 = "apps/Deployment/" + MOVERS + "/to-dc-3";
    private static final String BIG = "apps/Deployment/" + BIG_NAMESPACE + "/big";
    private static final String ONE_CLUSTER = "\"spreadConstraints\":[{\"spreadByField\":\"cluster\",\"maxGroups\":1}]";

    /** FailoverIT's health and placement times (SUSPECT 10 s after the last heartbeat, FAILED 10 s later), over two tasks. */
    private static final Map<String, String> SETTINGS = withPartitions(FailoverIT.SETTINGS, PARTITIONS);

    @Test
    void aBigWorkloadMovesBeyondRoomOnceEverySurvivorsLeaseRefusesIt(SharedKafka kafka, KafkaTestNames names, @TempDir Path state)
            throws Exception {
        assertThat(NamespacePartitioner.partitionOfNamespace(MOVERS, PARTITIONS)).as("the movers' task")
                .isNotEqualTo(NamespacePartitioner.partitionOfNamespace(BIG_NAMESPACE, PARTITIONS));
        long testStart = System.nanoTime();
        AppInstance instance = AppInstance.start(AppInstance.config(kafka, names, state, "move-beyond-leased-room", SETTINGS),
                new InProcessSchemaRegistry());
        try (Outputs outputs = new Outputs(instance.fedstream());
                HeartbeatingClusters heartbeats = new HeartbeatingClusters(instance.fedstream(), ALLOCATABLE, () -> outputs.running);
                KafkaProducer<String, PolicyEvent> policies = producer(instance.fedstream(), instance.fedstream().topics().policies().valueSerde().serializer());
                KafkaProducer<String, WorkloadEvent> workloads = producer(instance.fedstream(), instance.fedstream().topics().workloads().valueSerde().serializer())) {
            outputs.awaitReady(ALLOCATABLE.keySet());
            Topics topics = instance.fedstream().topics();
            policy(policies, topics, MOVERS, "to-dc-1", "{\"clusterAffinity\":{\"clusterNames\":[\"dc-1\",\"dc-2\"]}," + ONE_CLUSTER + "}");
            policy(policies, topics, MOVERS, "to-dc-3", "{\"clusterAffinity\":{\"clusterNames\":[\"dc-3\",\"dc-2\"]}," + ONE_CLUSTER + "}");
            policy(policies, topics, BIG_NAMESPACE, "big", "{" + ONE_CLUSTER + ",\"clusterTolerations\":["
                    + "{\"key\":\"cluster.karmada.io/unreachable\",\"operator\":\"Exists\",\"effect\":\"NoExecute\",\"tolerationSeconds\":17},"
                    + "{\"key\":\"cluster.karmada.io/not-ready\",\"operator\":\"Exists\",\"effect\":\"NoExecute\",\"tolerationSeconds\":17}]}");
            for (String key : List.of(TO_DC1, TO_DC3, BIG)) {
                deployment(workloads, topics, key, 16);
            }
            outputs.awaitPlacedOn(FAILING, List.of(TO_DC1, TO_DC3, BIG));

            heartbeats.stop(FAILING);
            long stoppedAt = System.nanoTime();
            ClusterStateEvent failed = outputs.await(FAILING, ClusterState.FAILED);
            long failedSeen = System.nanoTime();
            MigrationCommand moved = outputs.awaitMove(BIG, failedSeen + MOVE_BOUND.toNanos());
            long movedSeen = System.nanoTime();
            outputs.pollFor(QUIET);

            System.out.printf("MoveBeyondLeasedRoomIT: %s FAILED %d ms after its heartbeats stopped; %s moved to %s %d ms after"
                            + " FAILED (issuedAt), seen %d ms after FAILED was seen; test ran %d ms%n  %s%n", FAILING,
                    millis(failedSeen - stoppedAt), BIG, moved.getTargetCluster(),
                    moved.getIssuedAt().toEpochMilli() - failed.getTransitionAt().toEpochMilli(), millis(movedSeen - failedSeen),
                    millis(System.nanoTime() - testStart), String.join("\n  ", outputs.history(TO_DC1, TO_DC3, BIG)));
            Map<String, String> roomNotes = new TreeMap<>();
            for (String key : List.of(TO_DC1, TO_DC3, BIG)) {
                List<MigrationCommand> moves = outputs.moves(key);
                assertThat(moves).as("MIGRATE commands of %s; what the test read of it: %s", key, outputs.history(key)).hasSize(1);
                MigrationCommand move = moves.get(0);
                assertThat(move.getCommandId()).as(key).isEqualTo(key + "/" + failed.getIncidentId() + "/1");
                assertThat(move.getSourceCluster()).as(key).isEqualTo(FAILING);
                assertThat(move.getTargetCluster()).as(key).isIn(SURVIVORS);
                roomNotes.put(key, move.getTargetRoomNote());
            }
            assertThat(outputs.moves(TO_DC1).get(0).getTargetCluster()).isEqualTo("dc-1");
            assertThat(outputs.moves(TO_DC3).get(0).getTargetCluster()).isEqualTo("dc-3");
            assertThat(List.of(outputs.moves(TO_DC1).get(0).getIssuedAt(), outputs.moves(TO_DC3).get(0).getIssuedAt()))
                    .as("the premise: the movers' leases took the survivors' room before %s asked", BIG).allMatch(moved.getIssuedAt()::isAfter);
            assertThat(roomNotes).as("the movers hold their survivor's room; the big workload holds none").containsEntry(TO_DC1, null)
                    .containsEntry(TO_DC3, null).doesNotContainEntry(BIG, null);
            assertThat(outputs.refusedBy(BIG)).as("the survivors whose lease refused %s: its asks were answered, not left waiting", BIG)
                    .isEqualTo(new TreeSet<>(SURVIVORS));
            assertThat(outputs.audits(BIG, "MIGRATION_ISSUED")).singleElement().extracting(AuditEvent::getReason)
                    .isEqualTo("GRACEFUL_SHUTDOWN from " + FAILING + " to " + moved.getTargetCluster()
                            + "; moved beyond the room reported, as Karmada's re-schedule places it, with no room held: " + moved.getTargetRoomNote());
            assertThat(outputs.deadLetters).as("dead letters").isZero();
            assertThat(heartbeats.failure.get()).as("heartbeat send failure").isNull();
            assertThat(instance.runner().failure()).as("fatal error of the instance").isNull();
        } finally {
            instance.close();
        }
    }

    /** A PropagationPolicy selecting the namespace's Deployment of its own name, with {@code placement}, as `fedstream apply` writes it. */
    private static void policy(KafkaProducer<String, PolicyEvent> producer, Topics topics, String namespace, String name, String placement)
            throws Exception {
        String manifest = """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment","name":"%s"}],"placement":%s}}"""
                .formatted(name, namespace, name, placement);
        producer.send(new ProducerRecord<>(topics.policies().name(), "PropagationPolicy/" + namespace + "/" + name,
                PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(OBSERVED).build())).get();
    }

    /** A Deployment of one replica of {@code cpu} cpus, as `fedstream apply` writes it (the producer partitions by namespace). */
    private static void deployment(KafkaProducer<String, WorkloadEvent> producer, Topics topics, String key, int cpu) throws Exception {
        String[] parts = key.split("/");
        String manifest = """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":1,"template":{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"%d"}}}]}}}}"""
                .formatted(parts[3], parts[2], cpu);
        producer.send(new ProducerRecord<>(topics.workloads().name(), key,
                WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(OBSERVED).build())).get();
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static Map<String, String> withPartitions(Map<String, String> settings, int partitions) {
        Map<String, String> with = new HashMap<>(settings);
        with.put(FedstreamConfig.TOPIC_PARTITIONS, Integer.toString(partitions));
        return Map.copyOf(with);
    }

    private static <V> KafkaProducer<String, V> producer(Fedstream fedstream, Serializer<V> values) {
        return new KafkaProducer<>(fedstream.config().producerProperties(), new StringSerializer(), values);
    }

    /** A read_committed reader of bindings, cluster states, migrations, audit and dead letters. */
    private static final class Outputs implements AutoCloseable {

        private final Map<String, ResourceBinding> bindings = new HashMap<>();
        private final Map<String, List<ClusterStateEvent>> transitions = new TreeMap<>();
        private final List<MigrationCommand> commands = new ArrayList<>();
        private final List<AuditEvent> audit = new ArrayList<>();
        /** Per workload, every binding, audit record and command read for it, in the order read. */
        private final Map<String, List<String>> history = new HashMap<>();
        int deadLetters;
        /** Per cluster, the demand of the workloads the bindings place there, as the agents report it allocated. */
        volatile Map<String, Map<String, String>> running = Map.of();
        private final Topics topics;
        private final Deserializer<ResourceBinding> bindingValues;
        private final Deserializer<ClusterStateEvent> stateValues;
        private final Deserializer<MigrationCommand> commandValues;
        private final Deserializer<AuditEvent> auditValues;
        private final KafkaConsumer<String, byte[]> consumer;

        Outputs(Fedstream fedstream) {
            topics = fedstream.topics();
            bindingValues = topics.bindings().valueSerde().deserializer();
            stateValues = topics.clusterState().valueSerde().deserializer();
            commandValues = topics.migrations().valueSerde().deserializer();
            auditValues = topics.audit().valueSerde().deserializer();
            consumer = TopicReader.fromTheStart(fedstream.config(), List.of(topics.bindings().name(), topics.clusterState().name(),
                    topics.migrations().name(), topics.audit().name(), topics.deadLetters().name()), Map.of());
        }

        void awaitReady(Set<String> clusters) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!clusters.stream().allMatch(c -> latest(c) == ClusterState.READY)) {
                assertThat(System.nanoTime()).as("%s READY within %s, got %s", clusters, WAIT, transitions).isLessThan(deadline);
                poll();
            }
        }

        /** Until each workload is ADMITTED and placed by the scheduler on {@code cluster}. */
        void awaitPlacedOn(String cluster, List<String> keys) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!keys.stream().allMatch(key -> placedOn(bindings.get(key), cluster))) {
                if (System.nanoTime() > deadline) {
                    fail("%s not all placed on %s within %s: %s", keys, cluster, WAIT, keys.stream().map(this::history).toList());
                }
                poll();
            }
        }

        ClusterStateEvent await(String cluster, ClusterState state) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (latest(cluster) != state) {
                assertThat(System.nanoTime()).as("%s %s within %s, got %s", cluster, state, WAIT, transitions).isLessThan(deadline);
                poll();
            }
            return transitions.get(cluster).get(transitions.get(cluster).size() - 1);
        }

        /** The workload's first MIGRATE command, read by {@code deadline} (System.nanoTime). */
        MigrationCommand awaitMove(String key, long deadline) {
            while (moves(key).isEmpty()) {
                if (System.nanoTime() > deadline) {
                    fail("no MIGRATE command for %s within %s of %s FAILED; what the test read of each workload, in order:%n  %s",
                            key, MOVE_BOUND, FAILING, String.join("\n  ", history(new TreeSet<>(history.keySet()).toArray(String[]::new))));
                }
                poll();
            }
            return moves(key).get(0);
        }

        void pollFor(Duration duration) {
            long until = System.nanoTime() + duration.toNanos();
            while (System.nanoTime() < until) {
                poll();
            }
        }

        List<MigrationCommand> moves(String key) {
            return commands.stream().filter(c -> c.getWorkloadKey().equals(key) && c.getAction() == MigrationAction.MIGRATE).toList();
        }

        List<AuditEvent> audits(String key, String decision) {
            return audit.stream().filter(a -> key.equals(a.getWorkloadKey()) && decision.equals(a.getDecision())).toList();
        }

        /** The clusters whose lease refused a reservation of the workload. */
        Set<String> refusedBy(String key) {
            return audits(key, "RESERVATION_REFUSED").stream().map(AuditEvent::getTargetCluster).collect(TreeSet::new, Set::add, Set::addAll);
        }

        List<String> history(String key) {
            return history.getOrDefault(key, List.of(key + ": nothing read"));
        }

        /** The workloads' histories, each line naming its workload. */
        List<String> history(String... keys) {
            List<String> lines = new ArrayList<>();
            for (String key : keys) {
                history(key).forEach(line -> lines.add(key.substring(key.lastIndexOf('/') + 1) + ": " + line));
            }
            return lines;
        }

        private ClusterState latest(String cluster) {
            List<ClusterStateEvent> events = transitions.getOrDefault(cluster, List.of());
            return events.isEmpty() ? null : events.get(events.size() - 1).getState();
        }

        private static boolean placedOn(ResourceBinding binding, String cluster) {
            return binding != null && binding.getAdmission().getState() == AdmissionState.ADMITTED && binding.getPlacement() != null
                    && binding.getPlacement().getClusters().size() == 1 && binding.getPlacement().getClusters().get(0).getName().equals(cluster)
                    && Placing.DECIDED_BY.equals(binding.getPlacement().getDecidedBy());
        }

        private void poll() {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                String topic = record.topic();
                if (topic.equals(topics.bindings().name())) {
                    ResourceBinding binding = decode(bindingValues, record);
                    remember(record.key(), "binding " + (binding == null ? "deleted" : binding.getAdmission().getState() + " on "
                            + (binding.getPlacement() == null ? "nothing" : binding.getPlacement().getClusters())));
                    bindings.put(record.key(), binding);
                    running = running();
                } else if (topic.equals(topics.clusterState().name())) {
                    ClusterStateEvent event = decode(stateValues, record);
                    transitions.computeIfAbsent(event.getCluster(), c -> new ArrayList<>()).add(event);
                } else if (topic.equals(topics.migrations().name())) {
                    MigrationCommand command = decode(commandValues, record);
                    remember(command.getWorkloadKey(), "command %s %s %s -> %s, room note %s".formatted(command.getCommandId(),
                            command.getAction(), command.getSourceCluster(), command.getTargetCluster(), command.getTargetRoomNote()));
                    commands.add(command);
                } else if (topic.equals(topics.audit().name())) {
                    AuditEvent event = decode(auditValues, record);
                    audit.add(event);
                    if (event.getWorkloadKey() != null) {
                        remember(event.getWorkloadKey(), "audit %s %s target %s: %s".formatted(event.getStage(), event.getDecision(),
                                event.getTargetCluster(), event.getReason()));
                    }
                } else {
                    deadLetters++;
                }
            }
        }

        private void remember(String key, String what) {
            history.computeIfAbsent(key, k -> new ArrayList<>()).add(what);
        }

        private Map<String, Map<String, String>> running() {
            Map<String, Resources> perCluster = new TreeMap<>();
            bindings.values().stream().filter(b -> b != null && b.getPlacement() != null && !b.getPlacement().getClusters().isEmpty())
                    .forEach(b -> perCluster.merge(b.getPlacement().getClusters().get(0).getName(), Resources.fromQuantities(b.getTotal())
                            .plus(Resources.fromQuantities(Map.of("pods", Long.toString(b.getComponents().stream()
                                    .mapToLong(Component::getReplicas).sum())))), Resources::plus));
            Map<String, Map<String, String>> out = new TreeMap<>();
            perCluster.forEach((cluster, resources) -> out.put(cluster, resources.toQuantities()));
            return out;
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
