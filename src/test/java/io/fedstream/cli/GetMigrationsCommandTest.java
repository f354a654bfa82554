package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.api.TestMigrations;
import io.fedstream.api.TestStores;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream get migrations} against a query server over a migrations store holding fixed migrations. */
class GetMigrationsCommandTest {

    private static final String TOKEN = "t0ken";
    private static final String INCIDENT = "member1-1795946400000";
    private static final String FRAUD = "flink.apache.org/FlinkDeployment/default/fraud";
    private static final String WEB = "apps/Deployment/shop/web";

    private final TestStores stores = new TestStores();
    private String url;

    private void serve(List<MigrationRecord> migrations) {
        url = "http://127.0.0.1:" + stores.migrations(migrations.toArray(MigrationRecord[]::new)).serve(Optional.of(TOKEN)).endpoint().port();
    }

    private void serveFleet() {
        Instant tenMinutesAgo = Instant.now().minusSeconds(600);
        MigrationRecord failed = TestMigrations.migration(FRAUD, INCIDENT, 1, "member1", "member3", MigrationRecordPhase.FAILED,
                tenMinutesAgo.minusSeconds(60));
        MigrationRecord retried = TestMigrations.detailed(TestMigrations.migration(FRAUD, INCIDENT, 2, "member1", "member2",
                MigrationRecordPhase.STARTED, tenMinutesAgo));
        MigrationRecord purge = TestMigrations.migration(WEB, INCIDENT, 1, "member1", null, MigrationRecordPhase.COMPLETED, tenMinutesAgo);
        purge.getCommand().setAction(MigrationAction.PURGE);
        serve(List.of(retried, purge, failed));
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void defaultOutputIsOneRowPerMigrationOfTheDefaultNamespaceSortedByAttempt() {
        serveFleet();

        CliRunner result = get("migrations");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).containsExactly(
                "WORKLOAD                                         INCIDENT                ATTEMPT   FROM      TO        STRATEGY     PHASE     AGE",
                FRAUD + "   " + INCIDENT + "   1         member1   member3   CHECKPOINT   FAILED    11m",
                FRAUD + "   " + INCIDENT + "   2         member1   member2   CHECKPOINT   STARTED   10m");
    }

    @Test
    void allNamespacesSortsByWorkloadAndShowsAPurgeAsSuch() {
        serveFleet();

        CliRunner result = get("migrations", "-A");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).hasSize(4);
        assertThat(result.out().lines().skip(1).map(line -> line.split("\\s+")[0] + " " + line.split("\\s+")[2]).toList())
                .containsExactly(WEB + " 1", FRAUD + " 1", FRAUD + " 2");
        assertThat(result.out()).containsPattern(WEB + "\\s+" + INCIDENT + "\\s+1\\s+member1\\s+\\(purge\\)\\s+CHECKPOINT\\s+COMPLETED\\s+10m\n");
    }

    @Test
    void aNamespaceIsChosenWithDashN() {
        serveFleet();

        CliRunner result = get("migrations", "-n", "shop");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).hasSize(2);
        assertThat(result.out()).contains(WEB).doesNotContain(FRAUD);
    }

    @Test
    void wideOutputAddsCheckpointDeltasSizesCandidatesAndReason() {
        serveFleet();

        CliRunner result = get("migrations", "-o", "wide");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .containsPattern("PHASE\\s+AGE\\s+CHECKPOINT\\s+DELTAS\\s+INCREMENTAL/FULL\\s+CANDIDATES\\s+REASON\n")
                .containsPattern("\\s2\\s+member1\\s+member2\\s+CHECKPOINT\\s+STARTED\\s+10m\\s+42\\s+1200\\.\\.1250 \\(5\\.0Mi\\)\\s+"
                        + "5\\.0Mi/1\\.0Gi\\s+member3,member4\\s+target member2 restoring\n")
                .containsPattern("\\s1\\s+member1\\s+member3\\s+CHECKPOINT\\s+FAILED\\s+11m\\s+-\\s+-\\s+0B/0B\\s+-\\s+-\n")
                .endsWith("State relay: 5.0Mi of deltas replayed incrementally against 1.0Gi of full state (0.49%), over 1 migration.\n");
    }

    @Test
    void jsonAndYamlPrintTheApiObjects() throws Exception {
        serveFleet();

        CliRunner json = get("migrations", "-A", "-o", "json");
        CliRunner yaml = get("migrations", "-n", "shop", "-o", "yaml");

        assertThat(json.exitCode()).isZero();
        JsonNode list = new ObjectMapper().readTree(json.out());
        assertThat(list.get("kind").asText()).isEqualTo("List");
        assertThat(list.get("items")).as("by namespace, then workload and command id").extracting(item -> item.at("/spec/commandId").asText())
                .containsExactly(FRAUD + "/" + INCIDENT + "/1", FRAUD + "/" + INCIDENT + "/2", WEB + "/" + INCIDENT + "/1");
        assertThat(list.at("/items/1/spec/checkpoint/path").asText()).isEqualTo("s3://ckpt/fraud/chk-42");
        assertThat(list.at("/items/1/status/phase").asText()).isEqualTo("STARTED");
        assertThat(yaml.exitCode()).isZero();
        assertThat(yaml.out()).startsWith("apiVersion: v1\nkind: List\nitems:\n")
                .contains("    action: PURGE\n", "    phase: COMPLETED\n");
    }

    @Test
    void noMigrationsSaysSo() {
        serve(List.of());

        CliRunner all = get("migrations", "-A");
        CliRunner one = get("migrations", "-n", "shop");

        assertThat(all.exitCode()).isZero();
        assertThat(all.out()).isEmpty();
        assertThat(all.err().strip()).isEqualTo("No migrations.");
        assertThat(one.err().strip()).isEqualTo("No migrations in namespace shop.");
    }

    @Test
    void anUnreachableServerExitsOneSayingWhere() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        url = "http://127.0.0.1:" + port;

        CliRunner result = get("migrations", "-A");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).startsWith("error: cannot reach the fedstream query API at " + url);
    }

    @Test
    void namespaceAndAllNamespacesExcludeEachOther() {
        CliRunner result = CliRunner.run("get", "migrations", "-n", "shop", "-A");

        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err()).contains("mutually exclusive");
    }

    @Test
    void getListsMigrationsAmongItsResourceTypes() {
        assertThat(CliRunner.run("get", "--help").out()).contains("migrations", "clusters");
    }

    private CliRunner get(String... args) {
        return CliRunner.get(url, TOKEN, args);
    }
}
