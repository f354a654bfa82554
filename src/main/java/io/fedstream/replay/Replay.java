package io.fedstream.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.serde.AvroJson;
import io.fedstream.serde.AvroJsonException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/**
 * Runs the whole topology offline with TopologyTestDriver over a replay script (JSON lines) and writes every
 * output record as a JSON line {@code {"topic","key","value","timestamp","headers"}}.
 */
public final class Replay {

    private final Topology topology;
    private final Map<String, Topic<String, ?>> topicsByName = new LinkedHashMap<>();
    private final Properties properties;
    private final ObjectMapper json = new ObjectMapper();

    public Replay(Topology topology, Topics topics, Properties properties) {
        this.topology = topology;
        this.properties = properties;
        for (Topic<?, ?> topic : topics.all()) {
            @SuppressWarnings("unchecked")
            Topic<String, ?> stringKeyed = (Topic<String, ?>) topic;
            topicsByName.put(topic.name(), stringKeyed);
        }
    }

    /** Runs the script; every line is checked before the first record is piped in. */
    public ReplaySummary run(Reader script, Writer out) throws IOException {
        List<ReplayStep> steps = parse(script);
        Set<String> inputs = nodeTopics(TopologyDescription.Source.class);
        Set<String> outputs = nodeTopics(TopologyDescription.Sink.class);
        for (ReplayStep step : steps) {
            if (step instanceof ReplayStep.Input input && !inputs.contains(input.topic())) {
                throw ReplayScriptParser.error(input.line(), "topic '" + input.topic() + "' is not an input of the topology; inputs: " + inputs);
            }
        }
        Instant now = steps.stream()
                .filter(s -> s instanceof ReplayStep.Input i && i.timestamp() != null)
                .map(s -> Instant.ofEpochMilli(((ReplayStep.Input) s).timestamp()))
                .findFirst()
                .orElse(Instant.EPOCH);
        ReplaySummary summary = new ReplaySummary();
        try (TopologyTestDriver driver = new TopologyTestDriver(topology, properties, now)) {
            Map<String, TestOutputTopic<String, ?>> outputTopics = new LinkedHashMap<>();
            for (String name : topicsByName.keySet()) {
                if (!outputs.contains(name)) {
                    continue;
                }
                Topic<String, ?> topic = topicsByName.get(name);
                outputTopics.put(name, driver.createOutputTopic(name, Serdes.String().deserializer(), topic.valueSerde().deserializer()));
            }
            for (ReplayStep step : steps) {
                if (step instanceof ReplayStep.AdvanceWallClock advance) {
                    driver.advanceWallClockTime(Duration.ofMillis(advance.millis()));
                    now = now.plusMillis(advance.millis());
                } else {
                    ReplayStep.Input input = (ReplayStep.Input) step;
                    pipe(driver, input, input.timestamp() == null ? now : Instant.ofEpochMilli(input.timestamp()));
                    summary.countInput();
                }
                for (Map.Entry<String, TestOutputTopic<String, ?>> output : outputTopics.entrySet()) {
                    for (TestRecord<String, ?> record : output.getValue().readRecordsToList()) {
                        out.write(json.writeValueAsString(render(output.getKey(), record)));
                        out.write('\n');
                        summary.countOutput(output.getKey());
                    }
                }
            }
        }
        out.flush();
        return summary;
    }

    private List<ReplayStep> parse(Reader script) throws IOException {
        ReplayScriptParser parser = new ReplayScriptParser();
        List<ReplayStep> steps = new ArrayList<>();
        BufferedReader lines = new BufferedReader(script);
        int number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            ReplayStep step = parser.parse(++number, line);
            if (step != null) {
                steps.add(step);
            }
        }
        return steps;
    }

    private <V> void pipe(TopologyTestDriver driver, ReplayStep.Input input, Instant timestamp) {
        @SuppressWarnings("unchecked")
        Topic<String, V> topic = (Topic<String, V>) topicsByName.get(input.topic());
        TestInputTopic<String, V> inputTopic =
                driver.createInputTopic(topic.name(), Serdes.String().serializer(), topic.valueSerde().serializer());
        inputTopic.pipeInput(input.key(), value(input, topic), timestamp);
    }

    private static <V> V value(ReplayStep.Input input, Topic<String, V> topic) {
        if (input.value() == null) {
            return null;
        }
        try {
            if (topic.valueType() == byte[].class) {
                if (!input.value().isTextual()) {
                    throw new AvroJsonException("value: expected base64 text for topic " + topic.name() + ", got " + input.value());
                }
                return topic.valueType().cast(Base64.getDecoder().decode(input.value().textValue()));
            }
            @SuppressWarnings({"unchecked", "rawtypes"})
            V record = (V) AvroJson.toSpecific(input.value(), (Class) topic.valueType());
            return record;
        } catch (AvroJsonException | IllegalArgumentException e) {
            throw ReplayScriptParser.error(input.line(), e.getMessage());
        }
    }

    private ObjectNode render(String topic, TestRecord<String, ?> record) {
        ObjectNode line = json.createObjectNode();
        line.put("topic", topic);
        line.put("key", record.key());
        line.set("value", renderValue(record.value()));
        line.put("timestamp", record.timestamp());
        ObjectNode headers = line.putObject("headers");
        for (Header header : record.headers()) {
            headers.put(header.key(), header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8));
        }
        return line;
    }

    private JsonNode renderValue(Object value) {
        if (value == null) {
            return json.nullNode();
        }
        if (value instanceof byte[] bytes) {
            return json.getNodeFactory().textNode(Base64.getEncoder().encodeToString(bytes));
        }
        return AvroJson.toJson((SpecificRecord) value);
    }

    private Set<String> nodeTopics(Class<? extends TopologyDescription.Node> type) {
        Set<String> names = new LinkedHashSet<>();
        if (type == TopologyDescription.Source.class) {
            topology.describe().globalStores().forEach(store -> names.addAll(store.source().topicSet()));
        }
        for (TopologyDescription.Subtopology subtopology : topology.describe().subtopologies()) {
            for (TopologyDescription.Node node : subtopology.nodes()) {
                if (node instanceof TopologyDescription.Source source && type == TopologyDescription.Source.class) {
                    names.addAll(source.topicSet());
                } else if (node instanceof TopologyDescription.Sink sink && type == TopologyDescription.Sink.class) {
                    names.add(sink.topic());
                }
            }
        }
        return names;
    }
}
