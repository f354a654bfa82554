package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestClusters;
import io.fedstream.api.TestStores;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.HeartbeatRefusal;
import io.fedstream.avro.MigrationBrake;
import io.fedstream.avro.Taint;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream get clusters} against a query server over a cluster-watch store holding fixed clusters. */
class GetClustersCommandTest {

    private static final String TOKEN = "t0ken";

    private final TestStores stores = new TestStores();
    private String url;

    private void serve(List<ClusterWatch> clusters) {
        url = "http://127.0.0.1:" + stores.clusters(clusters.toArray(ClusterWatch[]::new)).serve(Optional.of(TOKEN)).endpoint().port();
    }

    private void serveFleet() {
        Instant recent = Instant.now().minusSeconds(5);
        serve(List.of(
                TestClusters.cluster("member1", ClusterState.READY, null, 0, recent),
                TestClusters.cluster("member2", ClusterState.FAILED, "member2-1795946400000", 3, Instant.now().minusSeconds(600),
                        Taint.newBuilder().setKey("maintenance").setEffect("NoExecute").build())));
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void defaultOutputIsOneRowPerClusterWithTheShareAllocatedRoundedDown() {
        serveFleet();

        CliRunner result = get("clusters");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).hasSize(3);
        assertThat(result.out())
                .containsPattern("NAME\\s+STATE\\s+READY\\s+LAST-HEARTBEAT\\s+INCIDENT\\s+FLAPS\\s+CPU\\s+MEMORY\\s+TAINTS\n")
                .containsPattern("member1\\s+READY\\s+True\\s+\\d+s\\s+-\\s+0\\s+12500m/64 \\(19%\\)\\s+48Gi/256Gi \\(18%\\)\\s+-\n")
                .containsPattern("member2\\s+FAILED\\s+False\\s+10m\\s+member2-1795946400000\\s+3\\s+12500m/64 \\(19%\\)\\s+48Gi/256Gi \\(18%\\)"
                        + "\\s+maintenance:NoExecute\\(10m\\)\n");
    }

    @Test
    void theBrakeAndARefusedHeartbeatAreShownUnderTheTable() {
        MigrationBrake brake = MigrationBrake.newBuilder().setReason("MassFailure")
                .setMessage("2 of 3 clusters turned SUSPECT within 30s (member2, member3)")
                .setSince(Instant.parse("2026-11-29T10:00:00Z")).setClusters(List.of("member2", "member3")).setKnownClusters(3).build();
        HeartbeatRefusal refusal = HeartbeatRefusal.newBuilder().setRefusedAt(Instant.now().minusSeconds(7))
                .setHeartbeatAt(Instant.now().minusSeconds(7)).setField("allocatable.cpu").setValue("NaN")
                .setMessage("allocatable.cpu: is not a Kubernetes quantity (value: NaN)").build();
        serve(List.of(
                ClusterWatch.newBuilder(TestClusters.cluster("member1", ClusterState.READY, null, 0, Instant.now()))
                        .setBrake(brake).setRefusal(refusal).build(),
                ClusterWatch.newBuilder(TestClusters.cluster("member2", ClusterState.SUSPECT, "member2-1", 0, Instant.now()))
                        .setBrake(brake).build()));

        CliRunner result = get("clusters");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("Migration brake HOLDS since 2026-11-29T10:00:00Z (MassFailure): 2 of 3 clusters turned"
                        + " SUSPECT within 30s (member2, member3). No migration command is issued while it holds.\n")
                .containsPattern("Heartbeat of member1 refused \\d+s ago: allocatable.cpu: is not a Kubernetes quantity \\(value: NaN\\)\n");
        CliRunner json = get("clusters", "-o", "json");
        assertThat(json.out()).contains("\"brake\" : {").contains("\"lastRefusedHeartbeat\" : {");
    }

    @Test
    void wideOutputAddsReasonAndTimeInState() {
        serveFleet();

        CliRunner result = get("clusters", "member2", "-o", "wide");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).containsPattern("TAINTS\\s+REASON\\s+SINCE\n")
                .containsPattern("member2\\s+FAILED.*maintenance:NoExecute\\(10m\\)\\s+HeartbeatMissed\\s+10m\n");
    }

    @Test
    void yamlAndJsonPrintTheApiObject() {
        serveFleet();

        CliRunner yaml = get("cluster", "member1", "-o", "yaml");
        CliRunner json = get("clusters", "-o", "json");

        assertThat(yaml.exitCode()).isZero();
        assertThat(yaml.out()).startsWith("apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: member1\n")
                .contains("  state: READY\n");
        assertThat(json.exitCode()).isZero();
        assertThat(json.out()).as("the pages read, as kubectl prints them").startsWith("{\n  \"apiVersion\" : \"v1\",\n  \"kind\" : \"List\",");
    }

    @Test
    void anUnknownClusterExitsOneNamingIt() {
        serveFleet();

        CliRunner result = get("clusters", "member9");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip()).isEqualTo("error: cluster member9 not found");
    }

    @Test
    void noClustersSaysSo() {
        serve(List.of());

        CliRunner result = get("clusters");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).contains("No clusters found: fedstream has had no heartbeat yet.");
    }

    @Test
    void getListsClustersAmongItsResourceTypes() {
        assertThat(CliRunner.run("get", "--help").out()).contains("clusters", "resourcebindings");
    }

    private CliRunner get(String... args) {
        return CliRunner.get(url, TOKEN, args);
    }
}
