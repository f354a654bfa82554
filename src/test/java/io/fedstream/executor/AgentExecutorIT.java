package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fedstream.agent.Agent;
import io.fedstream.agent.AgentSettings;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.propagate.PropagationMarks;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 end to end: two member clusters (fabric8 mock API servers in CRUD mode), an agent and an executor for each,
 * the fedstream topology on the shared real broker. A FlinkDeployment created on A is placed on A; A's agent stops; the
 * executor on B creates the job from A's last checkpoint, is stopped without committing right after applying it, and a
 * new executor finishes the command exactly once; once the placement names B, B's executor propagates the copy with
 * what the migration restored; A's copy is purged once the binding has left A, Directly, and A's agent returns.
 */
@ExtendWith(KafkaClusterExtension.class)
class AgentExecutorIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String A = "member-a";
    private static final String B = "member-b";
    private static final String NAMESPACE = "streaming";
    private static final String NAME = "fraud-scorer";
    private static final String KEY = "flink.apache.org/FlinkDeployment/" + NAMESPACE + "/" + NAME;
    private static final String CHECKPOINT = "s3://flink-state/fraud-scorer/chk-17";
    private static final Map<String, String> NODE = Map.of("cpu", "32", "memory", "128Gi", "pods", "110");
    /** Short health times; two partitions, since one workload needs no more and fewer tasks start sooner. */
    private static final Map<String, String> SETTINGS = Map.of(
            FedstreamConfig.TOPIC_PARTITIONS, "2",
            FedstreamConfig.HEALTH_FAILURE_THRESHOLD_MS, "3000",
            FedstreamConfig.HEALTH_TOLERATION_MS, "3000",
            FedstreamConfig.HEALTH_SUCCESS_THRESHOLD_MS, "2000",
            FedstreamConfig.HEALTH_CHECK_INTERVAL_MS, "300",
            FedstreamConfig.PLACE_RETRY_INTERVAL_MS, "1000");
    private static final String POLICY = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"streaming","namespace":"streaming"},
             "spec":{"resourceSelectors":[{"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment"}],
               "placement":{"spreadConstraints":[{"spreadByField":"cluster","maxGroups":1}],
                 "clusterAffinities":[{"affinityName":"primary","clusterNames":["member-a"]},
                                                 {"affinityName":"fallback","clusterNames":["member-b"]}],
                 "clusterTolerations":[{"key":"cluster.karmada.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":1}]},
               "failover":{"application":{"decisionConditions":{"tolerationSeconds":1},"purgeMode":"Directly",
                 "statePreservation":{"rules":[{"aliasLabelName":"fedstream.io/flink-job-id","jsonPath":"{.jobStatus.jobId}"}]}}}}}""";
    private static final String FLINK = """
            {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"fraud-scorer","namespace":"streaming"},
             "spec":{"flinkConfiguration":{"taskmanager.numberOfTaskSlots":"2"},
               "jobManager":{"resource":{"cpu":1,"memory":"2048m"}},"taskManager":{"resource":{"cpu":2,"memory":"4096m"}},
               "job":{"jarURI":"local:///opt/flink/usrlib/fraud-scorer.jar","parallelism":4,"upgradeMode":"stateless"}},
             "status":{"jobStatus":{"state":"RUNNING","jobId":"a1b2c3",
               "savepointInfo":{"lastSavepoint":{"timeStamp":1764590400000,"location":"%s"}}}}}""".formatted(CHECKPOINT);

    @Test
    void aFlinkJobFailsOverWithItsCheckpointAndCompletesExactlyOnceAcrossAnExecutorKill(SharedKafka kafka, KafkaTestNames names,
            @TempDir Path state) throws Exception {
        long start = System.nanoTime();
        List<AutoCloseable> open = new ArrayList<>();
        try (MockCluster clusterA = new MockCluster(); MockCluster clusterB = new MockCluster(); Admin admin = kafka.admin()) {
            try {
                AppInstance app = AppInstance.start(AppInstance.config(kafka, names, state, "it-token", SETTINGS), new InProcessSchemaRegistry());
                open.add(app);
                FedstreamConfig config = app.fedstream().config();
                Topics topics = app.fedstream().topics();
                clusterA.addNode("a-1", NODE);
                clusterB.addNode("b-1", NODE);
                TopicTail<ResourceBinding> bindings = tail(config, topics.bindings(), open);
                TopicTail<MigrationCommand> commands = tail(config, topics.migrations(), open);
                TopicTail<MigrationEvent> events = tail(config, topics.migrationEvents(), open);
                TopicTail<WorkloadEvent> workloads = tail(config, topics.workloads(), open);
                TopicTail<WorkloadStatusEvent> statuses = tail(config, topics.workloadStatus(), open);

                open.add(agent(clusterA, A, config, topics, admin));
                open.add(agent(clusterB, B, config, topics, admin));
                Executor executorA = new Executor(clusterA.client(), config, topics, admin, A, Clock.systemUTC()).start();
                open.add(executorA);
                AtomicBoolean stopOnce = new AtomicBoolean(true);
                Executor executorB = new Executor(clusterB.client(), config, topics, admin, B, Clock.systemUTC(), command -> {
                    if (stopOnce.getAndSet(false)) {
                        throw new StoppedWithoutCommitting();
                    }
                }).start();
                open.add(executorB);
                publish(config, topics.policies(), "PropagationPolicy/streaming/streaming",
                        PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(POLICY).setObservedAt(Instant.now()).build());

                ClusterViews.awaitReady(app, WAIT, A, B);
                clusterA.create(MockCluster.FLINK, FLINK);
                ResourceBinding placed = bindings.await(b -> KEY.equals(b.getWorkloadKey()) && placedOn(b, A));
                assertThat(placed.getComponents()).extracting(c -> c.getName() + "x" + c.getReplicas())
                        .containsExactly("jobmanagerx1", "taskmanagerx2");
                statuses.await(s -> A.equals(s.getCluster()) && s.getLastCompletedCheckpoint() != null);
                System.out.printf("AgentExecutorIT: placed on %s %d ms after start%n", A, millis(start));

                open.remove(indexOfAgent(open, A)).close();
                MigrationCommand migrate = commands.await(c -> KEY.equals(c.getWorkloadKey()) && c.getAction() == MigrationAction.MIGRATE);
                assertThat(migrate.getSourceCluster()).isEqualTo(A);
                assertThat(migrate.getTargetCluster()).isEqualTo(B);
                assertThat(migrate.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT);
                assertThat(migrate.getCheckpoint().getPath()).isEqualTo(CHECKPOINT);
                assertThat(migrate.getCheckpoint().getId()).isEqualTo(17);

                assertThat(executorB.awaitStop(WAIT)).as("executor B stopped right after applying").isTrue();
                assertThat(executorB.failure()).isInstanceOf(StoppedWithoutCommitting.class);
                GenericKubernetesResource applied = clusterB.get(MockCluster.FLINK, NAMESPACE, NAME);
                assertThat(applied).as("the job exists on B before the command is reported done").isNotNull();
                assertThat(events.values()).filteredOn(e -> e.getCommandId().equals(migrate.getCommandId()))
                        .extracting(MigrationEvent::getPhase).containsExactly(MigrationPhase.STARTED);
                open.remove(executorB);
                Executor restarted = new Executor(clusterB.client(), config, topics, admin, B, Clock.systemUTC()).start();
                open.add(restarted);

                events.await(e -> e.getCommandId().equals(migrate.getCommandId()) && e.getPhase() == MigrationPhase.COMPLETED);
                bindings.await(b -> KEY.equals(b.getWorkloadKey()) && placedOn(b, B));
                System.out.printf("AgentExecutorIT: migrated to %s and placed there %d ms after start%n", B, millis(start));

                open.add(agent(clusterA, A, config, topics, admin));
                MigrationCommand purge = commands.await(c -> KEY.equals(c.getWorkloadKey()) && c.getAction() == MigrationAction.PURGE);
                assertThat(purge.getSourceCluster()).isEqualTo(A);
                events.await(e -> e.getCommandId().equals(purge.getCommandId()) && e.getPhase() == MigrationPhase.COMPLETED);
                assertThat(clusterA.get(MockCluster.FLINK, NAMESPACE, NAME)).as("A's copy purged").isNull();
                System.out.printf("AgentExecutorIT: purged on %s %d ms after start%n", A, millis(start));

                // The PURGE goes once the binding has left A (docs/failover.md), which may be before B's propagation took the copy over.
                long deadline = System.nanoTime() + WAIT.toNanos();
                while (!PropagationMarks.MANAGED_VALUE.equals(Objects.requireNonNullElse(clusterB.get(MockCluster.FLINK, NAMESPACE, NAME)
                        .getMetadata().getLabels(), Map.<String, String>of()).get(PropagationMarks.MANAGED_LABEL)) && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                GenericKubernetesResource onB = clusterB.get(MockCluster.FLINK, NAMESPACE, NAME);
                Map<String, Object> job = job(onB);
                assertThat(job).containsEntry("initialSavepointPath", CHECKPOINT).containsEntry("upgradeMode", "savepoint");
                assertThat(onB.getMetadata().getAnnotations()).containsEntry(ObjectMarks.MIGRATION_COMMAND, migrate.getCommandId());
                assertThat(onB.getMetadata().getLabels()).containsEntry("fedstream.io/flink-job-id", "a1b2c3");
                assertThat(clusterB.requests()).filteredOn(request -> request.startsWith("POST ") && request.contains("/flinkdeployments/"))
                        .as("applied once: the restart did not apply it again")
                        .containsExactly("POST /apis/flink.apache.org/v1beta1/namespaces/streaming/flinkdeployments/" + NAME);
                assertThat(onB.getMetadata().getLabels()).as("propagated once the placement names B, what the migration restored kept")
                        .containsEntry(PropagationMarks.MANAGED_LABEL, PropagationMarks.MANAGED_VALUE);
                assertThat(clusterB.client().genericKubernetesResources(MockCluster.FLINK).inAnyNamespace().list().getItems()).hasSize(1);
                assertThat(events.values()).filteredOn(e -> e.getCommandId().equals(migrate.getCommandId()))
                        .extracting(MigrationEvent::getPhase, MigrationEvent::getCluster)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(MigrationPhase.STARTED, B),
                                org.assertj.core.groups.Tuple.tuple(MigrationPhase.RESTORED, B),
                                org.assertj.core.groups.Tuple.tuple(MigrationPhase.COMPLETED, B));
                assertThat(events.values()).filteredOn(e -> e.getCommandId().equals(purge.getCommandId()))
                        .extracting(MigrationEvent::getPhase, MigrationEvent::getCluster)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(MigrationPhase.STARTED, A),
                                org.assertj.core.groups.Tuple.tuple(MigrationPhase.COMPLETED, A));
                workloads.poll();
                assertThat(workloads.values()).as("only A's user object reached the workloads topic, and no delete")
                        .allSatisfy(e -> {
                            assertThat(e.getOp()).isEqualTo(Op.UPSERT);
                            assertThat(e.getSource()).isEqualTo("agent/" + A);
                        });
                bindings.poll();
                assertThat(bindings.latest(KEY)).as("the workload stays, placed on B").matches(b -> placedOn(b, B));
                assertThat(app.runner().failure()).isNull();
                long took = millis(start);
                System.out.printf("AgentExecutorIT: done in %d ms%n", took);
            } finally {
                // Clients first, then the clusters and the admin client they use.
                for (int i = open.size() - 1; i >= 0; i--) {
                    open.get(i).close();
                }
            }
        }
    }

    private static int indexOfAgent(List<AutoCloseable> open, String cluster) {
        for (int i = 0; i < open.size(); i++) {
            if (open.get(i) instanceof NamedAgent agent && agent.cluster.equals(cluster)) {
                return i;
            }
        }
        throw new AssertionError("no agent for " + cluster);
    }

    private static NamedAgent agent(MockCluster cluster, String name, FedstreamConfig config, Topics topics, Admin admin) {
        Agent agent = new Agent(cluster.client(), config, topics, admin,
                new AgentSettings(name, Duration.ofMillis(500), Duration.ofMinutes(10), Map.of(), List.of()), Clock.systemUTC()).start();
        return new NamedAgent(name, agent);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> job(GenericKubernetesResource object) {
        return (Map<String, Object>) ((Map<String, Object>) object.getAdditionalProperties().get("spec")).get("job");
    }

    private static boolean placedOn(ResourceBinding binding, String cluster) {
        return binding.getPlacement() != null && binding.getPlacement().getClusters().size() == 1
                && binding.getPlacement().getClusters().get(0).getName().equals(cluster);
    }

    private static <V> void publish(FedstreamConfig config, Topic<String, V> topic, String key, V value) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties(), new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic.name(), key, topic.valueSerde().serializer().serialize(topic.name(), value))).get();
        }
    }

    private static long millis(long since) {
        return Duration.ofNanos(System.nanoTime() - since).toMillis();
    }

    private static <V> TopicTail<V> tail(FedstreamConfig config, Topic<String, V> topic, List<AutoCloseable> open) {
        TopicTail<V> tail = new TopicTail<>(config.consumerProperties(), topic, WAIT);
        open.add(tail);
        return tail;
    }

    /** What a test's executor throws to die as a killed process would (an Error: no handler turns it into FAILED), after applying and before reporting and committing. */
    private static final class StoppedWithoutCommitting extends Error {
        StoppedWithoutCommitting() {
            super("stopped by the test after applying, before committing");
        }
    }

    private record NamedAgent(String cluster, Agent agent) implements AutoCloseable {
        @Override
        public void close() {
            agent.close();
        }
    }
}
