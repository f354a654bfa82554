package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/replay-silent-tainted-cluster.jsonl: a cluster FAILED by its own NoExecute taint that goes silent is unreachable too. */
class SilentTaintedClusterReplayTest {

    @TempDir Path stateDir;

    @Test
    void aClusterFailedByItsOwnTaintThatGoesSilentCarriesUnreachableAFailureThresholdAfterItsLastHeartbeat() throws IOException {
        ReplayScript script = ReplayScript.run("replay-silent-tainted-cluster.jsonl", stateDir);

        assertThat(script.topic("fedstream.cluster-state")).extracting(l -> l.get("key").asText() + " "
                        + l.at("/value/state").asText() + " " + l.at("/value/reason").asText())
                .as("no transition for the silence: FAILED all along")
                .containsExactly("member1 READY Joined", "member2 READY Joined", "member3 READY Joined", "member1 FAILED NoExecuteTaint");
        JsonNode unreachable = script.topic("fedstream.cluster-transitions").stream()
                .filter(l -> l.get("key").asText().equals("member1") && l.at("/value/reason").asText().equals("HeartbeatMissed"))
                .findFirst().orElseThrow();
        assertThat(unreachable.at("/value/state").asText()).isEqualTo("FAILED");
        assertThat(unreachable.at("/value/taints")).isEqualTo(ReplayScript.JSON.readTree("""
                [{"key":"maintenance","value":null,"effect":"NoExecute","timeAdded":"2026-11-29T10:00:10Z"},
                 {"key":"cluster.karmada.io/unreachable","value":null,"effect":"NoExecute","timeAdded":"2026-11-29T10:00:50Z"}]"""));
        assertThat(script.topic("fedstream.migrations")).extracting(c -> c.at("/value/workloadKey").asText() + " "
                        + c.at("/value/sourceCluster").asText() + "->" + c.at("/value/targetCluster").asText() + " at "
                        + c.at("/value/issuedAt").asText())
                .containsExactly("apps/Deployment/payments/checkout member1->member2 at 2026-11-29T10:01:50Z");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }
}
