package io.fedstream.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One replay example of docs/examples/ run through the whole topology ({@link ReplayRun}), its output lines read as JSON. */
final class ReplayScript {

    static final ObjectMapper JSON = new ObjectMapper();

    private final List<JsonNode> lines;

    private ReplayScript(List<JsonNode> lines) {
        this.lines = lines;
    }

    /** Runs {@code docs/examples/<name>} with the default configuration, keeping state under {@code stateDir}. */
    static ReplayScript run(String name, Path stateDir) throws IOException {
        return new ReplayScript(ReplayRun.run(ReplayRun.example(name), stateDir));
    }

    /** The output lines written to {@code topic}, in order. */
    List<JsonNode> topic(String topic) {
        return ReplayRun.topic(lines, topic);
    }
}
