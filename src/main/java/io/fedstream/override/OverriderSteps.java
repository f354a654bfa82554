package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies one rule's overriders to a manifest in Karmada's order (image, command, args, labels,
 * annotations, plaintext; {@code overridemanager.go applyPolicyOverriders}), each with the
 * behaviour of its {@code pkg/util/overridemanager/} file. A step that cannot apply throws an
 * {@link OverrideException} naming the overrider (e.g. {@code imageOverrider[1]}) and the path.
 */
final class OverriderSteps {

    private static final String POD_SPEC = "/spec";
    private static final String TEMPLATE_POD_SPEC = "/spec/template/spec";
    /** Karmada finds containers by kind alone, whatever the group ({@code imageoverride.go}, {@code commandargsoverride.go}). */
    private static final Set<String> TEMPLATE_KINDS = Set.of("ReplicaSet", "Deployment", "DaemonSet", "StatefulSet", "Job");

    private OverriderSteps() {}

    static void apply(ObjectNode manifest, Overriders overriders) {
        for (int i = 0; i < overriders.image().size(); i++) {
            image(manifest, overriders.image().get(i), "imageOverrider[" + i + "]");
        }
        for (int i = 0; i < overriders.command().size(); i++) {
            commandArgs(manifest, overriders.command().get(i), "command", "commandOverrider[" + i + "]");
        }
        for (int i = 0; i < overriders.args().size(); i++) {
            commandArgs(manifest, overriders.args().get(i), "args", "argsOverrider[" + i + "]");
        }
        for (Overriders.LabelsAnnotations labels : overriders.labels()) {
            labelsAnnotations(manifest, labels, "labels");
        }
        for (Overriders.LabelsAnnotations annotations : overriders.annotations()) {
            labelsAnnotations(manifest, annotations, "annotations");
        }
        for (int i = 0; i < overriders.plaintext().size(); i++) {
            Overriders.Plaintext p = overriders.plaintext().get(i);
            try {
                JsonPatch.apply(manifest, p.operator(), p.path(), p.value());
            } catch (OverrideException e) {
                throw new OverrideException("plaintext[" + i + "]: " + e.getMessage());
            }
        }
    }

    /** The pointer of the pod spec holding the containers, or null when Karmada knows none for the kind. */
    private static String podSpec(ObjectNode manifest) {
        String kind = manifest.path("kind").asText("");
        if (kind.equals("Pod")) {
            return POD_SPEC;
        }
        return TEMPLATE_KINDS.contains(kind) ? TEMPLATE_POD_SPEC : null;
    }

    private static void image(ObjectNode manifest, Overriders.Image overrider, String field) {
        List<String> paths = new ArrayList<>();
        if (overrider.predicatePath() != null) {
            paths.add(overrider.predicatePath());
        } else {
            String podSpec = podSpec(manifest);
            JsonNode containers = podSpec == null ? null : JsonPatch.get(manifest, podSpec + "/containers");
            if (containers != null && containers.isArray()) {
                for (int c = 0; c < containers.size(); c++) {
                    paths.add(podSpec + "/containers/" + c + "/image");
                }
            }
        }
        for (String path : paths) {
            JsonNode current = JsonPatch.get(manifest, path);
            if (current == null || !current.isTextual()) {
                throw new OverrideException(field + ": " + path + (current == null
                        ? " does not exist in the manifest" : " is not a string image"));
            }
            try {
                ImageReference image = ImageReference.parse(current.textValue());
                image.override(overrider.component(), overrider.operator(), overrider.value());
                JsonPatch.apply(manifest, Overriders.Operator.replace, path, TextNode.valueOf(image.toString()));
            } catch (OverrideException e) {
                throw new OverrideException(field + ": " + path + ": " + e.getMessage());
            }
        }
    }

    private static void commandArgs(ObjectNode manifest, Overriders.CommandArgs overrider, String target, String field) {
        String podSpec = podSpec(manifest);
        JsonNode containers = podSpec == null ? null : JsonPatch.get(manifest, podSpec + "/containers");
        if (containers == null || !containers.isArray()) {
            return;
        }
        for (int c = 0; c < containers.size(); c++) {
            JsonNode container = containers.get(c);
            if (!container.isObject() || !overrider.containerName().equals(container.path("name").textValue())) {
                continue;
            }
            String path = podSpec + "/containers/" + c + "/" + target;
            JsonNode current = container.get(target);
            List<String> values = new ArrayList<>();
            if (current != null && !current.isNull()) {
                if (!current.isArray()) {
                    throw new OverrideException(field + ": " + path + " is not a list");
                }
                for (JsonNode element : current) {
                    if (!element.isTextual()) {
                        throw new OverrideException(field + ": " + path + " holds " + element + ", not a string");
                    }
                    values.add(element.textValue());
                }
            }
            if (overrider.operator() == Overriders.Operator.add) {
                values.addAll(overrider.value());
            } else {
                values.removeIf(overrider.value()::contains);
            }
            ArrayNode list = JsonNodeFactory.instance.arrayNode();
            values.forEach(list::add);
            // Karmada adds the field when it is absent, even when removing: the container then has an empty list.
            ((ObjectNode) container).set(target, list);
        }
    }

    private static void labelsAnnotations(ObjectNode manifest, Overriders.LabelsAnnotations overrider, String field) {
        JsonNode metadata = manifest.get("metadata");
        JsonNode current = metadata == null ? null : metadata.get(field);
        boolean exists = isStringMap(current);
        if (overrider.operator() == Overriders.Operator.add) {
            if (overrider.value().isEmpty() || (metadata != null && !metadata.isObject())) {
                return;
            }
            if (!exists) {
                // As Karmada's SetNestedStringMap: an absent (or malformed) map starts empty.
                current = (metadata == null ? manifest.putObject("metadata") : (ObjectNode) metadata).putObject(field);
            }
            for (Map.Entry<String, String> e : overrider.value().entrySet()) {
                ((ObjectNode) current).put(e.getKey(), e.getValue());
            }
            return;
        }
        if (!exists) {
            return;
        }
        ObjectNode map = (ObjectNode) current;
        for (Map.Entry<String, String> e : overrider.value().entrySet()) {
            if (!map.has(e.getKey())) {
                continue;
            }
            if (overrider.operator() == Overriders.Operator.remove) {
                map.remove(e.getKey());
            } else {
                map.put(e.getKey(), e.getValue());
            }
        }
    }

    private static boolean isStringMap(JsonNode node) {
        if (node == null || !node.isObject()) {
            return false;
        }
        for (JsonNode value : node) {
            if (!value.isTextual()) {
                return false;
            }
        }
        return true;
    }
}
