package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fedstream.Fedstream;
import io.fedstream.agent.Agent;
import io.fedstream.agent.AgentSettings;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.cli.Main;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.propagate.BindingStatus;
import io.fedstream.propagate.PropagationMarks;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.KafkaSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import io.fedstream.workstatus.WorkStatusStage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42 end to end: three member clusters (fabric8 mock API servers in CRUD mode), the agent and the executor of
 * each, fedstream on the shared broker, and {@code fedstream apply}. A Deployment, its ConfigMap and a Divided 2/1
 * policy reach member1 and member2 with each cluster's share and override, the ConfigMap with them; the binding is
 * FullyApplied; a scale to 6 updates both; member3 joins, member1 fails and its share is created on member3 from the
 * checkpoint; member1 comes back and its copy is purged; a ConfigMap made by hand on member2 is left alone under Abort
 * and its binding names the conflict; a copy deleted by hand is made again; delete takes everything away.
 */
@ExtendWith(KafkaClusterExtension.class)
class PropagationIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOKEN = "it-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String WEB = "apps/Deployment/shop/web";
    private static final String WEB_CONFIG = "core/ConfigMap/shop/web-config";
    private static final String SETTINGS = "core/ConfigMap/shop/settings";
    private static final String CHECKPOINT = "s3://shop-state/web/chk-17";
    private static final Map<String, String> NODE = Map.of("cpu", "32", "memory", "128Gi", "pods", "110");
    private static final Map<String, String> FAST_HEALTH = Map.of(
            FedstreamConfig.TOPIC_PARTITIONS, "2",
            FedstreamConfig.HEALTH_FAILURE_THRESHOLD_MS, "3000",
            FedstreamConfig.HEALTH_TOLERATION_MS, "3000",
            FedstreamConfig.HEALTH_SUCCESS_THRESHOLD_MS, "2000",
            FedstreamConfig.HEALTH_CHECK_INTERVAL_MS, "300",
            FedstreamConfig.PLACE_RETRY_INTERVAL_MS, "1000");
    private static final String POLICIES = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: PropagationPolicy
            metadata: {name: web, namespace: shop}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
              propagateDeps: true
              placement:
                clusterAffinity: {clusterNames: [member1, member2, member3]}
                replicaScheduling:
                  replicaSchedulingType: Divided
                  replicaDivisionPreference: Weighted
                  weightPreference:
                    staticWeightList:
                      - {targetCluster: {clusterNames: [member1]}, weight: 2}
                      - {targetCluster: {clusterNames: [member2]}, weight: 1}
                      - {targetCluster: {clusterNames: [member3]}, weight: 2}
                clusterTolerations:
                  - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 1}
                  - {key: cluster.karmada.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 1}
              failover: {cluster: {purgeMode: Directly}}
            ---
            apiVersion: policy.karmada.io/v1alpha1
            kind: OverridePolicy
            metadata: {name: registries, namespace: shop}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
              overrideRules:
                - targetCluster: {clusterNames: [member1]}
                  overriders: {imageOverrider: [{component: Registry, operator: replace, value: eu.registry.example.com}]}
                - targetCluster: {clusterNames: [member2]}
                  overriders: {imageOverrider: [{component: Registry, operator: replace, value: us.registry.example.com}]}
            ---
            apiVersion: policy.karmada.io/v1alpha1
            kind: PropagationPolicy
            metadata: {name: settings, namespace: shop}
            spec:
              resourceSelectors: [{apiVersion: v1, kind: ConfigMap, name: settings}]
              placement: {clusterAffinity: {clusterNames: [member1, member2]}}
            """;
    private static final String CONFIG_MAPS = """
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: web-config, namespace: shop}
            data: {mode: fast}
            ---
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: settings, namespace: shop}
            data: {owner: fedstream}
            """;
    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop, labels: {app: web}}
            spec:
              replicas: %d
              selector: {matchLabels: {app: web}}
              template:
                metadata: {labels: {app: web}}
                spec:
                  containers:
                    - name: web
                      image: docker.io/shop/web:1.0
                      envFrom: [{configMapRef: {name: web-config}}]
                      resources: {requests: {cpu: 100m, memory: 64Mi}}
            """;

    @TempDir Path dir;
    /** Where {@code apply} and {@code delete} reach the registry the instance uses. */
    private String registryUrl;

    @Test
    void aDividedDeploymentAndItsConfigMapArePropagatedScaledFailedOverPurgedAndDeleted(SharedKafka kafka, KafkaTestNames names)
            throws Exception {
        long start = System.nanoTime();
        FedstreamConfig config = AppInstance.config(kafka, names, dir.resolve("state"), TOKEN, FAST_HEALTH);
        List<AutoCloseable> open = new ArrayList<>();
        Map<String, Member> members = new LinkedHashMap<>();
        try (KafkaSchemaRegistry registry = Fedstream.embeddedRegistry(config); Admin admin = kafka.admin();
                RegistryHttpServer registryServer = RegistryHttpServer.start(registry, 0)) {
            registryUrl = registryServer.url();
            try {
                AppInstance app = AppInstance.start(config, registry);
                open.add(app);
                Topics topics = app.fedstream().topics();
                TopicTail<MigrationCommand> commands = tail(config, topics.migrations(), open);
                TopicTail<MigrationEvent> events = tail(config, topics.migrationEvents(), open);
                for (String name : List.of("member1", "member2", "member3")) {
                    Member member = new Member(name, new MockCluster(), config, topics, admin);
                    member.cluster.addNode(name + "-node", NODE);
                    members.put(name, member);
                    open.add(member);
                }
                Member member1 = members.get("member1");
                Member member2 = members.get("member2");
                Member member3 = members.get("member3");
                member1.start();
                member2.start();
                ClusterViews.awaitReady(app, WAIT, "member1", "member2");
                member2.cluster.client().configMaps().inNamespace("shop").resource(new ConfigMapBuilder().withNewMetadata()
                        .withName("settings").withNamespace("shop").endMetadata().addToData("owner", "a human").build()).create();
                String handMade = member2.cluster.client().configMaps().inNamespace("shop").withName("settings").get()
                        .getMetadata().getResourceVersion();

                apply(config, "policies.yaml", POLICIES);
                apply(config, "config-maps.yaml", CONFIG_MAPS);
                apply(config, "web.yaml", DEPLOYMENT.formatted(3));

                awaitReplicas(member1, 2);
                awaitReplicas(member2, 1);
                assertThat(image(member1)).isEqualTo("eu.registry.example.com/shop/web:1.0");
                assertThat(image(member2)).isEqualTo("us.registry.example.com/shop/web:1.0");
                await("the ConfigMap on member1 and member2", () -> configMap(member1, "web-config") != null
                        && configMap(member2, "web-config") != null);
                assertThat(configMap(member1, "web-config").getData()).containsEntry("mode", "fast");
                assertThat(configMap(member3, "web-config")).isNull();
                waitFullyApplied(app, "web-deployment");
                System.out.printf("PropagationIT: placed 2/1 and FullyApplied %d ms after start%n", millis(start));

                JsonNode conflicted = awaitShown(app, "/apis/resourcebindings/shop/settings-configmap",
                        shown -> shown.at("/status/aggregatedStatus").size() == 2);
                assertThat(conflicted.at("/status/conditions/1/type").asText()).isEqualTo(BindingStatus.FULLY_APPLIED);
                assertThat(conflicted.at("/status/conditions/1/status").asText()).isEqualTo("False");
                assertThat(conflicted.at("/status/aggregatedStatus/1")).isEqualTo(JSON.readTree("""
                        {"clusterName":"member2","applied":false,"appliedMessage":"ConfigMap shop/settings exists on member2 and\
                         fedstream did not create it: conflictResolution Abort leaves it alone (Overwrite takes it over)",\
                         "health":"Unknown","state":"CONFLICT","generation":1}"""));
                assertThat(configMap(member2, "settings").getData()).containsEntry("owner", "a human");
                assertThat(configMap(member2, "settings").getMetadata().getResourceVersion()).as("not written").isEqualTo(handMade);
                assertThat(configMap(member1, "settings").getData()).containsEntry("owner", "fedstream");

                apply(config, "web.yaml", DEPLOYMENT.formatted(6));
                awaitReplicas(member1, 4);
                awaitReplicas(member2, 2);
                assertThat(deployment(member2).getMetadata().getAnnotations()).containsEntry(PropagationMarks.GENERATION, "2");
                waitFullyApplied(app, "web-deployment");
                System.out.printf("PropagationIT: scaled to 4/2 %d ms after start%n", millis(start));
                member2.cluster.client().configMaps().inNamespace("shop").withName("web-config").delete();
                await("member2's ConfigMap made again once its agent saw it deleted", () -> configMap(member2, "web-config") != null);

                member3.start();
                ClusterViews.awaitReady(app, WAIT, "member3");
                publish(config, topics.workloadStatus(), WEB, WorkloadStatusEvent.newBuilder().setCluster("member1").setPhase("Running")
                        .setLastCompletedCheckpoint(Checkpoint.newBuilder().setId(17).setPath(CHECKPOINT).setStateSizeBytes(4096)
                                .setCompletedAt(Instant.now()).build())
                        .setObservedAt(Instant.now()).build());
                member1.stop();
                MigrationCommand migrate = commands.await(c -> WEB.equals(c.getWorkloadKey()) && c.getAction() == MigrationAction.MIGRATE);
                assertThat(migrate.getSourceCluster()).isEqualTo("member1");
                assertThat(migrate.getTargetCluster()).isEqualTo("member3");
                assertThat(migrate.getStrategy()).isEqualTo(MigrationStrategy.CHECKPOINT);
                assertThat(migrate.getCheckpoint().getPath()).isEqualTo(CHECKPOINT);
                assertThat(migrate.getTargetReplicas()).containsExactly(Map.entry("main", 4L));
                events.await(e -> e.getCommandId().equals(migrate.getCommandId()) && e.getPhase() == MigrationPhase.COMPLETED);
                awaitReplicas(member3, 4);
                await("member3's copy propagated and its ConfigMap sent along", () -> PropagationMarks.MANAGED_VALUE.equals(
                        deployment(member3).getMetadata().getLabels().get(PropagationMarks.MANAGED_LABEL)) && configMap(member3, "web-config") != null);
                assertThat(deployment(member3).getMetadata().getAnnotations()).containsEntry(ObjectMarks.MIGRATION_COMMAND, migrate.getCommandId());
                assertThat(deployment(member2).getSpec().getReplicas()).isEqualTo(2);
                waitFullyApplied(app, "web-deployment");
                assertThat(awaitShown(app, "/apis/workloads/" + WEB, shown -> true).at("/status/aggregatedStatus")).extracting(
                        item -> item.path("clusterName").asText()).as("member1's copy waits for its purge, as Karmada lists an eviction's Work")
                        .containsExactly("member1", "member2", "member3");
                System.out.printf("PropagationIT: member1's share on member3 %d ms after start%n", millis(start));

                member1.start();
                MigrationCommand purge = commands.await(c -> WEB.equals(c.getWorkloadKey()) && c.getAction() == MigrationAction.PURGE);
                assertThat(purge.getSourceCluster()).isEqualTo("member1");
                events.await(e -> e.getCommandId().equals(purge.getCommandId()) && e.getPhase() == MigrationPhase.COMPLETED);
                await("member1's copy and its ConfigMap gone", () -> deployment(member1) == null && configMap(member1, "web-config") == null);
                assertThat(deployment(member3).getSpec().getReplicas()).isEqualTo(4);
                System.out.printf("PropagationIT: member1's copy purged %d ms after start%n", millis(start));

                delete(config, "web.yaml");
                delete(config, "config-maps.yaml");
                await("every copy deleted", () -> deployment(member2) == null && deployment(member3) == null
                        && configMap(member2, "web-config") == null && configMap(member3, "web-config") == null
                        && configMap(member1, "settings") == null);
                assertThat(configMap(member2, "settings").getData()).as("what fedstream did not create stays").containsEntry("owner", "a human");
                await("the copies' statuses gone with them", () -> copies(app, WEB).isEmpty());
                assertThat(app.runner().failure()).isNull();
                members.values().forEach(member -> assertThat(member.executor.failure()).as(member.name).isNull());
                System.out.printf("PropagationIT: done in %d ms%n", millis(start));
            } finally {
                for (int i = open.size() - 1; i >= 0; i--) {
                    open.get(i).close();
                }
            }
        }
    }

    /** A member cluster with its agent and executor, which stop and start together, as in pull mode. */
    private static final class Member implements AutoCloseable {

        private final String name;
        private final MockCluster cluster;
        private final FedstreamConfig config;
        private final Topics topics;
        private final Admin admin;
        private Agent agent;
        private Executor executor;
        private boolean running;

        Member(String name, MockCluster cluster, FedstreamConfig config, Topics topics, Admin admin) {
            this.name = name;
            this.cluster = cluster;
            this.config = config;
            this.topics = topics;
            this.admin = admin;
        }

        void start() {
            agent = new Agent(cluster.client(), config, topics, admin,
                    new AgentSettings(name, Duration.ofMillis(500), Duration.ofMinutes(10), Map.of(), List.of()), Clock.systemUTC()).start();
            executor = new Executor(cluster.client(), config, topics, admin, name, Clock.systemUTC()).start();
            running = true;
        }

        void stop() {
            executor.close();
            agent.close();
            running = false;
        }

        @Override
        public void close() {
            if (running) {
                stop();
            }
            cluster.close();
        }
    }

    private void apply(FedstreamConfig config, String file, String manifests) throws Exception {
        Files.writeString(dir.resolve(file), manifests);
        cli(config, "apply", file);
    }

    private void delete(FedstreamConfig config, String file) {
        cli(config, "delete", file);
    }

    private void cli(FedstreamConfig config, String command, String file) {
        List<String> args = new ArrayList<>(List.of(command, "-f", dir.resolve(file).toString(), "--bootstrap-servers",
                config.kafkaBootstrapServers(), "--registry", registryUrl));
        config.topicNames().forEach((topic, name) -> args.addAll(List.of("--set", topic.configKey() + "=" + name)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
        assertThat(code).as("%s %s: %s%s", command, file, out, err).isZero();
    }

    private static Deployment deployment(Member member) {
        return member.cluster.client().apps().deployments().inNamespace("shop").withName("web").get();
    }

    private static ConfigMap configMap(Member member, String name) {
        return member.cluster.client().configMaps().inNamespace("shop").withName(name).get();
    }

    private static String image(Member member) {
        return deployment(member).getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
    }

    private static void awaitReplicas(Member member, int replicas) throws InterruptedException {
        await(member.name + " runs " + replicas + " replicas", () -> {
            Deployment deployment = deployment(member);
            return deployment != null && deployment.getSpec().getReplicas() == replicas;
        });
    }

    private static List<WorkStatusEvent> copies(AppInstance app, String key) {
        ReadOnlyKeyValueStore<String, WorkStatusEvent> store = app.runner().streams()
                .store(StoreQueryParameters.fromNameAndType(WorkStatusStage.STORE, QueryableStoreTypes.keyValueStore()));
        return WorkStatusStage.copiesOf(store, key);
    }

    /** {@code fedstream wait --for=condition=FullyApplied resourcebinding/NAME -n shop} against the instance's query API. */
    private static void waitFullyApplied(AppInstance app, String binding) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), "wait", "--for=condition=FullyApplied",
                "resourcebinding/" + binding, "-n", "shop", "--timeout", WAIT.toSeconds() + "s", "--server", server(app), "--token", TOKEN);
        assertThat(code).as("wait: %s%s", out, err).isZero();
        assertThat(out.toString()).isEqualTo("resourcebinding.work.karmada.io/" + binding + " condition met\n");
    }

    /** The query API's answer at {@code path} once it matches. */
    private static JsonNode awaitShown(AppInstance app, String path, Predicate<JsonNode> matching) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + WAIT.toNanos();
        String last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server(app) + path))
                    .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
            last = response.body();
            if (response.statusCode() == 200 && matching.test(JSON.readTree(last))) {
                return JSON.readTree(last);
            }
            Thread.sleep(200);
        }
        return fail("%s did not match within %s: %s", path, WAIT, last);
    }

    private static String server(AppInstance app) {
        return "http://" + app.api().endpoint().host() + ":" + app.api().endpoint().port();
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

    private static <V> void publish(FedstreamConfig config, Topic<String, V> topic, String key, V value) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties(), new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic.name(), key, topic.valueSerde().serializer().serialize(topic.name(), value))).get();
        }
    }

    private static <V> TopicTail<V> tail(FedstreamConfig config, Topic<String, V> topic, List<AutoCloseable> open) {
        TopicTail<V> tail = new TopicTail<>(config.consumerProperties(), topic, WAIT);
        open.add(tail);
        return tail;
    }

    private static long millis(long since) {
        return Duration.ofNanos(System.nanoTime() - since).toMillis();
    }
}
