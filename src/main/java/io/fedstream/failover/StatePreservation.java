package io.fedstream.failover;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * PropagationPolicy statePreservation: reads each rule's value from a workload's status and merges it with
 * the state preserved by earlier failovers, so values survive a workload failing over again before it
 * reported them anew (karmada-io/karmada#6232).
 */
public final class StatePreservation {

    /** Checkpoint ids and other numbers keep every digit as written, as Karmada keeps them (no float64 rounding). */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private final List<Rule> rules;

    /** One rule in Karmada's format: the value at jsonPath is preserved under aliasLabelName. */
    public record Rule(String aliasLabelName, StatusPath jsonPath) {

        public Rule {
            Objects.requireNonNull(aliasLabelName, "aliasLabelName");
            Objects.requireNonNull(jsonPath, "jsonPath");
        }

        public static Rule of(String aliasLabelName, String jsonPath) {
            return new Rule(aliasLabelName, StatusPath.parse(jsonPath));
        }
    }

    public StatePreservation(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * The values the rules find in the status JSON. A rule whose path is missing (or null) contributes
     * nothing, where Karmada fails the whole preservation; an unreadable status contributes nothing either.
     */
    public Map<String, String> extract(String statusJson) {
        Map<String, String> values = new TreeMap<>();
        if (statusJson == null || rules.isEmpty()) {
            return values;
        }
        JsonNode root;
        try {
            root = JSON.readTree(statusJson);
        } catch (JsonProcessingException e) {
            return values;
        }
        for (Rule rule : rules) {
            Optional<JsonNode> node = rule.jsonPath().find(root);
            node.ifPresent(n -> values.put(rule.aliasLabelName(), text(n)));
        }
        return values;
    }

    /** Previous values overlaid with fresh ones: new values win, old ones stay when the status lacks them. */
    public Map<String, String> preserve(String statusJson, Map<String, String> previous) {
        Map<String, String> merged = new TreeMap<>(previous == null ? Map.of() : previous);
        merged.putAll(extract(statusJson));
        return merged;
    }

    /** Scalars as their plain text, objects and arrays as compact JSON, as kubectl's jsonpath prints them. */
    private static String text(JsonNode node) {
        if (node.isValueNode()) {
            return node.isNumber() ? node.decimalValue().toPlainString() : node.asText();
        }
        return node.toString();
    }
}
