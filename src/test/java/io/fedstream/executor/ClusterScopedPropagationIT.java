package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.agent.Agent;
import io.fedstream.agent.AgentSettings;
import io.fedstream.agent.MockCluster;
import io.fedstream.cli.Main;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.propagate.PropagationMarks;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.KafkaSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.StreamSupport;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster-scoped objects end to end (docs/propagation.md, "Cluster-scoped objects"), the first step of Karmada's
 * guestbook sample: {@code fedstream apply} of a ClusterPropagationPolicy, a Namespace, a CustomResourceDefinition and a
 * ClusterRole; the engine binds each into a ClusterResourceBinding on every cluster the policy selects, the executors
 * create them, the agents report them (FullyApplied, {@code fedstream wait}), the query API lists them as
 * ClusterResourceBindings and no ResourceBinding; a copy deleted by hand is made again, and {@code delete} takes the
 * Namespace off every cluster. Three fabric8 mock API servers, an agent and an executor each, fedstream on the shared
 * broker.
 */
@ExtendWith(KafkaClusterExtension.class)
class ClusterScopedPropagationIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOKEN = "it-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> CLUSTERS = List.of("member1", "member2", "member3");
    private static final String CRD_NAME = "guestbooks.webapp.my.domain";
    private static final String POLICY_AND_DEFINITIONS = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: ClusterPropagationPolicy
            metadata: {name: guestbook}
            spec:
              resourceSelectors:
              - {apiVersion: v1, kind: Namespace, name: guestbook}
              - {apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition}
              - {apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole, name: guestbook-reader}
              placement:
                clusterAffinity: {clusterNames: [member1, member2, member3]}
            ---
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: guestbooks.webapp.my.domain}
            spec:
              group: webapp.my.domain
              scope: Namespaced
              names: {kind: Guestbook, plural: guestbooks, singular: guestbook, listKind: GuestbookList}
              versions:
              - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
            ---
            apiVersion: rbac.authorization.k8s.io/v1
            kind: ClusterRole
            metadata: {name: guestbook-reader}
            rules:
            - {apiGroups: [webapp.my.domain], resources: [guestbooks], verbs: [get, list, watch]}
            """;
    private static final String NAMESPACE = """
            apiVersion: v1
            kind: Namespace
            metadata: {name: guestbook, labels: {team: web}}
            """;

    @TempDir Path dir;
    /** What {@code apply} and {@code delete} publish to: the instance's broker, topics and registry. */
    private final List<String> publishing = new ArrayList<>();

    @Test
    void aClusterPropagationPolicysNamespaceCrdAndClusterRoleAreBoundPropagatedReportedAndDeleted(SharedKafka kafka,
            KafkaTestNames names) throws Exception {
        FedstreamConfig config = AppInstance.config(kafka, names, dir.resolve("state"), TOKEN, Map.of(FedstreamConfig.TOPIC_PARTITIONS, "2"));
        List<AutoCloseable> open = new ArrayList<>();
        List<MockCluster> clusters = new ArrayList<>();
        List<Executor> executors = new ArrayList<>();
        try (KafkaSchemaRegistry registry = Fedstream.embeddedRegistry(config); Admin admin = kafka.admin();
                RegistryHttpServer registryServer = RegistryHttpServer.start(registry, 0)) {
            publishing.addAll(List.of("--bootstrap-servers", config.kafkaBootstrapServers(), "--registry", registryServer.url()));
            config.topicNames().forEach((topic, name) -> publishing.addAll(List.of("--set", topic.configKey() + "=" + name)));
            try {
                AppInstance app = AppInstance.start(config, registry);
                open.add(app);
                Topics topics = app.fedstream().topics();
                for (String name : CLUSTERS) {
                    MockCluster cluster = new MockCluster();
                    open.add(cluster);
                    clusters.add(cluster);
                    cluster.addNode(name + "-node", Map.of("cpu", "8", "memory", "32Gi", "pods", "110"));
                    open.add(new Agent(cluster.client(), config, topics, admin,
                            new AgentSettings(name, Duration.ofMillis(500), Duration.ofMinutes(10), Map.of(), List.of()),
                            Clock.systemUTC()).start());
                    Executor executor = new Executor(cluster.client(), config, topics, admin, name, Clock.systemUTC()).start();
                    open.add(executor);
                    executors.add(executor);
                }
                ClusterViews.awaitReady(app, WAIT, CLUSTERS.toArray(String[]::new));

                cli("apply", "-f", write("definitions.yaml", POLICY_AND_DEFINITIONS).toString());
                cli("apply", "-f", write("namespace.yaml", NAMESPACE).toString());

                for (MockCluster cluster : clusters) {
                    await("the Namespace, the CRD and the ClusterRole on every cluster", () -> namespace(cluster) != null
                            && cluster.client().apiextensions().v1().customResourceDefinitions().withName(CRD_NAME).get() != null
                            && cluster.client().rbac().clusterRoles().withName("guestbook-reader").get() != null);
                    assertThat(namespace(cluster).getMetadata().getLabels())
                            .containsEntry("team", "web").containsEntry(PropagationMarks.MANAGED_LABEL, PropagationMarks.MANAGED_VALUE);
                    assertThat(cluster.client().apiextensions().v1().customResourceDefinitions().withName(CRD_NAME).get()
                            .getMetadata().getAnnotations())
                            .containsEntry(PropagationMarks.WORKLOAD, "apiextensions.k8s.io/CustomResourceDefinition//" + CRD_NAME);
                }
                assertThat(cli("wait", "--for=condition=FullyApplied", "crb/guestbook-namespace", "--timeout", WAIT.toSeconds() + "s",
                        "--server", server(app), "--token", TOKEN))
                        .isEqualTo("clusterresourcebinding.work.karmada.io/guestbook-namespace condition met\n");
                JsonNode bindings = query(app, "/apis/work.karmada.io/v1alpha2/clusterresourcebindings");
                assertThat(StreamSupport.stream(bindings.get("items").spliterator(), false).map(b -> b.at("/metadata/name").asText()))
                        .containsExactlyInAnyOrder("guestbook-namespace", CRD_NAME + "-customresourcedefinition",
                                "guestbook-reader-clusterrole");
                for (JsonNode binding : bindings.get("items")) {
                    assertThat(StreamSupport.stream(binding.at("/spec/clusters").spliterator(), false).map(c -> c.get("name").asText()))
                            .as("every cluster the policy selects").containsExactlyInAnyOrderElementsOf(CLUSTERS);
                    assertThat(binding.at("/metadata/annotations/clusterpropagationpolicy.karmada.io~1name").asText()).isEqualTo("guestbook");
                }
                assertThat(query(app, "/apis/work.karmada.io/v1alpha2/resourcebindings").get("items"))
                        .as("no ResourceBinding of any namespace").isEmpty();

                MockCluster member2 = clusters.get(1);
                member2.client().rbac().clusterRoles().withName("guestbook-reader").delete();
                await("the ClusterRole deleted by hand on member2 made again (its agent saw it go)",
                        () -> member2.client().rbac().clusterRoles().withName("guestbook-reader").get() != null);

                cli("delete", "-f", dir.resolve("namespace.yaml").toString());
                for (MockCluster cluster : clusters) {
                    await("the Namespace gone with its workload", () -> namespace(cluster) == null);
                    assertThat(cluster.client().rbac().clusterRoles().withName("guestbook-reader").get()).as("the rest stays").isNotNull();
                }
                await("its ClusterResourceBinding gone", () -> !query(app, "/apis/work.karmada.io/v1alpha2/clusterresourcebindings")
                        .toString().contains("guestbook-namespace"));
                assertThat(app.runner().failure()).isNull();
                executors.forEach(executor -> assertThat(executor.failure()).isNull());
            } finally {
                for (int i = open.size() - 1; i >= 0; i--) {
                    open.get(i).close();
                }
            }
        }
    }

    private static io.fabric8.kubernetes.api.model.Namespace namespace(MockCluster cluster) {
        return cluster.client().namespaces().withName("guestbook").get();
    }

    private Path write(String file, String manifests) throws Exception {
        return Files.writeString(dir.resolve(file), manifests);
    }

    /** Runs the command line (apply and delete with the instance's topics and registry); returns what it printed. */
    private String cli(String... command) {
        List<String> args = new ArrayList<>(List.of(command));
        if (!command[0].equals("wait")) {
            args.addAll(publishing);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
        assertThat(code).as("%s: %s%s", args, out, err).isZero();
        return out.toString();
    }

    private static JsonNode query(AppInstance app, String path) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server(app) + path))
                    .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return JSON.readTree(response.body());
        } catch (Exception e) {
            throw new AssertionError(path, e);
        }
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
}
