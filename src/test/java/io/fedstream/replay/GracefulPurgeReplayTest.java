package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of the copies a drained cluster keeps, purged at Karmada's moment (docs/failover.md), checked line by line. */
class GracefulPurgeReplayTest {

    @TempDir Path stateDir;

    @Test
    void theCopyWhoseNewOneIsHealthyIsPurgedWhileTheClusterStaysTaintedAndTheOtherWaits() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-graceful-purge.jsonl"), stateDir);

        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                + c.at("/key").asText() + " " + c.at("/value/sourceCluster").asText() + " " + c.at("/value/purgeMode").asText() + " "
                + c.at("/value/gracePeriodSeconds").asText()).containsExactly(
                "MIGRATE apps/Deployment/shop/batch member1 Gracefully 600",
                "MIGRATE apps/Deployment/shop/web member1 Gracefully 600",
                "PURGE apps/Deployment/shop/web member1 Gracefully 0");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> "PURGE_ISSUED".equals(l.at("/value/decision").asText()))
                .extracting(l -> l.at("/value/reason").asText())
                .containsExactly("evicted from member1; purgeMode Gracefully: the new copy is healthy on member3");
        assertThat(ReplayRun.topic(lines, "fedstream.cluster-state")).extracting(l -> l.at("/value/state").asText()).last()
                .as("member1 stays tainted").isEqualTo("FAILED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }
}
