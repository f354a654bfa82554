package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a Divided workload asked for more, then fewer replicas (docs/placement.md), checked line by line. */
class RescaleReplayTest {

    private static final String WEB = "apps/Deployment/shop/web";

    @TempDir Path stateDir;

    @Test
    void moreReplicasKeepEveryShareAndFewerShrinkThemInProportion() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-rescale.jsonl"), stateDir);

        assertThat(placements(lines)).containsExactly(
                "[{\"name\":\"member1\",\"replicas\":6,\"components\":[]},{\"name\":\"member2\",\"replicas\":4,\"components\":[]},{\"name\":\"member3\",\"replicas\":2,\"components\":[]}] scheduler",
                "[{\"name\":\"member1\",\"replicas\":10,\"components\":[]},{\"name\":\"member2\",\"replicas\":7,\"components\":[]},{\"name\":\"member3\",\"replicas\":3,\"components\":[]}] scheduler",
                "[{\"name\":\"member1\",\"replicas\":3,\"components\":[]},{\"name\":\"member2\",\"replicas\":2,\"components\":[]}] scheduler");
        assertThat(ReplayRun.roomReserved(lines)).as("the first placement's room; the growth's is in the REPLICAS_RESCALED reason")
                .containsExactly("reserved room on member1 (6 pods), member2 (4 pods), member3 (2 pods)");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> "REPLICAS_RESCALED".equals(l.at("/value/decision").asText()))
                .extracting(l -> l.at("/value/reason").asText()).containsExactly(
                        "12 -> 20 replicas (scaled up): member1 6 -> 10 pods (4 reserved), member2 4 -> 7 pods (3 reserved),"
                                + " member3 2 -> 3 pods (1 reserved)",
                        "20 -> 5 replicas (scaled down in proportion to what each cluster runs): member3 3 -> 0 pods (its copy is purged),"
                                + " member1 10 -> 3 pods, member2 7 -> 2 pods");
        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                + c.at("/value/sourceCluster").asText() + " " + c.at("/value/purgeMode").asText() + " " + c.at("/value/commandId").asText())
                .containsExactly("PURGE member3 Directly " + WEB + "/rescale-g3/removed/member3/purge");
        JsonNode lastStatus = ReplayRun.topic(lines, "fedstream.quota-status").stream().reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .containsExactly("member1=3", "member2=2");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    /** Each placement the bindings show, with who decided it, once per change. */
    private static List<String> placements(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> !l.at("/value/placement").isNull())
                .map(l -> l.at("/value/placement/clusters").toString() + " " + l.at("/value/placement/decidedBy").asText()).distinct().toList();
    }
}
