package io.fedstream.interpret;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders interpretations for people and scripts (the CLI): per document apiVersion, kind,
 * namespace, name, outcome, interpreter, components with canonical quantity strings (their limits
 * only when the pod has any), the total, the total limits when any and, when any, the errors and the warnings,
 * always in that key order. JSON is one array; YAML is one document
 * per interpretation.
 */
public final class InterpretationRenderer {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build());

    private InterpretationRenderer() {}

    /** A JSON array with one object per interpretation. */
    public static String toJson(List<Interpretation> interpretations) {
        try {
            return JSON.writeValueAsString(interpretations.stream().map(InterpretationRenderer::document).toList()) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** YAML documents, one per interpretation, each starting with "---". */
    public static String toYaml(List<Interpretation> interpretations) {
        StringBuilder out = new StringBuilder();
        try {
            for (Interpretation interpretation : interpretations) {
                out.append(YAML.writeValueAsString(document(interpretation)));
            }
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static Map<String, Object> document(Interpretation i) {
        Map<String, Object> doc = new LinkedHashMap<>();
        WorkloadId id = i.workload();
        doc.put("apiVersion", id == null ? null : id.apiVersion());
        doc.put("kind", id == null ? null : id.kind());
        doc.put("namespace", id == null ? null : id.namespace());
        doc.put("name", id == null ? null : id.name());
        doc.put("outcome", i.outcome().name());
        doc.put("interpreter", i.interpreter());
        List<Map<String, Object>> components = new ArrayList<>();
        for (ComponentRequirement c : i.components()) {
            Map<String, Object> component = new LinkedHashMap<>();
            component.put("name", c.name());
            component.put("replicas", c.replicas());
            if (c.minReplicas() != null) {
                component.put("minReplicas", c.minReplicas());
            }
            if (c.maxReplicas() != null) {
                component.put("maxReplicas", c.maxReplicas());
            }
            component.put("perPod", c.perPod().toQuantities());
            component.put("total", c.total().toQuantities());
            if (!c.perPodLimits().isEmpty()) {
                component.put("perPodLimits", c.perPodLimits().toQuantities());
                component.put("totalLimits", c.totalLimits().toQuantities());
            }
            components.add(component);
        }
        doc.put("components", components);
        doc.put("total", i.total().toQuantities());
        if (!i.totalLimits().isEmpty()) {
            doc.put("totalLimits", i.totalLimits().toQuantities());
        }
        if (!i.errors().isEmpty()) {
            doc.put("errors", listed(i.errors()));
        }
        if (!i.warnings().isEmpty()) {
            doc.put("warnings", listed(i.warnings()));
        }
        return doc;
    }

    private static List<Map<String, Object>> listed(List<FieldError> fieldErrors) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (FieldError e : fieldErrors) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("field", e.field());
            entry.put("value", e.value());
            entry.put("reason", e.reason());
            out.add(entry);
        }
        return out;
    }
}
