package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a moved Divided share's command (docs/overrides.md, "Migrations"), checked line by line. */
class MovedShareReplayTest {

    @TempDir Path stateDir;

    @Test
    void theMovedSharesCommandCarriesItsReplicasWhereNoOverrideRuleApplies() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-share-moved-replicas.jsonl"), stateDir);

        List<JsonNode> commands = ReplayRun.topic(lines, "fedstream.migrations");
        assertThat(commands).extracting(c -> c.at("/value/action").asText() + " " + c.at("/value/sourceCluster").asText() + "->"
                + c.at("/value/targetCluster").asText("-")).containsExactly("MIGRATE member1->member3", "PURGE member1->-");
        JsonNode migrate = commands.get(0).get("value");
        assertThat(migrate.get("targetReplicas").toString()).isEqualTo("{\"main\":2}");
        assertThat(migrate.get("targetManifest").isNull()).isTrue();
        assertThat(commands.get(1).at("/value/targetReplicas").toString()).as("a PURGE applies nothing").isEqualTo("{}");
        assertThat(placements(lines)).containsExactly("member1 2, member2 2 scheduler", "member3 2, member2 2 failover");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    /** Each placement the bindings show, as {@code name replicas, ...} and who decided it. */
    private static List<String> placements(List<JsonNode> lines) {
        List<String> out = new ArrayList<>();
        for (JsonNode line : ReplayRun.topic(lines, "fedstream.bindings")) {
            JsonNode placement = line.at("/value/placement");
            if (placement.isNull() || placement.isMissingNode()) {
                continue;
            }
            List<String> clusters = new ArrayList<>();
            placement.get("clusters").forEach(c -> clusters.add(c.get("name").asText() + " " + c.get("replicas").asLong()));
            String described = String.join(", ", clusters) + " " + placement.get("decidedBy").asText();
            if (out.isEmpty() || !out.get(out.size() - 1).equals(described)) {
                out.add(described);
            }
        }
        return out;
    }
}
