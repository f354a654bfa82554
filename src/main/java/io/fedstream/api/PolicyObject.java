package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fedstream.interpret.FieldError;
import io.fedstream.decide.PublishedPolicy;
import java.io.IOException;
import java.util.List;

/**
 * A propagation or override policy as the API shows it: Karmada's object as it was published ({@code apiVersion},
 * {@code kind}, {@code metadata}, {@code spec}), and a {@code status} saying whether fedstream holds it in force and,
 * when not, every problem, as {@code field}, {@code value} and {@code reason}.
 */
final class PolicyObject {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Reads a manifest written as JSON or YAML alike. */
    private static final YAMLMapper MANIFESTS = new YAMLMapper();

    private PolicyObject() {}

    static ObjectNode toJson(PublishedPolicy policy) {
        JsonNode manifest = manifest(policy.manifest());
        ObjectNode object = NODES.objectNode()
                .put("apiVersion", manifest.path("apiVersion").asText(""))
                .put("kind", policy.kind());
        ObjectNode metadata = object.putObject("metadata").put("name", policy.name());
        if (policy.namespace() != null) {
            metadata.put("namespace", policy.namespace());
        }
        object.set("spec", manifest.path("spec").isObject() ? manifest.get("spec") : NODES.objectNode());
        ObjectNode status = object.putObject("status").put("inForce", policy.problems().isEmpty());
        ArrayNode problems = status.putArray("problems");
        for (FieldError problem : policy.problems()) {
            problems.addObject().put("field", problem.field()).put("value", problem.value()).put("reason", problem.reason());
        }
        return object;
    }

    /** A list of kind {@code listKind}, e.g. {@code PropagationPolicyList}. */
    static ObjectNode listJson(String listKind, List<PublishedPolicy> policies) {
        ObjectNode list = NODES.objectNode().put("apiVersion", "policy.karmada.io/v1alpha1").put("kind", listKind);
        ArrayNode items = list.putArray("items");
        policies.forEach(policy -> items.add(toJson(policy)));
        return list;
    }

    /** The manifest as a tree; one that cannot be read (its problems say why) shows as an empty object. */
    private static JsonNode manifest(String text) {
        try {
            JsonNode tree = MANIFESTS.readTree(text);
            return tree == null ? NODES.objectNode() : tree;
        } catch (IOException e) {
            return NODES.objectNode();
        }
    }
}
