package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a re-scale after a NoSchedule taint on a cluster that runs a share (docs/placement.md), checked line by line. */
class NoScheduleRescaleReplayTest {

    @TempDir Path stateDir;

    @Test
    void theTaintedClusterKeepsItsShareAndGrowsAsKarmadaDoes() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-noschedule-rescale.jsonl"), stateDir);

        assertThat(ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> !l.at("/value/placement").isNull())
                .map(l -> l.at("/value/placement/clusters").toString()).distinct().toList()).containsExactly(
                "[{\"name\":\"member1\",\"replicas\":2,\"components\":[]},{\"name\":\"member2\",\"replicas\":2,\"components\":[]}]",
                "[{\"name\":\"member1\",\"replicas\":3,\"components\":[]},{\"name\":\"member2\",\"replicas\":3,\"components\":[]}]");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> "REPLICAS_RESCALED".equals(l.at("/value/decision").asText()))
                .extracting(l -> l.at("/value/reason").asText())
                .containsExactly("4 -> 6 replicas (scaled up): member1 2 -> 3 pods (1 reserved), member2 2 -> 3 pods (1 reserved)");
        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).as("no copy purged").isEmpty();
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }
}
