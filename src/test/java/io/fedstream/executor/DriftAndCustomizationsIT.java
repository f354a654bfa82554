package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fedstream.agent.Agent;
import io.fedstream.agent.AgentSettings;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.propagate.ObjectVersion;
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
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 42, second round: the member side of propagation on one fabric8 mock API server with its agent and executor,
 * bound as the engine binds (the test writes the bindings). A copy edited by hand is put back, but what the cluster owns
 * stays: an autoscaler's replicas under {@code retain-replicas}, a Service's allocated cluster IP. The
 * ResourceInterpreterCustomizations of {@code fedstream.policies} run where Karmada runs them: replicaRevision on the
 * share, dependencyInterpretation on what goes along, retention on the update that puts an edit back,
 * healthInterpretation in the agent's report; a script that fails and one that is refused are named in the copy's
 * report, and the executor goes on.
 */
@ExtendWith(KafkaClusterExtension.class)
class DriftAndCustomizationsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CLUSTER = "member1";
    private static final String POLICY = "PropagationPolicy/shop/everything";
    private static final ResourceDefinitionContext DEPLOYMENTS = context("apps", "v1", "Deployment", "deployments");
    private static final ResourceDefinitionContext SERVICES = context("", "v1", "Service", "services");
    private static final ResourceDefinitionContext WIDGETS = context("example.com", "v1", "Widget", "widgets");
    private static final ResourceDefinitionContext GADGETS = context("example.com", "v1", "Gadget", "gadgets");
    private static final String DEPLOYMENT = """
            {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"shop","labels":{"app":"%1$s"%s}},
             "spec":{"replicas":2,"selector":{"matchLabels":{"app":"%1$s"}},"template":{"metadata":{"labels":{"app":"%1$s"}},
               "spec":{"containers":[{"name":"main","image":"shop/%1$s:1"}]}}}}""";
    private static final String SERVICE = """
            {"apiVersion":"v1","kind":"Service","metadata":{"name":"web","namespace":"shop"},
             "spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}""";
    private static final String WIDGET_SCRIPTS = """
            apiVersion: config.karmada.io/v1alpha1
            kind: ResourceInterpreterCustomization
            metadata: {name: widget}
            spec:
              target: {apiVersion: example.com/v1, kind: Widget}
              customizations:
                replicaResource:
                  luaScript: "function GetReplicas(obj) return obj.spec.size, nil end"
                replicaRevision:
                  luaScript: "function ReviseReplica(obj, desiredReplica) obj.spec.size = desiredReplica return obj end"
                retention:
                  luaScript: |
                    function Retain(desiredObj, observedObj)
                      if observedObj.spec.paused ~= nil then desiredObj.spec.paused = observedObj.spec.paused end
                      return desiredObj
                    end
                healthInterpretation:
                  luaScript: "function InterpretHealth(obj) return obj.status ~= nil and obj.status.ready == obj.spec.size end"
                dependencyInterpretation:
                  luaScript: |
                    function GetDependencies(desiredObj)
                      return {{apiVersion = "v1", kind = "ConfigMap", namespace = desiredObj.metadata.namespace,
                               name = desiredObj.spec.configRef}}
                    end
            """;
    private static final String GADGET_RETENTION_THAT_FAILS = """
            apiVersion: config.karmada.io/v1alpha1
            kind: ResourceInterpreterCustomization
            metadata: {name: gadget-retain}
            spec:
              target: {apiVersion: example.com/v1, kind: Gadget}
              customizations:
                retention:
                  luaScript: "function Retain(desiredObj, observedObj) return observedObj.spec.missing.field end"
            """;
    private static final String GADGET_HEALTH_THAT_DOES_NOT_COMPILE = """
            apiVersion: config.karmada.io/v1alpha1
            kind: ResourceInterpreterCustomization
            metadata: {name: gadget-health}
            spec:
              target: {apiVersion: example.com/v1, kind: Gadget}
              customizations:
                healthInterpretation:
                  luaScript: "function InterpretHealth(obj) return obj.status.ready =="
            """;

    @Test
    void anEditByHandIsPutBackButWhatTheClusterOwnsStays(SharedKafka kafka, KafkaTestNames names) throws Exception {
        try (Member member = new Member(kafka, names)) {
            member.bind("apps/Deployment/shop/web", "apps/v1", "Deployment", "web", DEPLOYMENT.formatted("web", ""), duplicated(), 2);
            member.bind("apps/Deployment/shop/api", "apps/v1", "Deployment", "api",
                    DEPLOYMENT.formatted("api", ",\"resourcetemplate.karmada.io/retain-replicas\":\"true\""), duplicated(), 2);
            member.bind("core/Service/shop/web", "v1", "Service", "web", SERVICE, duplicated(), 0);
            member.await("the copies on the cluster", () -> member.get(DEPLOYMENTS, "web") != null && member.get(DEPLOYMENTS, "api") != null
                    && member.get(SERVICES, "web") != null);

            member.edit(DEPLOYMENTS, "web", web -> {
                ((ObjectNode) web.at("/spec/template/spec/containers/0")).put("image", "shop/web:hotfix");
                return web;
            });
            member.await("the image edited by hand put back", () -> "shop/web:1".equals(
                    member.get(DEPLOYMENTS, "web").at("/spec/template/spec/containers/0/image").asText()));
            assertThat(member.cluster.requests()).filteredOn(r -> r.startsWith("PUT ") && r.endsWith("/deployments/web")).hasSize(1);

            String scaled = member.edit(DEPLOYMENTS, "api", api -> {
                api.withObject("spec").put("replicas", 7);
                return api;
            });
            member.awaitSeen("apps/Deployment/shop/api", scaled);
            assertThat(member.get(DEPLOYMENTS, "api").at("/spec/replicas").asLong()).as("an autoscaler's count under retain-replicas")
                    .isEqualTo(7);

            String allocated = member.edit(SERVICES, "web", service -> {
                service.withObject("spec").put("clusterIP", "10.96.0.12").putArray("clusterIPs").add("10.96.0.12");
                return service;
            });
            member.awaitSeen("core/Service/shop/web", allocated);
            assertThat(member.get(SERVICES, "web").at("/spec/clusterIP").asText()).isEqualTo("10.96.0.12");
            assertThat(member.cluster.requests()).as("neither was written back").noneMatch(r -> r.startsWith("PUT ")
                    && (r.endsWith("/deployments/api") || r.endsWith("/services/web")));
            assertThat(member.executor.failure()).isNull();
        }
    }

    @Test
    void theCustomizationsScriptsRunOnTheMemberSideAndABrokenOrRefusedOneIsNamed(SharedKafka kafka, KafkaTestNames names)
            throws Exception {
        try (Member member = new Member(kafka, names)) {
            member.crd(WIDGETS);
            member.crd(GADGETS);
            member.policy("ResourceInterpreterCustomization//widget", WIDGET_SCRIPTS);
            member.policy("ResourceInterpreterCustomization//gadget-retain", GADGET_RETENTION_THAT_FAILS);
            member.policy("ResourceInterpreterCustomization//gadget-health", GADGET_HEALTH_THAT_DOES_NOT_COMPILE);
            member.policy(POLICY, """
                    {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"everything","namespace":"shop"},
                     "spec":{"propagateDeps":true,"resourceSelectors":[{"apiVersion":"example.com/v1","kind":"Widget"}],
                       "placement":{"clusterAffinity":{"clusterNames":["member1","member2"]}}}}""");
            member.workload("core/ConfigMap/shop/widget-config", """
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"widget-config","namespace":"shop"},"data":{"colour":"blue"}}""");
            Placement divided = Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED).setDecidedBy("scheduler").setPolicy(POLICY)
                    .setClusters(List.of(new ClusterTarget(CLUSTER, 3L, List.of()), new ClusterTarget("member2", 1L, List.of()))).build();
            member.bind("example.com/Widget/shop/w", "example.com/v1", "Widget", "w", """
                    {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"shop"},
                     "spec":{"size":4,"configRef":"widget-config"}}""", divided, 4);
            member.bind("example.com/Gadget/shop/g", "example.com/v1", "Gadget", "g", """
                    {"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g","namespace":"shop"},"spec":{"colour":"red"}}""",
                    duplicated(), 0);

            member.await("the Widget with its share, revised by its script, and the ConfigMap its script depends on", () ->
                    member.get(WIDGETS, "w") != null && member.get(WIDGETS, "w").at("/spec/size").asLong() == 3
                            && member.cluster.client().configMaps().inNamespace("shop").withName("widget-config").get() != null);
            WorkStatusEvent refused = member.statuses.await(s -> s.getWorkloadKey().equals("example.com/Gadget/shop/g")
                    && s.getDispatch() != null);
            assertThat(refused.getDispatch().getState()).isEqualTo(WorkState.FAILED);
            assertThat(refused.getDispatch().getMessage()).startsWith("ResourceInterpreterCustomization gadget-health in policy "
                    + "ResourceInterpreterCustomization//gadget-health: spec.customizations.healthInterpretation.luaScript: does not compile")
                    .endsWith("(refused: the built-in behaviour of example.com/v1/Gadget applies)");
            assertThat(member.get(GADGETS, "g")).as("written the built-in way").isNotNull();

            member.edit(GADGETS, "g", gadget -> {
                gadget.withObject("spec").put("colour", "green");
                return gadget;
            });
            WorkStatusEvent failed = member.statuses.await(s -> s.getWorkloadKey().equals("example.com/Gadget/shop/g")
                    && s.getDispatch() != null && s.getDispatch().getMessage().startsWith("ResourceInterpreterCustomization gadget-retain"));
            assertThat(failed.getDispatch().getState()).isEqualTo(WorkState.FAILED);
            assertThat(failed.getDispatch().getMessage()).startsWith("ResourceInterpreterCustomization gadget-retain, retention: failed: ")
                    .endsWith("; the copy on member1 is left as it is");
            assertThat(member.get(GADGETS, "g").at("/spec/colour").asText()).isEqualTo("green");

            member.await("the Widget unhealthy by its script", () -> health(member, "example.com/Widget/shop/w") == WorkHealth.UNHEALTHY);
            member.edit(WIDGETS, "w", widget -> {
                widget.withObject("status").put("ready", 3);
                return widget;
            });
            member.await("the Widget healthy by its script", () -> health(member, "example.com/Widget/shop/w") == WorkHealth.HEALTHY);
            member.edit(WIDGETS, "w", widget -> {
                widget.withObject("spec").put("size", 9).put("paused", true);
                return widget;
            });
            member.await("the size edited by hand put back", () -> member.get(WIDGETS, "w").at("/spec/size").asLong() == 3);
            assertThat(member.get(WIDGETS, "w").at("/spec/paused").asBoolean()).as("kept by the retention script").isTrue();
            assertThat(member.executor.failure()).isNull();
        }
    }

    private static WorkHealth health(Member member, String key) {
        member.statuses.poll();
        return member.statuses.values().stream().filter(s -> s.getWorkloadKey().equals(key) && s.getObservation() != null)
                .reduce((a, b) -> b).map(s -> s.getObservation().getHealth()).orElse(null);
    }

    private static Placement duplicated() {
        return Placement.newBuilder().setScheduling(ReplicaScheduling.DUPLICATED).setDecidedBy("scheduler").setPolicy(POLICY)
                .setClusters(List.of(new ClusterTarget(CLUSTER, null, List.of()))).build();
    }

    private static ResourceDefinitionContext context(String group, String version, String kind, String plural) {
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind).withPlural(plural)
                .withNamespaced(true).build();
    }

    /** One member cluster with its agent and executor, on the topics of the test. */
    private static final class Member implements AutoCloseable {

        private final MockCluster cluster = new MockCluster();
        private final FedstreamConfig config;
        private final Topics topics;
        private final KafkaProducer<String, byte[]> producer;
        private final TopicTail<WorkStatusEvent> statuses;
        private final Agent agent;
        private final Executor executor;

        Member(SharedKafka kafka, KafkaTestNames names) {
            Map<String, String> settings = new HashMap<>();
            settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
            settings.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
            for (FedstreamTopic topic : FedstreamTopic.values()) {
                settings.put(topic.configKey(), names.topic(topic.configKey().substring("topic.".length())));
            }
            config = FedstreamConfig.of(settings);
            kafka.createTopics(2, config.topicNames().values().toArray(String[]::new));
            topics = Topics.of(config.topicNames(), new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()));
            producer = new KafkaProducer<>(config.producerProperties(), new StringSerializer(), new ByteArraySerializer());
            statuses = new TopicTail<>(config.consumerProperties(), topics.workStatus(), WAIT);
            agent = new Agent(cluster.client(), config, topics, null,
                    new AgentSettings(CLUSTER, Duration.ofSeconds(1), Duration.ofMinutes(10), Map.of(), List.of()), Clock.systemUTC()).start();
            executor = new Executor(cluster.client(), config, topics, null, CLUSTER, Clock.systemUTC()).start();
        }

        void crd(ResourceDefinitionContext kind) {
            cluster.client().apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                    .withNewMetadata().withName(kind.getPlural() + "." + kind.getGroup()).endMetadata()
                    .withNewSpec().withGroup(kind.getGroup()).withScope("Namespaced")
                    .withNewNames().withKind(kind.getKind()).withPlural(kind.getPlural()).endNames()
                    .addNewVersion().withName(kind.getVersion()).withServed(true).withStorage(true).endVersion()
                    .endSpec().build()).create();
        }

        void policy(String key, String manifest) {
            send(topics.policies(), key, PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(Instant.now()).build());
        }

        Instant workload(String key, String manifest) {
            Instant observedAt = Instant.now();
            send(topics.workloads(), key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(observedAt)
                    .setSource("fedstream apply").build());
            return observedAt;
        }

        /** The workload event and the binding the engine writes for it: admitted, generation 1, placed as given. */
        void bind(String key, String apiVersion, String kind, String name, String manifest, Placement placement, long replicas) {
            Instant observedAt = workload(key, manifest);
            send(topics.bindings(), key, ResourceBinding.newBuilder().setWorkloadKey(key).setApiVersion(apiVersion).setKind(kind)
                    .setNamespace("shop").setName(name).setGeneration(1)
                    .setComponents(replicas == 0 ? List.of() : List.of(Component.newBuilder().setName("main").setReplicas(replicas)
                            .setPerPod(Map.of()).setTotal(Map.of()).build()))
                    .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                    .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(1L).build())
                    .setPlacement(placement).setObservedAt(observedAt).setUpdatedAt(observedAt).build());
        }

        /** The object as the cluster has it, or null. */
        JsonNode get(ResourceDefinitionContext kind, String name) {
            GenericKubernetesResource object = cluster.client().genericKubernetesResources(kind).inNamespace("shop").withName(name).get();
            return object == null ? null : json(object);
        }

        /** An edit made by hand on the cluster; returns the object's version after it. */
        String edit(ResourceDefinitionContext kind, String name, UnaryOperator<ObjectNode> change) {
            GenericKubernetesResource edited = cluster.client().genericKubernetesResources(kind).inNamespace("shop").withName(name)
                    .edit(object -> cluster.client().getKubernetesSerialization().unmarshal(
                            change.apply((ObjectNode) json(object)).toString(),
                            GenericKubernetesResource.class));
            return ObjectVersion.of(json(edited));
        }

        /** Waits until the executor reported the copy as seen at this version: it looked at the edit and found it the cluster's. */
        void awaitSeen(String key, String version) {
            statuses.await(s -> s.getWorkloadKey().equals(key) && s.getDispatch() != null && version.equals(s.getDispatch().getObjectVersion()));
        }

        void await(String what, BooleanSupplier condition) throws InterruptedException {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!condition.getAsBoolean()) {
                if (System.nanoTime() > deadline) {
                    fail("not within %s: %s", WAIT, what);
                }
                Thread.sleep(100);
            }
        }

        private JsonNode json(GenericKubernetesResource object) {
            try {
                return JSON.readTree(cluster.client().getKubernetesSerialization().asJson(object));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        private <V> void send(Topic<String, V> topic, String key, V value) {
            producer.send(new ProducerRecord<>(topic.name(), key, topic.valueSerde().serializer().serialize(topic.name(), value)));
            producer.flush();
        }

        @Override
        public void close() {
            executor.close();
            agent.close();
            statuses.close();
            producer.close();
            cluster.close();
        }
    }
}
