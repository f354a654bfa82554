package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/replay-static-assignment-divided.jsonl: a full static assignment gets no share of a Divided workload. */
class StaticAssignmentDividedReplayTest {

    @TempDir Path stateDir;

    @Test
    void theReplicasAreDividedOverTheClustersWhoseAssignmentsHoldThem() throws IOException {
        ReplayScript script = ReplayScript.run("replay-static-assignment-divided.jsonl", stateDir);

        assertThat(script.topic("fedstream.bindings")).extracting(l -> l.at("/value/admission/state").asText() + " "
                        + l.at("/value/placement/clusters").toString() + " " + l.at("/value/admission/fullStaticAssignments").toString())
                .as("one binding, final: admitted and placed")
                .containsExactly(
                        "ADMITTED [{\"name\":\"member2\",\"replicas\":2,\"components\":[]},{\"name\":\"member3\",\"replicas\":2,\"components\":[]}] [\"member1\"]");
        JsonNode status = script.topic("fedstream.quota-status").stream().reduce((a, b) -> b).orElseThrow().get("value");
        assertThat(status.at("/clusters")).extracting(c -> c.get("cluster").asText() + " " + c.at("/used/cpu").asText())
                .containsExactly("member1 0", "member2 2", "member3 2");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }
}
