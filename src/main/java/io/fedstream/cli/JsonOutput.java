package io.fedstream.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** Prints an answer of the query API as it came, in YAML or indented JSON ({@code -o yaml}, {@code -o json}). */
final class JsonOutput {

    private JsonOutput() {}

    static String render(JsonNode answer, boolean yaml) {
        try {
            ObjectMapper mapper = yaml
                    ? YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                            // As kubectl prints: quotes only where YAML needs them, so "1" stays a string.
                            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                            // A long reason stays on one line, for grep, as kubectl prints it.
                            .disable(YAMLGenerator.Feature.SPLIT_LINES)
                            .build()
                    : new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            String text = mapper.writeValueAsString(answer);
            return text.endsWith("\n") ? text : text + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the answer as " + (yaml ? "yaml" : "json"), e);
        }
    }
}
