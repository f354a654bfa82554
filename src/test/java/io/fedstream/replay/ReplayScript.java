package io.fedstream.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/** One replay script of docs/examples/ run through the whole topology, its output lines read as JSON. */
final class ReplayScript {

    static final ObjectMapper JSON = new ObjectMapper();

    private final List<JsonNode> lines;

    private ReplayScript(List<JsonNode> lines) {
        this.lines = lines;
    }

    /** Runs {@code docs/examples/<name>} with the default configuration, keeping state under {@code stateDir}. */
    static ReplayScript run(String name, Path stateDir) throws IOException {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        StringWriter out = new StringWriter();
        new Replay(fedstream.topology(), fedstream.topics(), properties)
                .run(new StringReader(Files.readString(Path.of("docs/examples", name))), out);
        return new ReplayScript(out.toString().lines().map(line -> {
            try {
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new UncheckedIOException(line, e);
            }
        }).toList());
    }

    /** The output lines written to {@code topic}, in order. */
    List<JsonNode> topic(String topic) {
        return lines.stream().filter(l -> l.get("topic").asText().equals(topic)).toList();
    }
}
