package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fedstream.agent.MockCluster;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.interpret.Resources;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.PropagationPolicyParser;
import io.fedstream.place.WorkloadRef;
import io.fedstream.propagate.ClusterScopedPlacement;
import io.fedstream.propagate.PropagationMarks;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * The executor's half of cluster-scoped propagation (docs/propagation.md, "Cluster-scoped objects"): a Namespace and a
 * CustomResourceDefinition that a ClusterPropagationPolicy selects, placed by {@link ClusterScopedPlacement} and bound
 * as the engine is to bind them (it does not yet: the bindings here are written by the test), reach every cluster the
 * policy selects, and leave them when their workload is deleted. Three fabric8 mock API servers, an executor each.
 */
@ExtendWith(KafkaClusterExtension.class)
class ClusterScopedPropagationIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> CLUSTERS = List.of("member1", "member2", "member3");
    private static final String POLICY = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy","metadata":{"name":"guestbook-crds"},
             "spec":{"resourceSelectors":[{"apiVersion":"v1","kind":"Namespace","name":"guestbook"},
                                          {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition"}],
               "placement":{"clusterAffinity":{"clusterNames":["member1","member2","member3"]}}}}""";
    private static final String NAMESPACE = """
            {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"guestbook","labels":{"team":"web"}}}""";
    private static final String CRD = """
            {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"guestbooks.webapp.my.domain"},
             "spec":{"group":"webapp.my.domain","scope":"Namespaced",
               "names":{"kind":"Guestbook","plural":"guestbooks","singular":"guestbook","listKind":"GuestbookList"},
               "versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object"}}}]}}""";

    @Test
    void aNamespaceAndACrdUnderAClusterPropagationPolicyReachEveryClusterItSelectsAndLeaveWithTheirWorkload(SharedKafka kafka,
            KafkaTestNames names) throws Exception {
        Map<String, String> settings = new HashMap<>();
        settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        settings.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        for (FedstreamTopic topic : FedstreamTopic.values()) {
            settings.put(topic.configKey(), names.topic(topic.configKey().substring("topic.".length())));
        }
        FedstreamConfig config = FedstreamConfig.of(settings);
        kafka.createTopics(2, config.topicNames().values().toArray(String[]::new));
        Topics topics = Topics.of(config.topicNames(), new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()));
        PropagationPolicy policy = new PropagationPolicyParser().parse(POLICY.getBytes(StandardCharsets.UTF_8), null).policy();
        List<ClusterCapacity> views = CLUSTERS.stream().map(name -> new ClusterCapacity(name, Map.of(), List.of(),
                Resources.fromQuantities(Map.of("cpu", "8")), Resources.NONE, Resources.NONE, true)).toList();
        List<MockCluster> clusters = new ArrayList<>();
        List<Executor> executors = new ArrayList<>();
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties(), new StringSerializer(),
                new ByteArraySerializer())) {
            for (String name : CLUSTERS) {
                MockCluster cluster = new MockCluster();
                clusters.add(cluster);
                executors.add(new Executor(cluster.client(), config, topics, null, name, Clock.systemUTC()).start());
            }
            send(producer, topics.policies(), "ClusterPropagationPolicy//guestbook-crds",
                    PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(POLICY).setObservedAt(Instant.now()).build());
            bind(producer, topics, policy, views, "core/Namespace//guestbook", new WorkloadRef("v1", "Namespace", null, "guestbook",
                    Map.of("team", "web")), NAMESPACE);
            bind(producer, topics, policy, views, "apiextensions.k8s.io/CustomResourceDefinition//guestbooks.webapp.my.domain",
                    new WorkloadRef("apiextensions.k8s.io/v1", "CustomResourceDefinition", null, "guestbooks.webapp.my.domain", Map.of()), CRD);

            for (MockCluster cluster : clusters) {
                await("the Namespace and the CRD on every cluster", () -> cluster.client().namespaces().withName("guestbook").get() != null
                        && cluster.client().apiextensions().v1().customResourceDefinitions().withName("guestbooks.webapp.my.domain").get() != null);
                assertThat(cluster.client().namespaces().withName("guestbook").get().getMetadata().getLabels())
                        .containsEntry("team", "web").containsEntry(PropagationMarks.MANAGED_LABEL, PropagationMarks.MANAGED_VALUE);
                assertThat(cluster.client().apiextensions().v1().customResourceDefinitions().withName("guestbooks.webapp.my.domain").get()
                        .getMetadata().getAnnotations()).containsEntry(PropagationMarks.WORKLOAD,
                                "apiextensions.k8s.io/CustomResourceDefinition//guestbooks.webapp.my.domain");
            }

            send(producer, topics.bindings(), "core/Namespace//guestbook", null);
            for (MockCluster cluster : clusters) {
                await("the Namespace gone with its workload", () -> cluster.client().namespaces().withName("guestbook").get() == null);
            }
            executors.forEach(executor -> assertThat(executor.failure()).isNull());
        } finally {
            executors.forEach(Executor::close);
            clusters.forEach(MockCluster::close);
        }
    }

    /** The object's workload event and the binding the engine is to write for it: ClusterScopedPlacement's placement. */
    private static void bind(KafkaProducer<String, byte[]> producer, Topics topics, PropagationPolicy policy, List<ClusterCapacity> views,
                             String key, WorkloadRef object, String manifest) {
        ClusterScopedPlacement.Placed placed = (ClusterScopedPlacement.Placed) ClusterScopedPlacement.place(object, List.of(policy), views);
        Instant observedAt = Instant.now();
        send(producer, topics.workloads(), key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(observedAt)
                .setSource("fedstream apply").build());
        send(producer, topics.bindings(), key, ResourceBinding.newBuilder().setWorkloadKey(key).setApiVersion(object.apiVersion())
                .setKind(object.kind()).setNamespace("").setName(object.name()).setGeneration(1)
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(1L).build())
                .setPlacement(placed.placement()).setObservedAt(observedAt).setUpdatedAt(observedAt).build());
    }

    private static <V> void send(KafkaProducer<String, byte[]> producer, Topic<String, V> topic, String key, V value) {
        producer.send(new ProducerRecord<>(topic.name(), key, value == null ? null : topic.valueSerde().serializer().serialize(topic.name(), value)));
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
