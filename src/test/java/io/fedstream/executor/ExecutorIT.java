package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fedstream.Fedstream;
import io.fedstream.agent.Agent;
import io.fedstream.agent.AgentSettings;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.Op;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.runtime.TopicProvisioner;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent and the executor against a real broker without the topology (the test writes the commands): a labelled
 * consumer's offsets reported, an OFFSET_COMMIT committed before the workload is applied and not again for a repeated
 * command, a command's overridden target manifest applied instead of the catalog's, a graceful purge that scales down and
 * deletes after the grace period, another cluster's command ignored, and a moved Divided share applied with the share's
 * replicas per component.
 */
@ExtendWith(KafkaClusterExtension.class)
class ExecutorIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String CLUSTER = "member-x";
    private static final Instant ISSUED = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void offsetsAreReportedCommittedOnceAndAGracefulPurgeScalesDownThenDeletes(SharedKafka kafka, KafkaTestNames names,
            @TempDir Path state) throws Exception {
        FedstreamConfig config = AppInstance.config(kafka, names, state, "t", Map.of(FedstreamConfig.TOPIC_PARTITIONS, "1"));
        Fedstream fedstream = Fedstream.create(config, new InProcessSchemaRegistry());
        Topics topics = fedstream.topics();
        new TopicProvisioner(config).ensure(topics);
        String orders = names.topic("orders");
        kafka.createTopics(2, orders);
        String reported = names.id("reporting-group");
        String moved = names.id("moved-group");
        List<AutoCloseable> open = new ArrayList<>();
        try (MockCluster cluster = new MockCluster(); Admin admin = kafka.admin()) {
            try {
                // A new topic reaches the group coordinator's metadata a moment after it is created.
                await(() -> {
                    try {
                        admin.alterConsumerGroupOffsets(reported, Map.of(new TopicPartition(orders, 0), new OffsetAndMetadata(5),
                                new TopicPartition(orders, 1), new OffsetAndMetadata(7))).all().get();
                        return true;
                    } catch (Exception e) {
                        return null;
                    }
                });
                cluster.create(MockCluster.FLINK, flink("reporter", reported));
                open.add(new Agent(cluster.client(), config, topics, admin,
                        new AgentSettings(CLUSTER, Duration.ofMillis(300), Duration.ofMinutes(10), Map.of(), List.of()), Clock.systemUTC()).start());
                open.add(new Executor(cluster.client(), config, topics, admin, CLUSTER, Clock.systemUTC()).start());

                WorkloadStatusEvent status = await(() -> read(config, topics.workloadStatus()).stream()
                        .filter(s -> !s.getConsumerGroupOffsets().isEmpty()).findFirst().orElse(null));
                assertThat(status.getConsumerGroupOffsets()).containsExactly(
                        new ConsumerGroupOffset(reported, orders, 0, 5L), new ConsumerGroupOffset(reported, orders, 1, 7L));

                String writerKey = "flink.apache.org/FlinkDeployment/streaming/writer";
                publish(config, topics.workloads(), writerKey, WorkloadEvent.newBuilder().setOp(Op.UPSERT)
                        .setManifest(flink("writer", moved)).setObservedAt(ISSUED).build());
                MigrationCommand offsetCommit = command(writerKey, "cmd-offsets", MigrationAction.MIGRATE, "member-y", CLUSTER)
                        .setStrategy(MigrationStrategy.OFFSET_COMMIT)
                        .setConsumerGroupOffsets(List.of(new ConsumerGroupOffset(moved, orders, 0, 11L), new ConsumerGroupOffset(moved, orders, 1, 13L)))
                        .build();
                MigrationCommand elsewhere = command(writerKey, "cmd-elsewhere", MigrationAction.MIGRATE, "member-y", "member-z").build();
                publish(config, topics.migrations(), writerKey, elsewhere);
                publish(config, topics.migrations(), writerKey, offsetCommit);
                awaitPhase(config, topics, "cmd-offsets", MigrationPhase.COMPLETED, 1);
                assertThat(committed(admin, moved)).isEqualTo(Map.of(0, 11L, 1, 13L));
                assertThat(annotations(cluster.get(MockCluster.FLINK, "streaming", "writer")))
                        .containsEntry(ObjectMarks.MIGRATION_COMMAND, "cmd-offsets");

                // The workload consumed on; the same command again must neither rewind its group nor apply it again.
                admin.alterConsumerGroupOffsets(moved, Map.of(new TopicPartition(orders, 0), new OffsetAndMetadata(20))).all().get();
                String version = cluster.get(MockCluster.FLINK, "streaming", "writer").getMetadata().getResourceVersion();
                publish(config, topics.migrations(), writerKey, offsetCommit);
                awaitPhase(config, topics, "cmd-offsets", MigrationPhase.COMPLETED, 2);
                assertThat(committed(admin, moved)).isEqualTo(Map.of(0, 20L, 1, 13L));
                assertThat(cluster.get(MockCluster.FLINK, "streaming", "writer").getMetadata().getResourceVersion()).isEqualTo(version);
                assertThat(events(config, topics, "cmd-offsets")).extracting(MigrationEvent::getPhase, MigrationEvent::getReason).containsExactly(
                        tuple(MigrationPhase.STARTED, null),
                        tuple(MigrationPhase.RESTORED, "committed " + moved + " " + orders + "-0@11, " + moved + " " + orders + "-1@13"),
                        tuple(MigrationPhase.COMPLETED, null),
                        tuple(MigrationPhase.RESTORED, "committed " + moved + " " + orders + "-0@11, " + moved + " " + orders + "-1@13"),
                        tuple(MigrationPhase.COMPLETED, "already applied by this command; not applied again"));

                // A target whose override policies change the workload gets the command's manifest, not the catalog's.
                String overriddenKey = "flink.apache.org/FlinkDeployment/streaming/overridden";
                publish(config, topics.workloads(), overriddenKey, WorkloadEvent.newBuilder().setOp(Op.UPSERT)
                        .setManifest(flink("overridden", moved)).setObservedAt(ISSUED).build());
                publish(config, topics.migrations(), overriddenKey, command(overriddenKey, "cmd-overridden", MigrationAction.MIGRATE, "member-y", CLUSTER)
                        .setTargetManifest(flink("overridden", moved).replace("\"parallelism\":2", "\"parallelism\":4")).build());
                awaitPhase(config, topics, "cmd-overridden", MigrationPhase.COMPLETED, 1);
                assertThat(((Map<?, ?>) ((Map<?, ?>) cluster.get(MockCluster.FLINK, "streaming", "overridden").getAdditionalProperties()
                        .get("spec")).get("job")).get("parallelism")).isEqualTo(4);

                String reporterKey = "flink.apache.org/FlinkDeployment/streaming/reporter";
                publish(config, topics.migrations(), reporterKey, command(reporterKey, "cmd-purge", MigrationAction.PURGE, CLUSTER, null)
                        .setPurgeMode(PurgeMode.Gracefully).setGracePeriodSeconds(2).build());
                awaitPhase(config, topics, "cmd-purge", MigrationPhase.STARTED, 1);
                GenericKubernetesResource stopping = cluster.get(MockCluster.FLINK, "streaming", "reporter");
                assertThat(stopping).as("kept through the grace period").isNotNull();
                assertThat(stopping.getMetadata().getLabels()).containsEntry(ObjectMarks.PURGING_LABEL, "true");
                assertThat(((Map<?, ?>) ((Map<?, ?>) stopping.getAdditionalProperties().get("spec")).get("job")).get("state")).isEqualTo("suspended");
                awaitPhase(config, topics, "cmd-purge", MigrationPhase.COMPLETED, 1);
                assertThat(cluster.get(MockCluster.FLINK, "streaming", "reporter")).isNull();
                assertThat(events(config, topics, "cmd-elsewhere")).as("a command for other clusters").isEmpty();
                assertThat(read(config, topics.workloads())).as("the purge is no user's delete").noneMatch(e -> e.getOp() == Op.DELETE);
            } finally {
                // Clients first, then the clusters and the admin client they use.
                for (int i = open.size() - 1; i >= 0; i--) {
                    open.get(i).close();
                }
            }
        }
    }

    @Test
    void aMovedSharesCommandAppliesTheSharesReplicasWithOrWithoutTheTargetsOverriddenManifest(SharedKafka kafka, KafkaTestNames names,
            @TempDir Path state) throws Exception {
        FedstreamConfig config = AppInstance.config(kafka, names, state, "t", Map.of(FedstreamConfig.TOPIC_PARTITIONS, "1"));
        Fedstream fedstream = Fedstream.create(config, new InProcessSchemaRegistry());
        Topics topics = fedstream.topics();
        new TopicProvisioner(config).ensure(topics);
        try (MockCluster cluster = new MockCluster(); Admin admin = kafka.admin();
             Executor executor = new Executor(cluster.client(), config, topics, admin, CLUSTER, Clock.systemUTC()).start()) {
            cluster.client().apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                    .withNewMetadata().withName("pytorchjobs.kubeflow.org").endMetadata()
                    .withNewSpec().withGroup("kubeflow.org").withScope("Namespaced")
                    .withNewNames().withKind("PyTorchJob").withPlural("pytorchjobs").withSingular("pytorchjob").endNames()
                    .addNewVersion().withName("v1").withServed(true).withStorage(true).endVersion()
                    .endSpec().build()).create();

            // A share of a master and 2 of 5 workers moves here; no override rule applies: the workload's manifest, revised.
            String trainKey = "kubeflow.org/PyTorchJob/team-a/train";
            publish(config, topics.workloads(), trainKey, WorkloadEvent.newBuilder().setOp(Op.UPSERT)
                    .setManifest(pytorch("train", "example/train:1", 5)).setObservedAt(ISSUED).build());
            publish(config, topics.migrations(), trainKey, command(trainKey, "cmd-share", MigrationAction.MIGRATE, "member-y", CLUSTER)
                    .setTargetReplicas(Map.of("master", 1L, "worker", 2L)).build());
            awaitPhase(config, topics, "cmd-share", MigrationPhase.COMPLETED, 1);
            assertThat(replicas(cluster.get(PYTORCH, "team-a", "train"))).isEqualTo(Map.of("Master", 1, "Worker", 2));

            // The same share where an override rule applies: the command's manifest (the mirror's image), revised as well.
            String tuneKey = "kubeflow.org/PyTorchJob/team-a/tune";
            publish(config, topics.workloads(), tuneKey, WorkloadEvent.newBuilder().setOp(Op.UPSERT)
                    .setManifest(pytorch("tune", "example/train:1", 5)).setObservedAt(ISSUED).build());
            publish(config, topics.migrations(), tuneKey, command(tuneKey, "cmd-share-overridden", MigrationAction.MIGRATE, "member-y", CLUSTER)
                    .setTargetManifest(pytorch("tune", "mirror.example.com/train:1", 5))
                    .setTargetReplicas(Map.of("master", 0L, "worker", 3L)).build());
            awaitPhase(config, topics, "cmd-share-overridden", MigrationPhase.COMPLETED, 1);
            GenericKubernetesResource tune = cluster.get(PYTORCH, "team-a", "tune");
            assertThat(replicas(tune)).isEqualTo(Map.of("Master", 0, "Worker", 3));
            assertThat(tune.toString()).contains("mirror.example.com/train:1");

            // Counts the executor cannot set in one field of this FlinkDeployment: applied as written, and said.
            String flinkKey = "flink.apache.org/FlinkDeployment/streaming/scorer";
            publish(config, topics.workloads(), flinkKey, WorkloadEvent.newBuilder().setOp(Op.UPSERT)
                    .setManifest(flink("scorer", names.id("scorer-group"))).setObservedAt(ISSUED).build());
            publish(config, topics.migrations(), flinkKey, command(flinkKey, "cmd-share-flink", MigrationAction.MIGRATE, "member-y", CLUSTER)
                    .setTargetReplicas(Map.of("jobmanager", 1L, "taskmanager", 1L)).build());
            awaitPhase(config, topics, "cmd-share-flink", MigrationPhase.COMPLETED, 1);
            assertThat(events(config, topics, "cmd-share-flink")).extracting(MigrationEvent::getPhase, MigrationEvent::getReason).containsExactly(
                    tuple(MigrationPhase.STARTED, null),
                    tuple(MigrationPhase.COMPLETED, "the share's replicas of jobmanager (1), taskmanager (1) are not one field of the manifest: applied as written"));
            assertThat(((Map<?, ?>) ((Map<?, ?>) cluster.get(MockCluster.FLINK, "streaming", "scorer").getAdditionalProperties()
                    .get("spec")).get("job")).get("parallelism")).isEqualTo(2);
        }
    }

    private static final ResourceDefinitionContext PYTORCH = new ResourceDefinitionContext.Builder()
            .withGroup("kubeflow.org").withVersion("v1").withKind("PyTorchJob").withPlural("pytorchjobs").withNamespaced(true).build();

    /** A PyTorchJob of one master and {@code workers} workers, each a container of {@code image}. */
    private static String pytorch(String name, String image, int workers) {
        return """
                {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"%s","namespace":"team-a"},
                 "spec":{"pytorchReplicaSpecs":{
                   "Master":{"replicas":1,"template":{"spec":{"containers":[{"name":"pytorch","image":"%s","resources":{"requests":{"cpu":"1"}}}]}}},
                   "Worker":{"replicas":%d,"template":{"spec":{"containers":[{"name":"pytorch","image":"%s","resources":{"requests":{"cpu":"1"}}}]}}}}}}"""
                .formatted(name, image, workers, image);
    }

    /** Each replica type's count as the cluster holds it. */
    private static Map<String, Object> replicas(GenericKubernetesResource job) {
        Map<?, ?> specs = (Map<?, ?>) ((Map<?, ?>) job.getAdditionalProperties().get("spec")).get("pytorchReplicaSpecs");
        Map<String, Object> out = new java.util.TreeMap<>();
        specs.forEach((type, spec) -> out.put((String) type, ((Map<?, ?>) spec).get("replicas")));
        return out;
    }

    private static String flink(String name, String group) {
        return """
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment",
                 "metadata":{"name":"%s","namespace":"streaming","labels":{"fedstream.io/kafka-consumer":"true"},
                   "annotations":{"fedstream.io/consumer-group":"%s"}},
                 "spec":{"job":{"jarURI":"local:///opt/job.jar","parallelism":2}}}""".formatted(name, group);
    }

    private static MigrationCommand.Builder command(String key, String id, MigrationAction action, String source, String target) {
        return MigrationCommand.newBuilder().setCommandId(id).setIncidentId("inc-1").setWorkloadKey(key).setAction(action)
                .setSourceCluster(source).setTargetCluster(target).setStrategy(MigrationStrategy.GRACEFUL_SHUTDOWN).setIssuedAt(ISSUED);
    }

    private static Map<Integer, Long> committed(Admin admin, String group) throws Exception {
        return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().entrySet().stream()
                .collect(Collectors.toMap(e -> e.getKey().partition(), e -> e.getValue().offset()));
    }

    private static Map<String, String> annotations(GenericKubernetesResource object) {
        return object.getMetadata().getAnnotations();
    }

    private static void awaitPhase(FedstreamConfig config, Topics topics, String commandId, MigrationPhase phase, int count)
            throws InterruptedException {
        await(() -> events(config, topics, commandId).stream().filter(e -> e.getPhase() == phase).count() >= count ? true : null);
    }

    private static List<MigrationEvent> events(FedstreamConfig config, Topics topics, String commandId) {
        return read(config, topics.migrationEvents()).stream().filter(e -> e.getCommandId().equals(commandId)).toList();
    }

    /** Every committed record of the topic so far. */
    private static <V> List<V> read(FedstreamConfig config, Topic<String, V> topic) {
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config.consumerProperties(), new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name()).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<V> values = new ArrayList<>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    values.add(topic.valueSerde().deserializer().deserialize(topic.name(), record.value()));
                }
            }
            return values;
        }
    }

    private static <V> void publish(FedstreamConfig config, Topic<String, V> topic, String key, V value) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties(), new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic.name(), key, topic.valueSerde().serializer().serialize(topic.name(), value))).get();
        }
    }

    private static <T> T await(Supplier<T> found) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        T value;
        while ((value = found.get()) == null) {
            assertThat(System.nanoTime()).as("condition met within %s", WAIT).isLessThan(deadline);
            Thread.sleep(100);
        }
        return value;
    }
}
