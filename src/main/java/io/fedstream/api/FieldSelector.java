package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code fieldSelector} over the fields every kind supports in Kubernetes, {@code metadata.name} and
 * {@code metadata.namespace}, with {@code =}, {@code ==} and {@code !=} ({@code kubectl get NAME --watch} asks for
 * {@code metadata.name=NAME}). Any other field is refused as kube-apiserver refuses it.
 */
final class FieldSelector implements Predicate<JsonNode> {

    static final FieldSelector EVERYTHING = new FieldSelector("", List.of(), Optional.empty());

    private static final Pattern TERM = Pattern.compile("^\\s*([A-Za-z.]+)\\s*(==|=|!=)\\s*(.*?)\\s*$");

    private final String text;
    private final List<Predicate<JsonNode>> terms;
    private final Optional<String> name;

    private FieldSelector(String text, List<Predicate<JsonNode>> terms, Optional<String> name) {
        this.text = text;
        this.terms = terms;
        this.name = name;
    }

    static FieldSelector parse(String text) {
        if (text == null || text.isBlank()) {
            return EVERYTHING;
        }
        List<Predicate<JsonNode>> terms = new ArrayList<>();
        Optional<String> name = Optional.empty();
        for (String term : text.split(",")) {
            Matcher matcher = TERM.matcher(term);
            if (!matcher.matches()) {
                throw new BadRequestException("fieldSelector", text, "cannot read the term \"" + term + "\"");
            }
            String field = matcher.group(1);
            String value = matcher.group(3);
            boolean equal = !matcher.group(2).equals("!=");
            String pointer = switch (field) {
                case "metadata.name" -> "/metadata/name";
                case "metadata.namespace" -> "/metadata/namespace";
                default -> throw new BadRequestException("fieldSelector", text, "field label not supported: " + field);
            };
            if (equal && field.equals("metadata.name")) {
                name = Optional.of(value);
            }
            terms.add(object -> equal == object.at(pointer).asText("").equals(value));
        }
        return new FieldSelector(text, List.copyOf(terms), name);
    }

    /** The one name the selector asks for ({@code metadata.name=NAME}), so that a reader can look it up instead of scanning. */
    Optional<String> name() {
        return name;
    }

    String text() {
        return text;
    }

    @Override
    public boolean test(JsonNode object) {
        return terms.stream().allMatch(term -> term.test(object));
    }
}
