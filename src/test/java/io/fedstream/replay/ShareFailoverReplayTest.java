package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay examples of a failed share's re-schedule (docs/placement.md, "A failed cluster's share"), checked line by line. */
class ShareFailoverReplayTest {


    @TempDir Path stateDir;

    private static final String WEB = "apps/Deployment/shop/web";
    private static final String INCIDENT = "member1-1795946430000";

    @Test
    void staticWeightsExampleDividesTheReplicasAfreshOverTheClustersLeftAndPurgesTheFailedShareOnceTheOthersAreHealthy() throws IOException {
        List<JsonNode> lines = replay("replay-share-redivision.jsonl");

        assertThat(placements(lines)).containsExactly(
                "[{\"name\":\"member1\",\"replicas\":2,\"components\":[]},{\"name\":\"member2\",\"replicas\":1,\"components\":[]},{\"name\":\"member3\",\"replicas\":1,\"components\":[]}] scheduler",
                "[{\"name\":\"member2\",\"replicas\":2,\"components\":[]},{\"name\":\"member3\",\"replicas\":2,\"components\":[]}] failover");
        assertThat(decision(lines, "SHARES_REDIVIDED").at("/value/reason").asText()).isEqualTo("the share on member1 (2 pods) leaves the"
                + " placement and the re-schedule divides anew: member2 1 -> 2 pods (1 reserved), member3 1 -> 2 pods (1 reserved);"
                + " its copy is purged once the workload is healthy where it runs now, or gracePeriodSeconds 600 after");
        assertThat(commands(lines)).containsExactly("PURGE member1 " + WEB + "/" + INCIDENT + "/removed/member1/purge");
        assertThat(failoverDecisions(lines)).containsExactly("SHARES_REDIVIDED", "PURGE_ISSUED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void dynamicWeightExampleDividesTheMissingReplicasOverTheTwoClustersLeft() throws IOException {
        List<JsonNode> lines = replay("replay-share-redivision-dynamic.jsonl");

        assertThat(placements(lines)).containsExactly(
                "[{\"name\":\"member1\",\"replicas\":6,\"components\":[]},{\"name\":\"member2\",\"replicas\":4,\"components\":[]},{\"name\":\"member3\",\"replicas\":2,\"components\":[]}] scheduler",
                "[{\"name\":\"member2\",\"replicas\":8,\"components\":[]},{\"name\":\"member3\",\"replicas\":4,\"components\":[]}] failover");
        assertThat(decision(lines, "SHARES_REDIVIDED").at("/value/reason").asText()).contains("member2 4 -> 8 pods (4 reserved), member3 2 -> 4"
                + " pods (2 reserved)");
        assertThat(commands(lines)).containsExactly("PURGE member1 " + WEB + "/" + INCIDENT + "/removed/member1/purge");
        assertThat(failoverDecisions(lines)).containsExactly("SHARES_REDIVIDED", "PURGE_ISSUED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void retryExampleMovesTheShareToTheNextCandidateAfterTheFirstCommandFailed() throws IOException {
        List<JsonNode> lines = replay("replay-share-retry.jsonl");

        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " " + c.at("/value/attempt").asInt()
                        + " " + c.at("/value/sourceCluster").asText() + "->" + c.at("/value/targetCluster").asText() + " "
                        + c.at("/value/remainingCandidates") + " " + c.at("/value/issuedAt").asText())
                .containsExactly("MIGRATE 1 member1->member3 [\"member4\"] 2026-11-29T10:01:00Z", "MIGRATE 2 member1->member4 [] 2026-11-29T10:01:15Z");
        assertThat(placements(lines)).last().isEqualTo("[{\"name\":\"member4\",\"replicas\":null,\"components\":[]},{\"name\":\"member2\",\"replicas\":null,\"components\":[]}] failover");
        assertThat(failoverDecisions(lines)).containsExactly("MIGRATION_ISSUED", "MIGRATION_FAILED", "MIGRATION_ISSUED", "MIGRATION_STARTED",
                "MIGRATION_COMPLETED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void applicationFailoverExampleMovesTheFailingCopyAloneWithItsCheckpointAndDeltas() throws IOException {
        List<JsonNode> lines = replay("replay-share-application-failover.jsonl");

        List<JsonNode> commands = ReplayRun.topic(lines, "fedstream.migrations");
        assertThat(commands).extracting(c -> c.at("/value/action").asText() + " " + c.at("/value/sourceCluster").asText() + "->"
                + c.at("/value/targetCluster").asText("-")).containsExactly("MIGRATE member1->member3", "PURGE member1->-");
        JsonNode migrate = commands.get(0).get("value");
        assertThat(migrate.get("incidentId").asText()).isEqualTo("member1-1795946410000-application");
        assertThat(migrate.get("strategy").asText()).isEqualTo("CHECKPOINT");
        assertThat(migrate.at("/checkpoint/id").asLong()).isEqualTo(42);
        assertThat(migrate.at("/deltaReplay/fromOffsetExclusive").asLong()).isEqualTo(1);
        assertThat(migrate.at("/deltaReplay/toOffsetInclusive").asLong()).isEqualTo(4);
        assertThat(migrate.at("/deltaReplay/records").asLong()).isEqualTo(3);
        assertThat(migrate.get("issuedAt").asText()).isEqualTo("2026-11-29T10:00:40Z");
        assertThat(placements(lines)).containsExactly(
                "[{\"name\":\"member1\",\"replicas\":null,\"components\":[]},{\"name\":\"member2\",\"replicas\":null,\"components\":[]}] scheduler",
                "[{\"name\":\"member3\",\"replicas\":null,\"components\":[]},{\"name\":\"member2\",\"replicas\":null,\"components\":[]}] failover");
        assertThat(ReplayRun.topic(lines, "fedstream.cluster-state")).extracting(l -> l.at("/value/state").asText())
                .as("the clusters stay healthy").containsOnly("READY");
        assertThat(failoverDecisions(lines)).doesNotContain("MIGRATION_HELD").containsSubsequence("APPLICATION_FAILOVER", "MIGRATION_COMPLETED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    /** Each placement the bindings show, with who decided it. */
    private static List<String> placements(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> !l.at("/value/placement").isNull())
                .map(l -> l.at("/value/placement/clusters").toString() + " " + l.at("/value/placement/decidedBy").asText()).toList();
    }

    private static List<String> commands(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.migrations").stream().map(c -> c.at("/value/action").asText() + " " + c.at("/value/sourceCluster").asText()
                + " " + c.at("/value/commandId").asText()).toList();
    }

    private static List<String> failoverDecisions(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.audit").stream().filter(l -> "failover".equals(l.at("/value/stage").asText()))
                .map(l -> l.at("/value/decision").asText()).toList();
    }

    private static JsonNode decision(List<JsonNode> lines, String decision) {
        return ReplayRun.topic(lines, "fedstream.audit").stream().filter(l -> decision.equals(l.at("/value/decision").asText())).findFirst().orElseThrow();
    }

    private List<JsonNode> replay(String example) throws IOException {
        return ReplayRun.run(ReplayRun.example(example), stateDir);
    }
}
