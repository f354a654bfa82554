package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The executor survives its cluster's API server going away and coming back: what the bindings said meanwhile (a new
 * workload, a scale) reaches the cluster once it answers again, and the executor never stops.
 */
@ExtendWith(KafkaClusterExtension.class)
class ApiServerOutageIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String CLUSTER = "member1";

    @Test
    void whatBindingsSaidWhileTheApiServerWasAwayReachesItWhenItIsBack(SharedKafka kafka, KafkaTestNames names) throws Exception {
        Map<String, String> settings = new HashMap<>();
        settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        settings.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        for (FedstreamTopic topic : FedstreamTopic.values()) {
            settings.put(topic.configKey(), names.topic(topic.configKey().substring("topic.".length())));
        }
        FedstreamConfig config = FedstreamConfig.of(settings);
        kafka.createTopics(2, config.topicNames().values().toArray(String[]::new));
        Topics topics = Topics.of(config.topicNames(), new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()));
        try (MockCluster cluster = new MockCluster(); KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                config.producerProperties(), new StringSerializer(), new ByteArraySerializer());
                Executor executor = new Executor(cluster.client(), config, topics, null, CLUSTER, Clock.systemUTC()).start()) {
            publish(producer, topics, "web", 1, 2);
            await("web created", () -> replicas(cluster, "web") == 2);

            cluster.stop();
            publish(producer, topics, "web", 2, 4);
            publish(producer, topics, "api", 1, 1);
            Thread.sleep(3_000);
            assertThat(executor.failure()).as("the executor runs on while the API server is away").isNull();
            cluster.restart();

            await("web scaled and api created once the API server is back", () -> replicas(cluster, "web") == 4
                    && replicas(cluster, "api") == 1);
            assertThat(executor.failure()).isNull();
            assertThat(executor.awaitStop(Duration.ZERO)).isFalse();
        }
    }

    private static int replicas(MockCluster cluster, String name) {
        Deployment deployment = cluster.client().apps().deployments().inNamespace("shop").withName(name).get();
        return deployment == null ? -1 : deployment.getSpec().getReplicas();
    }

    /** A Deployment's workload event and its admitted binding, Duplicated on member1, as the engine writes them. */
    private static void publish(KafkaProducer<String, byte[]> producer, Topics topics, String name, long generation, int replicas) {
        String key = "apps/Deployment/shop/" + name;
        Instant observedAt = Instant.now();
        send(producer, topics.workloads(), key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(observedAt).setManifest("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"shop"},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[{"name":"c","image":"shop/%s:1"}]}}}}"""
                .formatted(name, replicas, name)).build());
        send(producer, topics.bindings(), key, ResourceBinding.newBuilder().setWorkloadKey(key).setApiVersion("apps/v1")
                .setKind("Deployment").setNamespace("shop").setName(name).setGeneration(generation)
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(generation).build())
                .setPlacement(Placement.newBuilder().setScheduling(ReplicaScheduling.DUPLICATED).setDecidedBy("scheduler")
                        .setClusters(List.of(new ClusterTarget(CLUSTER, null, List.of()))).build())
                .setObservedAt(observedAt).setUpdatedAt(observedAt).build());
    }

    private static <V> void send(KafkaProducer<String, byte[]> producer, Topic<String, V> topic, String key, V value) {
        producer.send(new ProducerRecord<>(topic.name(), key, topic.valueSerde().serializer().serialize(topic.name(), value)));
        producer.flush();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within %s: %s", WAIT, what);
            }
            Thread.sleep(100);
        }
    }
}
