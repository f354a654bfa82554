package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/replay-static-assignment.jsonl: a cluster whose static assignment is full for a workload is tried last. */
class StaticAssignmentReplayTest {

    @TempDir Path stateDir;

    @Test
    void theSecondWorkloadRunsOnTheNextClusterInsteadOfWaitingForTheFullStaticAssignment() throws IOException {
        ReplayScript script = ReplayScript.run("replay-static-assignment.jsonl", stateDir);

        assertThat(script.topic("fedstream.bindings")).extracting(l -> l.get("key").asText().replace("apps/Deployment/shop/", "") + " "
                        + l.at("/value/admission/state").asText() + " " + l.at("/value/placement/clusters/0/name").asText("-") + " "
                        + l.at("/value/admission/fullStaticAssignments").toString())
                .as("one binding per workload, final: admitted and placed")
                .containsExactly(
                        "api ADMITTED member1 []",
                        "worker ADMITTED member2 [\"member1\"]");
        JsonNode status = script.topic("fedstream.quota-status").stream().reduce((a, b) -> b).orElseThrow().get("value");
        assertThat(status.at("/clusters")).extracting(c -> c.get("cluster").asText() + " " + c.at("/used/cpu").asText())
                .containsExactly("member1 2", "member2 2");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }
}
