package io.fedstream.replay;

import java.util.Map;
import java.util.TreeMap;

/** Counts what a replay read and wrote, for the closing line on stderr. */
public final class ReplaySummary {

    private long inputs;
    private final Map<String, Long> outputsByTopic = new TreeMap<>();

    void countInput() {
        inputs++;
    }

    void countOutput(String topic) {
        outputsByTopic.merge(topic, 1L, Long::sum);
    }

    public long inputs() {
        return inputs;
    }

    public Map<String, Long> outputsByTopic() {
        return Map.copyOf(outputsByTopic);
    }

    @Override
    public String toString() {
        return "replayed " + inputs + " input records; output records by topic: " + outputsByTopic;
    }
}
