package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code labelSelector} as Kubernetes reads it ({@code apimachinery/pkg/labels/selector.go}): requirements separated by
 * commas, all of which must hold: {@code key}, {@code !key}, {@code key=value}, {@code key==value}, {@code key!=value},
 * {@code key in (a,b)}, {@code key notin (a,b)}; an object without labels has none.
 */
final class LabelSelector implements Predicate<JsonNode> {

    static final LabelSelector EVERYTHING = new LabelSelector("", List.of());

    private static final String KEY = "([A-Za-z0-9][-A-Za-z0-9_./]*)";
    private static final Pattern SET = Pattern.compile("^" + KEY + "\\s+(in|notin)\\s+\\(([^)]*)\\)$");
    private static final Pattern COMPARE = Pattern.compile("^" + KEY + "\\s*(==|=|!=)\\s*([-A-Za-z0-9_.]*)$");
    private static final Pattern EXISTS = Pattern.compile("^(!?)" + KEY + "$");

    private final String text;
    private final List<Predicate<JsonNode>> requirements;

    private LabelSelector(String text, List<Predicate<JsonNode>> requirements) {
        this.text = text;
        this.requirements = requirements;
    }

    /** Parses the parameter; a requirement it cannot read is a bad request naming the parameter and the value. */
    static LabelSelector parse(String text) {
        if (text == null || text.isBlank()) {
            return EVERYTHING;
        }
        List<Predicate<JsonNode>> requirements = new ArrayList<>();
        for (String requirement : splitRequirements(text)) {
            requirements.add(requirement(requirement.strip(), text));
        }
        return new LabelSelector(text, List.copyOf(requirements));
    }

    /** The parameter as given, to pass on to another instance. */
    String text() {
        return text;
    }

    @Override
    public boolean test(JsonNode object) {
        JsonNode labels = object.path("metadata").path("labels");
        return requirements.stream().allMatch(requirement -> requirement.test(labels));
    }

    private static Predicate<JsonNode> requirement(String requirement, String whole) {
        Matcher set = SET.matcher(requirement);
        if (set.matches()) {
            String key = set.group(1);
            Set<String> values = Set.of(List.of(set.group(3).split(",")).stream().map(String::strip).toArray(String[]::new));
            boolean in = set.group(2).equals("in");
            return labels -> in == (labels.hasNonNull(key) && values.contains(labels.get(key).asText()));
        }
        Matcher compare = COMPARE.matcher(requirement);
        if (compare.matches()) {
            String key = compare.group(1);
            String value = compare.group(3);
            boolean equal = !compare.group(2).equals("!=");
            return labels -> equal == (labels.hasNonNull(key) && labels.get(key).asText().equals(value));
        }
        Matcher exists = EXISTS.matcher(requirement);
        if (exists.matches()) {
            String key = exists.group(2);
            boolean present = exists.group(1).isEmpty();
            return labels -> present == labels.hasNonNull(key);
        }
        throw new BadRequestException("labelSelector", whole, "cannot read the requirement \"" + requirement + "\"");
    }

    /** Splits at the commas outside parentheses: {@code a in (x,y),b} is two requirements. */
    private static List<String> splitRequirements(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }
}
