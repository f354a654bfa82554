package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The migrations routes of the query server, over the fail-over stage's store. */
class MigrationRoutesTest {

    private static final String TOKEN = "t0ken";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private static final String FRAUD = "flink.apache.org/FlinkDeployment/payments/fraud";
    private static final String WEB = "apps/Deployment/shop/web1";
    private static final MigrationRecord FRAUD_2 = TestMigrations.detailed(TestMigrations.migration(
            FRAUD, "member1-1795946400000", 2, "member1", "member2", MigrationRecordPhase.STARTED, AT));
    private static final MigrationRecord FRAUD_1 = TestMigrations.migration(
            FRAUD, "member1-1795946400000", 1, "member1", "member3", MigrationRecordPhase.FAILED, AT.minusSeconds(60));
    private static final MigrationRecord WEB_1 = TestMigrations.migration(
            WEB, "member1-1795946400000", 1, "member1", "member2", MigrationRecordPhase.COMPLETED, AT);

    private final HttpClient http = HttpClient.newHttpClient();
    private final TestStores stores = new TestStores();
    private QueryServer server;

    private void serve(List<MigrationRecord> records) {
        server = stores.migrations(records.toArray(MigrationRecord[]::new)).serve(Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void oneMigrationShowsTheCommandAsSpecAndTheLifeCycleAsStatus() throws Exception {
        serve(List.of(FRAUD_2, FRAUD_1, WEB_1));

        HttpResponse<String> response = get("/apis/migrations/" + FRAUD + "/member1-1795946400000/2");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"apiVersion":"fedstream.io/v1alpha1","kind":"Migration",
                 "metadata":{"name":"fraud-flinkdeployment-member1-1795946400000-2",
                   "namespace":"payments","creationTimestamp":"2026-11-29T10:00:00Z","resourceVersion":"1795946400000",
                   "annotations":{"fedstream.io/command-id":"flink.apache.org/FlinkDeployment/payments/fraud/member1-1795946400000/2"}},
                 "spec":{"commandId":"flink.apache.org/FlinkDeployment/payments/fraud/member1-1795946400000/2",
                   "incidentId":"member1-1795946400000","workloadKey":"flink.apache.org/FlinkDeployment/payments/fraud",
                   "action":"MIGRATE","attempt":2,"sourceCluster":"member1","targetCluster":"member2",
                   "remainingCandidates":["member3","member4"],"strategy":"CHECKPOINT",
                   "checkpoint":{"id":42,"path":"s3://ckpt/fraud/chk-42","stateSizeBytes":1073741824,
                     "completedAt":"2026-11-29T09:59:30Z","deltaPartition":3,"deltaOffset":1200},
                   "deltaReplay":{"topic":"fedstream.state-deltas","partition":3,"fromOffsetExclusive":1200,
                     "toOffsetInclusive":1250,"bytes":5242880,"records":50},
                   "consumerGroupOffsets":[{"group":"fraud","topic":"payments","partition":0,"offset":99}],
                   "preservedState":{"replicas":"3"},"purgeMode":"Gracefully","gracePeriodSeconds":30,
                   "checkpointStorage":{"bucket":"ckpt"},"fullStateBytes":1073741824,"incrementalBytes":5242880,
                   "issuedAt":"2026-11-29T10:00:00Z"},
                 "status":{"phase":"STARTED","reason":"target member2 restoring","updatedAt":"2026-11-29T10:00:00Z"}}"""));
    }

    @Test
    void aNestedCheckpointStorageIsShownAsThePolicyWroteIt() throws Exception {
        MigrationCommand command = MigrationCommand.newBuilder(WEB_1.getCommand())
                .setCheckpointStorage(Map.of("s3.endpoint", "https://s3.example.com", "s3.bucket", "flink-checkpoints"))
                .setCheckpointStorageJson("{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}")
                .build();
        serve(List.of(MigrationRecord.newBuilder(WEB_1).setCommand(command).build()));

        JsonNode spec = JSON.readTree(get("/apis/migrations/" + WEB + "/member1-1795946400000/1").body()).get("spec");

        assertThat(spec.get("checkpointStorage")).isEqualTo(
                JSON.readTree("{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}"));
    }

    @Test
    void absentOptionalPartsAreNull() throws Exception {
        serve(List.of(WEB_1));

        JsonNode spec = JSON.readTree(get("/apis/migrations/" + WEB + "/member1-1795946400000/1").body()).get("spec");

        assertThat(spec.get("checkpoint").isNull()).isTrue();
        assertThat(spec.get("deltaReplay").isNull()).isTrue();
        assertThat(spec.get("gracePeriodSeconds").isNull()).isTrue();
        assertThat(spec.get("remainingCandidates")).isEmpty();
    }

    @Test
    void theListHoldsEveryNamespaceInNamespaceThenCommandIdOrder() throws Exception {
        serve(List.of(FRAUD_2, WEB_1, FRAUD_1));

        HttpResponse<String> response = get("/apis/migrations");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode list = JSON.readTree(response.body());
        assertThat(list.get("apiVersion").asText()).isEqualTo("fedstream.io/v1alpha1");
        assertThat(list.get("kind").asText()).isEqualTo("MigrationList");
        assertThat(list.get("items")).extracting(item -> item.at("/metadata/annotations/fedstream.io~1command-id").asText()).containsExactly(
                FRAUD + "/member1-1795946400000/1", FRAUD + "/member1-1795946400000/2", WEB + "/member1-1795946400000/1");
        assertThat(JSON.readTree(get("/apis/fedstream.io/v1alpha1/migrations").body()).get("items"))
                .as("the route of the previous release is an alias of Kubernetes'").isEqualTo(list.get("items"));
    }

    /** Two commands of one workload are one record: a page that ends between them resumes within it. */
    @Test
    void aListComesInPagesThatResumeAfterTheLastCommandIdEvenWithinOneWorkloadsRecord() throws Exception {
        serve(List.of(FRAUD_2, WEB_1, FRAUD_1));

        for (String scope : List.of("", "namespaces/payments/")) {
            List<String> commandIds = new ArrayList<>();
            String next = null;
            int pages = 0;
            do {
                JsonNode page = JSON.readTree(get("/apis/fedstream.io/v1alpha1/" + scope + "migrations?limit=1"
                        + (next == null ? "" : "&continue=" + next)).body());
                assertThat(page.get("items").size()).isLessThanOrEqualTo(1);
                page.get("items").forEach(item -> commandIds.add(item.at("/spec/commandId").asText()));
                next = page.at("/metadata/continue").asText(null);
                pages++;
            } while (next != null && pages < 10);

            List<String> expected = scope.isEmpty()
                    ? List.of(FRAUD_1.getCommand().getCommandId(), FRAUD_2.getCommand().getCommandId(), WEB_1.getCommand().getCommandId())
                    : List.of(FRAUD_1.getCommand().getCommandId(), FRAUD_2.getCommand().getCommandId());
            assertThat(commandIds).as(scope).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void aNamespacedListHoldsOnlyThatNamespacesWorkloads() throws Exception {
        serve(List.of(FRAUD_2, WEB_1, FRAUD_1));

        JsonNode list = JSON.readTree(get("/apis/migrations?namespace=payments").body());
        JsonNode none = JSON.readTree(get("/apis/migrations?namespace=nobody").body());

        assertThat(list.get("items")).extracting(item -> item.at("/spec/attempt").asInt()).containsExactly(1, 2);
        assertThat(list.get("items")).extracting(item -> item.at("/metadata/namespace").asText()).containsOnly("payments");
        assertThat(none.get("kind").asText()).isEqualTo("MigrationList");
        assertThat(none.get("items")).isEmpty();
    }

    @Test
    void noMigrationsIsAnEmptyList() throws Exception {
        serve(List.of());

        HttpResponse<String> response = get("/apis/migrations");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode list = JSON.readTree(response.body());
        assertThat(list.get("kind").asText()).isEqualTo("MigrationList");
        assertThat(list.get("items")).isEmpty();
        assertThat(list.at("/metadata").has("continue")).isFalse();
    }

    @Test
    void aPurgeCommandIsFoundByItsIdToo() throws Exception {
        MigrationRecord purge = MigrationRecord.newBuilder(WEB_1).setCommand(MigrationCommand.newBuilder(WEB_1.getCommand())
                .setCommandId(WEB_1.getCommand().getCommandId() + "/purge").setAction(MigrationAction.PURGE).setTargetCluster(null)
                .build()).build();
        serve(List.of(WEB_1, purge));

        HttpResponse<String> response = get("/apis/migrations/" + WEB + "/member1-1795946400000/1/purge");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body()).at("/spec/action").asText()).isEqualTo("PURGE");
        assertThat(JSON.readTree(response.body()).at("/metadata/name").asText()).isEqualTo("web1-deployment-member1-1795946400000-1-purge");
        assertThat(get("/apis/fedstream.io/v1alpha1/namespaces/shop/migrations/web1-deployment-member1-1795946400000-1-purge").body())
                .isEqualTo(response.body());
    }

    @Test
    void anUnknownMigrationIs404NamingIt() throws Exception {
        serve(List.of(WEB_1));

        HttpResponse<String> response = get("/apis/migrations/" + WEB + "/member1-1795946400000/7");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                {"error":"NotFound","message":"migration apps/Deployment/shop/web1/member1-1795946400000/7 not found",
                 "commandId":"apps/Deployment/shop/web1/member1-1795946400000/7"}"""));
    }

    @Test
    void internalRoutesAnswerThePublicShapesFromExactlyTheGivenPartitionsAndNamespace() throws Exception {
        serve(List.of(FRAUD_2, WEB_1, FRAUD_1));

        JsonNode all = JSON.readTree(get("/internal/pages/migrations?partitions=0").body());
        JsonNode payments = JSON.readTree(get("/internal/pages/migrations?partitions=0&namespace=payments").body());
        HttpResponse<String> one = get("/internal/migrations/" + FRAUD + "/member1-1795946400000/2?partitions=0");

        assertThat(all.get("items")).extracting(item -> item.get("object"))
                .containsExactlyElementsOf(JSON.readTree(get("/apis/migrations").body()).get("items"));
        assertThat(all.get("items")).extracting(item -> item.get("key").asText())
                .containsExactly(FRAUD_1.getCommand().getCommandId(), FRAUD_2.getCommand().getCommandId(), WEB_1.getCommand().getCommandId());
        assertThat(all.get("continue").isNull()).isTrue();
        assertThat(payments.get("items")).extracting(item -> MigrationObject.fromJson(item.get("object"))).containsExactly(FRAUD_1, FRAUD_2);
        assertThat(MigrationObject.fromJson(JSON.readTree(one.body()))).isEqualTo(FRAUD_2);
        assertThat(get("/internal/migrations/" + FRAUD + "/member1-1795946400000/9?partitions=0").statusCode()).isEqualTo(404);
        assertThat(get("/internal/pages/migrations").statusCode()).isEqualTo(400);
        assertThat(get("/internal/pages/migrations?partitions=1").statusCode()).as("partition 1 is not active here").isEqualTo(503);
        assertThat(get("/internal/migrations/" + FRAUD + "/member1-1795946400000/2?partitions=1").statusCode()).isEqualTo(503);
    }

    @Test
    void anObjectReadsBackWhole() {
        MigrationRecord purge = MigrationRecord.newBuilder(WEB_1).setCommand(MigrationCommand.newBuilder(WEB_1.getCommand())
                .setCommandId(WEB_1.getCommand().getCommandId() + "/purge").setAction(MigrationAction.PURGE).setTargetCluster(null)
                .build()).setReason(null).build();
        MigrationRecord beyondRoom = MigrationRecord.newBuilder(FRAUD_1).setCommand(MigrationCommand.newBuilder(FRAUD_1.getCommand())
                .setTargetRoomNote("cluster member2 has room for 4 of the 8 pods").build()).build();
        for (MigrationRecord migration : List.of(FRAUD_2, FRAUD_1, WEB_1, purge, beyondRoom)) {
            assertThat(MigrationObject.fromJson(MigrationObject.toJson(migration))).isEqualTo(migration);
        }
    }

    @Test
    void aMigratingStoreIs503AndATokenIsRequired() throws Exception {
        serve(List.of(WEB_1));
        assertThat(get("/apis/migrations", "wrong").statusCode()).isEqualTo(401);

        stores.unavailable = true;

        for (String path : List.of("/apis/migrations", "/apis/migrations?namespace=shop",
                "/apis/migrations/" + WEB + "/member1-1795946400000/1")) {
            HttpResponse<String> response = get(path);
            assertThat(response.statusCode()).as(path).isEqualTo(503);
            assertThat(response.headers().firstValue("Retry-After")).as(path).contains("1");
            assertThat(JSON.readTree(response.body()).path("reason").asText(JSON.readTree(response.body()).path("error").asText()))
                    .isIn("ServiceUnavailable", "Unavailable");
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        return get(path, TOKEN);
    }

    private HttpResponse<String> get(String path, String token) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.endpoint().port() + path))
                .header("Authorization", "Bearer " + token).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
