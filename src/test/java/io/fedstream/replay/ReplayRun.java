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
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/** Runs a replay script through fedstream's own topology, as {@code fedstream replay} does, and reads its output lines back. */
final class ReplayRun {

    static final ObjectMapper JSON = new ObjectMapper();

    private ReplayRun() {}

    /** The example script {@code docs/examples/<file>}. */
    static String example(String file) throws IOException {
        return Files.readString(Path.of("docs/examples", file));
    }

    /** Every output line of the script, in order; the replay's own count of outputs must agree. */
    static List<JsonNode> run(String script, Path stateDir) throws IOException {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        StringWriter out = new StringWriter();
        ReplaySummary summary = new Replay(fedstream.topology(), fedstream.topics(), properties).run(new StringReader(script), out);
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isEmpty()) {
                lines.add(JSON.readTree(line));
            }
        }
        assertThat(summary.outputsByTopic().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(lines.size());
        return lines;
    }

    /** The lines written to {@code topic}. */
    static List<JsonNode> topic(List<JsonNode> lines, String topic) {
        return lines.stream().filter(l -> l.get("topic").asText().equals(topic)).toList();
    }

    /** The room each placement holds, as its {@code PLACED} audit event says it ({@code reserved room on ...}), in order. */
    static List<String> roomReserved(List<JsonNode> lines) {
        return topic(lines, "fedstream.audit").stream().filter(l -> "PLACED".equals(l.at("/value/decision").asText()))
                .map(l -> l.at("/value/reason").asText())
                .map(reason -> reason.substring(reason.indexOf("reserved room on ")))
                .toList();
    }

    /** Each cluster's pods per component of the first placement of the workload, as its {@code PLACED} event's details list them. */
    static JsonNode placedShares(List<JsonNode> lines, String workloadKey) throws IOException {
        JsonNode placed = topic(lines, "fedstream.audit").stream().filter(l -> "PLACED".equals(l.at("/value/decision").asText())
                && workloadKey.equals(l.at("/value/workloadKey").asText())).findFirst()
                .orElseThrow(() -> new AssertionError(workloadKey + " was never placed"));
        return JSON.readTree(placed.at("/value/details").asText()).get("shares");
    }
}
