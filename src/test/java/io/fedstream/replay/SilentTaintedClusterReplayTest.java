package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/replay-silent-tainted-cluster.jsonl: a cluster FAILED by its own NoExecute taint that goes silent is unreachable too. */
class SilentTaintedClusterReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path stateDir;

    @Test
    void aClusterFailedByItsOwnTaintThatGoesSilentCarriesUnreachableAFailureThresholdAfterItsLastHeartbeat() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-silent-tainted-cluster.jsonl")));

        assertThat(topic(lines, "fedstream.cluster-state")).extracting(l -> l.get("key").asText() + " "
                        + l.at("/value/state").asText() + " " + l.at("/value/reason").asText())
                .as("no transition for the silence: FAILED all along")
                .containsExactly("member1 READY Joined", "member2 READY Joined", "member3 READY Joined", "member1 FAILED NoExecuteTaint");
        JsonNode unreachable = topic(lines, "fedstream.cluster-transitions").stream()
                .filter(l -> l.get("key").asText().equals("member1") && l.at("/value/reason").asText().equals("HeartbeatMissed"))
                .findFirst().orElseThrow();
        assertThat(unreachable.at("/value/state").asText()).isEqualTo("FAILED");
        assertThat(unreachable.at("/value/taints")).isEqualTo(JSON.readTree("""
                [{"key":"maintenance","value":null,"effect":"NoExecute","timeAdded":"2026-11-29T10:00:10Z"},
                 {"key":"cluster.karmada.io/unreachable","value":null,"effect":"NoExecute","timeAdded":"2026-11-29T10:00:50Z"}]"""));
        assertThat(topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/workloadKey").asText() + " "
                        + c.at("/value/sourceCluster").asText() + "->" + c.at("/value/targetCluster").asText() + " at "
                        + c.at("/value/issuedAt").asText())
                .containsExactly("apps/Deployment/payments/checkout member1->member2 at 2026-11-29T10:01:50Z");
        assertThat(topic(lines, "fedstream.dlq")).isEmpty();
    }

    private static List<JsonNode> topic(List<JsonNode> lines, String topic) {
        return lines.stream().filter(l -> l.get("topic").asText().equals(topic)).toList();
    }

    private List<JsonNode> replay(String script) throws IOException {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        StringWriter out = new StringWriter();
        new Replay(fedstream.topology(), fedstream.topics(), properties).run(new StringReader(script), out);
        return out.toString().lines().map(line -> {
            try {
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new IllegalStateException(line, e);
            }
        }).toList();
    }
}
