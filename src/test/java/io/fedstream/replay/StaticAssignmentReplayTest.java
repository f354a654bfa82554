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

/** docs/examples/replay-static-assignment.jsonl: a cluster whose static assignment is full for a workload is tried last. */
class StaticAssignmentReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path stateDir;

    @Test
    void theSecondWorkloadRunsOnTheNextClusterInsteadOfWaitingForTheFullStaticAssignment() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-static-assignment.jsonl")));

        assertThat(topic(lines, "fedstream.bindings")).extracting(l -> l.get("key").asText().replace("apps/Deployment/shop/", "") + " "
                        + l.at("/value/admission/state").asText() + " " + l.at("/value/placement/clusters/0/name").asText("-") + " "
                        + l.at("/value/admission/fullStaticAssignments").toString())
                .containsExactly(
                        "api ADMITTED - []",
                        "api ADMITTED member1 []",
                        "worker ADMITTED - [\"member1\"]",
                        "worker ADMITTED member2 []");
        JsonNode status = topic(lines, "fedstream.quota-status").stream().reduce((a, b) -> b).orElseThrow().get("value");
        assertThat(status.at("/clusters")).extracting(c -> c.get("cluster").asText() + " " + c.at("/used/cpu").asText())
                .containsExactly("member1 2", "member2 2");
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
