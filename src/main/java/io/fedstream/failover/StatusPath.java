package io.fedstream.failover;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The JSONPath subset that statePreservation rules use on a workload's status: field steps and array
 * indexes, written {@code {.a.b}}, {@code {.a[0].b}} or plain {@code .a.b}.
 */
public final class StatusPath {

    private final String text;
    private final List<Object> steps;

    private StatusPath(String text, List<Object> steps) {
        this.text = text;
        this.steps = steps;
    }

    /** Parses a path; an unsupported expression fails here, when the policy is read, not at failover time. */
    public static StatusPath parse(String jsonPath) {
        Objects.requireNonNull(jsonPath, "jsonPath");
        String body = jsonPath.trim();
        if (body.startsWith("{") && body.endsWith("}")) {
            body = body.substring(1, body.length() - 1).trim();
        }
        if (body.startsWith("$")) {
            body = body.substring(1);
        }
        if (!body.startsWith(".") || body.length() < 2) {
            throw invalid(jsonPath, "must start with '.' and name a field");
        }
        List<Object> steps = new ArrayList<>();
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '.') {
                int end = i + 1;
                while (end < body.length() && body.charAt(end) != '.' && body.charAt(end) != '[') {
                    end++;
                }
                String field = body.substring(i + 1, end);
                if (field.isEmpty() || !field.matches("[A-Za-z0-9_-]+")) {
                    throw invalid(jsonPath, "unsupported field step '" + field + "'");
                }
                steps.add(field);
                i = end;
            } else if (c == '[') {
                int close = body.indexOf(']', i);
                String index = close < 0 ? "" : body.substring(i + 1, close);
                if (!index.matches("[0-9]{1,9}")) {
                    throw invalid(jsonPath, "only non-negative array indexes are supported, got '[" + index + "]'");
                }
                steps.add(Integer.valueOf(index));
                i = close + 1;
            } else {
                throw invalid(jsonPath, "unexpected '" + c + "' at " + i);
            }
        }
        return new StatusPath(jsonPath, List.copyOf(steps));
    }

    /** The node at this path, or empty when any step is missing or the value is JSON null. */
    public Optional<JsonNode> find(JsonNode root) {
        JsonNode node = root;
        for (Object step : steps) {
            if (node == null) {
                return Optional.empty();
            }
            node = step instanceof Integer ? node.get((Integer) step) : node.get((String) step);
        }
        return node == null || node.isNull() || node.isMissingNode() ? Optional.empty() : Optional.of(node);
    }

    @Override
    public String toString() {
        return text;
    }

    private static IllegalArgumentException invalid(String jsonPath, String why) {
        return new IllegalArgumentException("statePreservation jsonPath " + jsonPath + ": " + why);
    }
}
