package io.fedstream.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;

/** Parses one JSON line of a replay script into a step, with errors that name the line and the field. */
final class ReplayScriptParser {

    private static final Set<String> INPUT_FIELDS = Set.of("topic", "key", "value", "timestamp");
    private final ObjectMapper json = new ObjectMapper();

    /** Returns null for a blank line or a comment line starting with '#' or '//'. */
    ReplayStep parse(int lineNumber, String line) {
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#") || text.startsWith("//")) {
            return null;
        }
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (JsonProcessingException e) {
            throw error(lineNumber, "not a JSON object: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw error(lineNumber, "expected a JSON object, got " + text);
        }
        if (node.has("advanceWallClockMs")) {
            JsonNode millis = node.get("advanceWallClockMs");
            if (node.size() != 1 || !millis.canConvertToLong() || !millis.isIntegralNumber() || millis.longValue() < 0) {
                throw error(lineNumber, "advanceWallClockMs must be the only field and a whole number >= 0, got " + text);
            }
            return new ReplayStep.AdvanceWallClock(lineNumber, millis.longValue());
        }
        node.fieldNames().forEachRemaining(name -> {
            if (!INPUT_FIELDS.contains(name)) {
                throw error(lineNumber, "unknown field '" + name + "'; a line has topic, key, value, timestamp, or only advanceWallClockMs");
            }
        });
        JsonNode topic = node.get("topic");
        if (topic == null || !topic.isTextual() || topic.textValue().isBlank()) {
            throw error(lineNumber, "field 'topic' must be a topic name, got " + topic);
        }
        JsonNode key = node.get("key");
        if (key != null && !key.isNull() && !key.isTextual()) {
            throw error(lineNumber, "field 'key' must be a string or null, got " + key);
        }
        JsonNode value = node.get("value");
        return new ReplayStep.Input(
                lineNumber,
                topic.textValue(),
                key == null || key.isNull() ? null : key.textValue(),
                value == null || value.isNull() ? null : value,
                timestamp(lineNumber, node.get("timestamp")));
    }

    private static Long timestamp(int lineNumber, JsonNode timestamp) {
        if (timestamp == null || timestamp.isNull()) {
            return null;
        }
        if (timestamp.isIntegralNumber() && timestamp.canConvertToLong()) {
            return timestamp.longValue();
        }
        if (timestamp.isTextual()) {
            try {
                return Instant.parse(timestamp.textValue()).toEpochMilli();
            } catch (DateTimeParseException e) {
                throw error(lineNumber, "field 'timestamp' must be epoch millis or an ISO-8601 instant, got " + timestamp);
            }
        }
        throw error(lineNumber, "field 'timestamp' must be epoch millis or an ISO-8601 instant, got " + timestamp);
    }

    static ReplayException error(int lineNumber, String message) {
        return new ReplayException("line " + lineNumber + ": " + message);
    }
}
