package io.fedstream.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import java.util.Map;
import java.util.Set;

/**
 * The object the executor applies on a migration's target: the workload's manifest plus the command's restore
 * information. Every object gets the command id as an annotation (so a redelivered command is recognised) and the
 * preserved state as labels (Karmada's statePreservation). A FlinkDeployment or FlinkSessionJob migrating by
 * CHECKPOINT starts from the checkpoint: {@code spec.job.initialSavepointPath}, and an upgrade mode that keeps state on
 * later upgrades ({@code savepoint} unless the manifest asks for {@code last-state}; {@code stateless} or none would drop
 * it). The checkpoint storage travels as an annotation, verbatim as the policy wrote it, and its flattened keys that
 * contain a dot (Flink options such as {@code s3.endpoint}, also {@code s3: {endpoint: ...}} written nested) also in
 * {@code spec.flinkConfiguration}.
 */
final class RestoredManifest {

    static final Set<String> FLINK_KINDS = Set.of("FlinkDeployment", "FlinkSessionJob");
    private static final Set<String> STATEFUL_UPGRADE_MODES = Set.of("savepoint", "last-state");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private RestoredManifest() {}

    /** The manifest to apply for this command; the workload's manifest is not changed. */
    static ObjectNode of(String manifestJson, MigrationCommand command) {
        ObjectNode object = parse(manifestJson);
        ObjectNode metadata = object.withObject("metadata");
        metadata.remove("resourceVersion");
        metadata.withObject("annotations").put(ObjectMarks.MIGRATION_COMMAND, command.getCommandId());
        if (!command.getPreservedState().isEmpty()) {
            ObjectNode labels = metadata.withObject("labels");
            command.getPreservedState().forEach(labels::put);
        }
        if (command.getCheckpointStorageJson() != null) {
            metadata.withObject("annotations").put(ObjectMarks.CHECKPOINT_STORAGE, command.getCheckpointStorageJson());
        } else if (!command.getCheckpointStorage().isEmpty()) {
            // A command of an older fedstream carries only the flat map.
            metadata.withObject("annotations").put(ObjectMarks.CHECKPOINT_STORAGE, JSON.valueToTree(command.getCheckpointStorage()).toString());
        }
        if (FLINK_KINDS.contains(object.path("kind").asText()) && command.getStrategy() == MigrationStrategy.CHECKPOINT) {
            restoreFlink(object, command);
        }
        return object;
    }

    private static void restoreFlink(ObjectNode object, MigrationCommand command) {
        ObjectNode spec = object.withObject("spec");
        if (command.getCheckpoint() != null) {
            ObjectNode job = spec.withObject("job");
            job.put("initialSavepointPath", command.getCheckpoint().getPath());
            if (!STATEFUL_UPGRADE_MODES.contains(job.path("upgradeMode").asText())) {
                job.put("upgradeMode", "savepoint");
            }
        }
        for (Map.Entry<String, String> option : command.getCheckpointStorage().entrySet()) {
            if (option.getKey().contains(".")) {
                spec.withObject("flinkConfiguration").put(option.getKey(), option.getValue());
            }
        }
    }

    private static ObjectNode parse(String manifestJson) {
        try {
            // JSON is YAML, and the workloads topic accepts both.
            JsonNode root = YAML.readTree(manifestJson);
            if (root instanceof ObjectNode object) {
                return object;
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("manifest: neither JSON nor YAML: " + e.getOriginalMessage(), e);
        }
        throw new IllegalArgumentException("manifest: not a JSON object");
    }
}
