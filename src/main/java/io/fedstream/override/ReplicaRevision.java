package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.interpret.ComponentRequirement;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sets a manifest's replica counts to one cluster's Divided share, as Karmada's binding controller revises the
 * manifest of a cluster's Work ({@code pkg/controllers/binding/common.go} {@code ensureWork}: the resource interpreter's
 * {@code ReviseReplica}, then the overrides). A component's count is written back to the field the interpreter read it
 * from, when it is read from that one field as a whole number (a Deployment's {@code spec.replicas}, a Job's
 * {@code spec.parallelism}); a count derived from several fields (a FlinkDeployment's TaskManagers from its
 * parallelism) is left as written and named in the result. A kind whose ResourceInterpreterCustomization has a
 * replicaRevision script is revised by that script instead, as Karmada does. Pure, no Kafka types.
 */
public final class ReplicaRevision {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The revised manifest (JSON) and the components whose count could not be written back.
     *
     * @param manifest the manifest with every revisable component's count set
     * @param unrevised names of the components whose count is not one field of the manifest
     */
    public record Revised(String manifest, List<String> unrevised) {

        public Revised {
            unrevised = List.copyOf(unrevised);
        }
    }

    private final Interpreter interpreter;

    public ReplicaRevision(Interpreter interpreter) {
        this.interpreter = interpreter;
    }

    /** The manifest with each component named in {@code replicas} set to that count; components not named keep theirs. */
    public Revised revise(String manifest, Map<String, Long> replicas) {
        JsonNode root;
        try {
            root = JSON.readTree(manifest);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the manifest is not JSON: " + e.getOriginalMessage(), e);
        }
        Interpretation interpretation = interpreter.interpret(manifest);
        Revised byScript = revisedByScript(root, interpretation, replicas);
        if (byScript != null) {
            return byScript;
        }
        Map<String, String> fields = interpretation.outcome() == Interpretation.Outcome.INTERPRETED ? interpreter.replicasFields(root) : Map.of();
        List<String> unrevised = new ArrayList<>();
        boolean changed = false;
        for (ComponentRequirement component : interpretation.components()) {
            Long wanted = replicas.get(component.name());
            if (wanted == null || wanted == component.replicas()) {
                continue;
            }
            if (writeBack(root, fields.get(component.name()), component.replicas(), wanted)) {
                changed = true;
            } else {
                unrevised.add(component.name());
            }
        }
        for (String name : replicas.keySet()) {
            if (interpretation.components().stream().noneMatch(c -> c.name().equals(name))) {
                unrevised.add(name);
            }
        }
        if (!changed) {
            return new Revised(manifest, unrevised);
        }
        try {
            return new Revised(JSON.writeValueAsString(root), unrevised);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a Jackson tree always serializes", e);
        }
    }

    /**
     * The manifest revised by its kind's replicaRevision script (a ResourceInterpreterCustomization's, Karmada's
     * {@code ReviseReplica}), for a workload of one component: Karmada revises the one replica count so; null when no
     * script covers the kind or the workload has several components.
     */
    private Revised revisedByScript(JsonNode root, Interpretation interpretation, Map<String, Long> replicas) {
        if (interpretation.outcome() != Interpretation.Outcome.INTERPRETED || interpretation.components().size() != 1) {
            return null;
        }
        Long wanted = replicas.get(interpretation.components().get(0).name());
        if (wanted == null) {
            return null;
        }
        return interpreter.reviseReplica(root, wanted).map(revised -> {
            try {
                return new Revised(JSON.writeValueAsString(revised), List.of());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("a Jackson tree always serializes", e);
            }
        }).orElse(null);
    }

    /**
     * Sets the field at {@code path} (dotted, with {@code [i]} indices) to {@code wanted} when it holds the count read
     * ({@code read}), or is absent under an existing object (a defaulted count); false otherwise.
     */
    private static boolean writeBack(JsonNode root, String path, long read, long wanted) {
        if (path == null || path.isEmpty()) {
            return false;
        }
        List<String> steps = new ArrayList<>();
        for (String part : path.split("\\.")) {
            int bracket = part.indexOf('[');
            steps.add(bracket < 0 ? part : part.substring(0, bracket));
            while (bracket >= 0) {
                int end = part.indexOf(']', bracket);
                steps.add(part.substring(bracket, end + 1));
                bracket = part.indexOf('[', end);
            }
        }
        JsonNode parent = root;
        for (int i = 0; i < steps.size() - 1 && parent != null; i++) {
            String step = steps.get(i);
            parent = step.startsWith("[") ? parent.get(Integer.parseInt(step.substring(1, step.length() - 1))) : parent.get(step);
        }
        String last = steps.get(steps.size() - 1);
        if (!(parent instanceof ObjectNode object) || last.startsWith("[")) {
            return false;
        }
        JsonNode current = object.get(last);
        boolean isTheCount = current == null || current.isNull() || current.canConvertToLong() && current.isIntegralNumber() && current.asLong() == read;
        if (!isTheCount) {
            return false;
        }
        object.put(last, wanted);
        return true;
    }
}
