package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.decide.Workloads;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.cli.Main;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Two instances of the application on a real broker: each answers for every binding, quota and aggregate, its own and the other's. */
@ExtendWith(KafkaClusterExtension.class)
class QueryApiIT {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private static final String TOKEN = "it-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TWIN = "apps/Deployment/team-0/twin";
    private static final String TWIN_ELSEWHERE = "example.com/Deployment/team-0/twin";

    private static final Placement EU_WEST = Placement.newBuilder().setScheduling(ReplicaScheduling.DUPLICATED)
            .setClusters(List.of(ClusterTarget.newBuilder().setName("eu-west-1").build())).build();

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyInstanceAnswersForEveryBinding(SharedKafka kafka, KafkaTestNames names, @TempDir Path stateA, @TempDir Path stateB)
            throws Exception {
        SchemaRegistry registry = new InProcessSchemaRegistry();
        try (AppInstance a = AppInstance.start(AppInstance.config(kafka, names, stateA, TOKEN), registry);
                AppInstance b = AppInstance.start(AppInstance.config(kafka, names, stateB, TOKEN), registry)) {
            AppInstance.awaitBothRunning(a, b);
            publishQuotas(a);
            Map<String, String> manifests = workloads();
            publish(a, manifests);

            Map<String, String> bindingNames = new LinkedHashMap<>();
            manifests.keySet().forEach(key -> bindingNames.put(key, bindingName(key)));
            Map<String, HostInfo> owners = new HashMap<>();
            for (String key : manifests.keySet()) {
                owners.put(key, a.runner().streams()
                        .queryMetadataForKey(Workloads.STORE, key.split("/")[2], new StringSerializer()).activeHost());
            }
            assertThat(owners.values()).as("both instances own bindings").contains(a.api().endpoint(), b.api().endpoint());

            for (AppInstance instance : List.of(a, b)) {
                for (String key : manifests.keySet()) {
                    if (key.equals(TWIN) || key.equals(TWIN_ELSEWHERE)) {
                        continue;
                    }
                    String[] parts = key.split("/");
                    HttpResponse<String> byName = getUntilServed(instance, "/apis/resourcebindings/" + parts[2] + "/" + bindingNames.get(key));
                    assertThat(byName.statusCode()).as(key + " through " + instance.api().endpoint() + ": " + byName.body()).isEqualTo(200);
                    JsonNode object = JSON.readTree(byName.body());
                    assertThat(object.at("/metadata/annotations/fedstream.io~1workload-key").asText()).isEqualTo(key);
                    assertThat(object.at("/metadata/name").asText()).isEqualTo(bindingNames.get(key));

                    HttpResponse<String> byKey = getUntilServed(instance, "/apis/workloads/" + key);
                    assertThat(byKey.statusCode()).as(key).isEqualTo(200);
                    assertThat(JSON.readTree(byKey.body())).isEqualTo(object);
                }
                JsonNode team1 = JSON.readTree(getUntilServed(instance, "/apis/resourcebindings?namespace=team-1").body());
                assertThat(team1.get("items")).hasSize(6);
                JsonNode every = JSON.readTree(getUntilServed(instance, "/apis/resourcebindings").body());
                assertThat(every.get("items")).as("every namespace's bindings, from both instances").hasSize(manifests.size());
                HttpResponse<String> twins = getUntilServed(instance, "/apis/resourcebindings/team-0/twin-deployment");
                assertThat(twins.statusCode()).isEqualTo(409);
                assertThat(JSON.readTree(twins.body()).get("workloadKeys").toString())
                        .isEqualTo("[\"" + TWIN + "\",\"" + TWIN_ELSEWHERE + "\"]");
                assertThat(getUntilServed(instance, "/apis/resourcebindings/team-0/absent-deployment").statusCode()).isEqualTo(404);
            }

            HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(uri(a, "/apis/resourcebindings?namespace=team-1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(JSON.readTree(anonymous.body()).get("reason").asText()).isEqualTo("Unauthorized");
            HttpResponse<String> internalAnonymous = http.send(HttpRequest.newBuilder(
                    uri(b, "/internal/pages/resourcebindings?namespace=team-1&partitions=0")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(internalAnonymous.statusCode()).isEqualTo(401);

            String ownedByA = manifests.keySet().stream().filter(k -> owners.get(k).equals(a.api().endpoint())
                    && k.startsWith("apps/")).findFirst().orElseThrow();
            String[] parts = ownedByA.split("/");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), "get", "resourcebindings",
                    bindingName(ownedByA), "-n", parts[2], "-o", "wide", "--server", "http://" + b.api().endpoint().host() + ":"
                            + b.api().endpoint().port(), "--token", TOKEN);
            assertThat(exit).as(err.toString()).isZero();
            assertThat(out.toString()).containsPattern(parts[2] + "/" + parts[3] + "\\s+Deployment\\s+INTERPRETED\\s+main\\s+\\d+\\s+500m\\s+512Mi");

            StringWriter list = new StringWriter();
            exit = Main.execute(new PrintWriter(list, true), new PrintWriter(err, true), "get", "resourcebindings", "-n", "team-2",
                    "--server", "http://" + a.api().endpoint().host() + ":" + a.api().endpoint().port(), "--token", TOKEN);
            assertThat(exit).as(err.toString()).isZero();
            assertThat(list.toString().lines()).hasSize(7).first().asString().startsWith("NAME");

            for (AppInstance instance : List.of(a, b)) {
                JsonNode quota = getUntil(instance, "/apis/quotas/team-1/compute",
                        q -> q.at("/status/admittedCount").asLong() == 6);
                assertThat(quota.at("/status/overallUsed").toString()).isEqualTo("{\"cpu\":\"6500m\",\"pods\":\"13\"}");
                JsonNode refused = getUntil(instance, "/apis/quotas/team-2/objects", q -> q.at("/status/problems").size() > 0);
                assertThat(refused.at("/status/problems/0/field").asText()).isEqualTo("spec.overall[count/deployments.apps]");
                assertThat(getUntilServed(instance, "/apis/quotas/team-1/absent").statusCode()).isEqualTo(404);
                assertThat(getUntil(instance, "/apis/quotas?namespace=team-1", q -> true).get("items")).hasSize(1);
                assertThat(getUntil(instance, "/apis/propagationpolicies", l -> l.get("items").size() == 1).get("items"))
                        .as("every instance answers from its own copy of the policies global store")
                        .extracting(p -> p.at("/metadata/namespace").asText() + "/" + p.at("/metadata/name").asText() + " "
                                + p.at("/status/inForce").asBoolean())
                        .containsExactly("team-99/idle true");
                assertThat(getUntil(instance, "/apis/overridepolicies", l -> l.get("items").size() == 1).get("items"))
                        .extracting(p -> p.at("/metadata/namespace").asText() + "/" + p.at("/metadata/name").asText() + " "
                                + p.at("/status/inForce").asBoolean())
                        .containsExactly("team-99/idle-labels true");
                assertThat(getUntil(instance, "/apis/quotas", q -> q.get("items").size() == 2).get("items"))
                        .extracting(q -> q.at("/metadata/namespace").asText() + "/" + q.at("/metadata/name").asText())
                        .containsExactly("team-1/compute", "team-2/objects");

                JsonNode team1 = getUntil(instance, "/apis/aggregates?namespace=team-1", g -> g.at("/total/workloads").asLong() == 6);
                assertThat(team1.at("/total/replicas").asLong()).isEqualTo(13);
                long namespacesReplicas = 0;
                for (int n = 0; n < 12; n++) {
                    namespacesReplicas += getUntil(instance, "/apis/aggregates?namespace=team-" + n, g -> true).at("/total/replicas").asLong();
                }
                long expected = namespacesReplicas;
                JsonNode cluster = getUntil(instance, "/apis/aggregates?cluster=eu-west-1",
                        g -> g.at("/clusters/0/replicas").asLong() == expected);
                assertThat(cluster.at("/clusters/0/namespaces")).as("shares from both instances' partitions").hasSize(12);
            }
            assertThat(getUntil(a, "/apis/aggregates?cluster=eu-west-1", g -> true))
                    .isEqualTo(getUntil(b, "/apis/aggregates?cluster=eu-west-1", g -> true));
            // No cluster failed, so there is no migration: each instance lists the workloads' records from both, and a
            // command id is asked of the instance active for its workload's namespace partition (either one), which has none.
            Map<HostInfo, String> workloadByMigrationOwner = new HashMap<>();
            for (String key : manifests.keySet()) {
                workloadByMigrationOwner.putIfAbsent(a.runner().streams()
                        .queryMetadataForKey(Workloads.STORE, key.split("/")[2], new StringSerializer()).activeHost(), key);
            }
            assertThat(workloadByMigrationOwner).as("both instances own migrations partitions")
                    .containsOnlyKeys(a.api().endpoint(), b.api().endpoint());
            for (AppInstance instance : List.of(a, b)) {
                JsonNode migrations = getUntil(instance, "/apis/migrations", m -> true);
                assertThat(migrations.get("kind").asText()).isEqualTo("MigrationList");
                assertThat(migrations.get("items")).as("from every partition of both instances").isEmpty();
                assertThat(migrations.at("/metadata").has("continue")).isFalse();
                for (String key : workloadByMigrationOwner.values()) {
                    HttpResponse<String> absent = getUntilServed(instance, "/apis/migrations/" + key + "/absent-1/1");
                    assertThat(absent.statusCode()).as(key + " through " + instance.api().endpoint()).isEqualTo(404);
                }
            }
            HttpResponse<String> internalShares = http.send(HttpRequest.newBuilder(
                    uri(a, "/internal/aggregates/clusters?partitions=0")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(internalShares.statusCode()).isEqualTo(401);
            assertThat(a.runner().failure()).isNull();
            assertThat(b.runner().failure()).isNull();
        }
    }

    /**
     * 18 Deployments in three namespaces, one in each of nine more (twelve namespaces cover five of the six partitions,
     * so each of two instances owns some), and two workloads that share one binding name across API groups.
     */
    private static Map<String, String> workloads() {
        Map<String, String> manifests = new LinkedHashMap<>();
        for (int i = 0; i < 18; i++) {
            String namespace = "team-" + (i % 3);
            String name = "app-" + i;
            manifests.put("apps/Deployment/" + namespace + "/" + name, """
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                     "spec":{"replicas":%d,"template":{"spec":{"containers":[
                       {"name":"app","resources":{"requests":{"cpu":"500m","memory":"512Mi"}}}]}}}}
                    """.formatted(name, namespace, 1 + i % 4));
        }
        for (int n = 3; n < 12; n++) {
            String namespace = "team-" + n;
            manifests.put("apps/Deployment/" + namespace + "/solo", """
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"solo","namespace":"%s"},
                     "spec":{"replicas":1,"template":{"spec":{"containers":[
                       {"name":"app","resources":{"requests":{"cpu":"500m","memory":"512Mi"}}}]}}}}
                    """.formatted(namespace));
        }
        manifests.put(TWIN, """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"twin","namespace":"team-0"},
                 "spec":{"replicas":1,"template":{"spec":{"containers":[{"name":"app"}]}}}}
                """);
        manifests.put(TWIN_ELSEWHERE, """
                {"apiVersion":"example.com/v1","kind":"Deployment","metadata":{"name":"twin","namespace":"team-0"},"spec":{}}
                """);
        return manifests;
    }

    private static String bindingName(String key) {
        String[] parts = key.split("/");
        return parts[3] + "-" + parts[1].toLowerCase();
    }

    private static void publish(AppInstance instance, Map<String, String> manifests) {
        var workloads = instance.fedstream().topics().workloads();
        try (KafkaProducer<String, WorkloadEvent> producer = new KafkaProducer<>(instance.fedstream().config().producerProperties(),
                workloads.keySerde().serializer(), workloads.valueSerde().serializer())) {
            manifests.forEach((key, manifest) -> producer.send(new ProducerRecord<>(workloads.name(), key,
                    WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(NOW).setPlacement(EU_WEST).build())));
            producer.flush();
        }
    }

    /** GETs with the token until a 200 answer satisfies {@code done} (the last one otherwise, checked by the caller). */
    private JsonNode getUntil(AppInstance instance, String path, Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + AppInstance.WAIT.toNanos();
        JsonNode last = null;
        do {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri(instance, path))
                    .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                last = JSON.readTree(response.body());
                if (done.test(last)) {
                    return last;
                }
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        assertThat(last).as("a 200 answer from %s within %s", path, AppInstance.WAIT).isNotNull();
        return last;
    }

    /** A quota the ledger enforces, one whose only version it refuses (an object count), a propagation and an override policy. */
    private static void publishQuotas(AppInstance instance) {
        var policies = instance.fedstream().topics().policies();
        try (KafkaProducer<String, PolicyEvent> producer = new KafkaProducer<>(instance.fedstream().config().producerProperties(),
                policies.keySerde().serializer(), policies.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(policies.name(), "FederatedResourceQuota/team-1/compute", PolicyEvent.newBuilder()
                    .setOp(Op.UPSERT).setObservedAt(NOW).setManifest("""
                            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                             "metadata":{"name":"compute","namespace":"team-1"},"spec":{"overall":{"cpu":"100","pods":"50"}}}""").build()));
            // A namespace without workloads: listed by /apis/propagationpolicies and /apis/overridepolicies, acting on nothing here.
            producer.send(new ProducerRecord<>(policies.name(), "PropagationPolicy/team-99/idle", PolicyEvent.newBuilder()
                    .setOp(Op.UPSERT).setObservedAt(NOW).setManifest("""
                            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"idle",
                             "namespace":"team-99"},"spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}]}}""").build()));
            producer.send(new ProducerRecord<>(policies.name(), "OverridePolicy/team-99/idle-labels", PolicyEvent.newBuilder()
                    .setOp(Op.UPSERT).setObservedAt(NOW).setManifest("""
                            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"OverridePolicy","metadata":{"name":"idle-labels",
                             "namespace":"team-99"},"spec":{"overrideRules":[{"overriders":{"labelsOverrider":[
                             {"operator":"add","value":{"tier":"idle"}}]}}]}}""").build()));
            producer.send(new ProducerRecord<>(policies.name(), "FederatedResourceQuota/team-2/objects", PolicyEvent.newBuilder()
                    .setOp(Op.UPSERT).setObservedAt(NOW).setManifest("""
                            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                             "metadata":{"name":"objects","namespace":"team-2"},"spec":{"overall":{"count/deployments.apps":"3"}}}""").build()));
            producer.flush();
        }
    }

    /** GETs with the token until the answer is neither 503 (migrating) nor a 404 of a binding still on its way. */
    private HttpResponse<String> getUntilServed(AppInstance instance, String path) throws Exception {
        long deadline = System.nanoTime() + AppInstance.WAIT.toNanos();
        HttpResponse<String> response;
        do {
            response = http.send(HttpRequest.newBuilder(uri(instance, path)).header("Authorization", "Bearer " + TOKEN).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200 || response.statusCode() == 409 || (response.statusCode() == 404 && path.contains("absent"))) {
                return response;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return response;
    }

    private static URI uri(AppInstance instance, String path) {
        return URI.create("http://" + instance.api().endpoint().host() + ":" + instance.api().endpoint().port() + path);
    }



}
