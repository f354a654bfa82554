package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a Lazy policy whose change reaches its placed workload with the workload's next version (docs/placement.md). */
class PolicyLazyReplayTest {

    private static final String WEB = "apps/Deployment/shop/web";

    @TempDir Path stateDir;

    @Test
    void aLazyPolicysChangedPlacementWaitsForTheWorkloadsNextVersion() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-policy-lazy.jsonl"), stateDir);

        assertThat(ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> !l.at("/value/placement").isNull())
                .map(l -> l.at("/value/generation").asText() + " " + l.at("/value/placement/clusters").toString()))
                .as("generation 1 keeps 6/4/2 after the change; generation 2 comes with it and is published once, scheduled again"
                        + " (its binding waits while the growth waits for room: the old placement with the new version is no decision)")
                .containsExactly(
                        "1 [{\"name\":\"member1\",\"replicas\":6,\"components\":[]},{\"name\":\"member2\",\"replicas\":4,\"components\":[]},{\"name\":\"member3\",\"replicas\":2,\"components\":[]}]",
                        "2 [{\"name\":\"member1\",\"replicas\":8,\"components\":[]},{\"name\":\"member2\",\"replicas\":4,\"components\":[]}]");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> l.at("/value/decision").asText().startsWith("POLICY_"))
                .extracting(l -> l.at("/value/decision").asText() + ": " + l.at("/value/reason").asText())
                .containsExactly("POLICY_RESCHEDULED: PropagationPolicy shop/web changed (clusterAffinity): member3 2 -> 0 pods (its copy is"
                        + " purged), member1 6 -> 8 pods (2 reserved), member2 4 -> 4 pods");
        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                        + c.at("/value/sourceCluster").asText() + " " + c.at("/value/purgeMode").asText())
                .containsExactly("PURGE member3 Directly");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }
}
