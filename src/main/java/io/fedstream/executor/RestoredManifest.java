package io.fedstream.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.Problems;
import io.fedstream.place.CheckpointStorage;
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

    /**
     * An update of a copy that a migration created ({@code live} carries {@link ObjectMarks#MIGRATION_COMMAND}) keeps
     * what the migration restored, which the binding's manifest does not have: a Flink job's
     * {@code initialSavepointPath}, its stateful upgrade mode (a stateless one would restart the job from empty state on
     * the update) and the checkpoint storage's options in {@code flinkConfiguration}. The annotations and preserved-state
     * labels are kept as every label and annotation the cluster added ({@code RetainedFields}). {@code body} is changed.
     */
    static ObjectNode carryOver(ObjectNode body, JsonNode live) {
        String command = live.path("metadata").path("annotations").path(ObjectMarks.MIGRATION_COMMAND).asText(null);
        if (command == null || !FLINK_KINDS.contains(body.path("kind").asText())) {
            return body;
        }
        JsonNode liveJob = live.path("spec").path("job");
        ObjectNode spec = body.withObject("spec");
        if (liveJob.has("initialSavepointPath") && spec.path("job").isObject()) {
            ObjectNode job = spec.withObject("job");
            if (!job.has("initialSavepointPath")) {
                job.set("initialSavepointPath", liveJob.get("initialSavepointPath"));
            }
            if (STATEFUL_UPGRADE_MODES.contains(liveJob.path("upgradeMode").asText())
                    && !STATEFUL_UPGRADE_MODES.contains(job.path("upgradeMode").asText())) {
                job.set("upgradeMode", liveJob.get("upgradeMode"));
            }
        }
        String storage = live.path("metadata").path("annotations").path(ObjectMarks.CHECKPOINT_STORAGE).asText(null);
        if (storage != null) {
            JsonNode liveOptions = live.path("spec").path("flinkConfiguration");
            for (String option : CheckpointStorage.read(Cursor.root(parse(storage), new Problems())).entries().keySet()) {
                if (option.contains(".") && liveOptions.has(option) && !spec.path("flinkConfiguration").has(option)) {
                    spec.withObject("flinkConfiguration").set(option, liveOptions.get(option));
                }
            }
        }
        return body;
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
