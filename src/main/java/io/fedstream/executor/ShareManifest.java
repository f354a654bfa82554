package io.fedstream.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.interpret.Interpreter;
import io.fedstream.override.ReplicaRevision;
import java.util.List;
import java.util.Map;

/**
 * The manifest a moved Divided share runs on its target: the command's manifest (its {@code targetManifest}, else the
 * workload's) with each component's count set to the share's pods ({@code targetReplicas}), as Karmada's
 * {@code ensureWork} revises every Work to its cluster's replicas. A count the built-in interpreter does not read from one
 * field (a FlinkDeployment's TaskManagers, a kind only an InterpreterCustomization knows) stays as written, as Karmada
 * leaves a kind without a ReviseReplica hook; the result names those components.
 */
final class ShareManifest {

    private static final ReplicaRevision REVISION = new ReplicaRevision(Interpreter.builtIn());
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ShareManifest() {}

    /** The manifest with the share's counts; the manifest itself when {@code replicas} is empty (no Divided share). */
    static ReplicaRevision.Revised of(String manifest, Map<String, Long> replicas) {
        if (replicas.isEmpty()) {
            return new ReplicaRevision.Revised(manifest, List.of());
        }
        String json;
        try {
            // The workloads topic accepts YAML; the revision reads JSON.
            json = YAML.readTree(manifest).toString();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("manifest: neither JSON nor YAML: " + e.getOriginalMessage(), e);
        }
        return REVISION.revise(json, replicas);
    }

    /** What the executor says of the components whose count stayed as written; null when every count was set. */
    static String unrevisedNote(ReplicaRevision.Revised revised, Map<String, Long> replicas) {
        if (revised.unrevised().isEmpty()) {
            return null;
        }
        return "the share's replicas of " + String.join(", ", revised.unrevised().stream().sorted().map(name -> name + " (" + replicas.get(name) + ")")
                .toList()) + " are not one field of the manifest: applied as written";
    }
}
