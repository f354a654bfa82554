package io.fedstream.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.Problems;
import io.fedstream.place.CheckpointStorage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A migration as the API shows it: {@code metadata} names it in its workload's namespace ({@link MigrationKeys#name}, the
 * command id as an annotation), {@code spec}
 * is the MigrationCommand as issued and {@code status} where its life-cycle is (phase, reason, updatedAt); {@link #fromJson}
 * reads it back whole.
 */
public final class MigrationObject {

    public static final String API_VERSION = "fedstream.io/v1alpha1";
    public static final String KIND = "Migration";
    /** Annotation carrying the command id, the migration's identity in Kafka (its name cannot hold the id's slashes). */
    public static final String COMMAND_ID_ANNOTATION = "fedstream.io/command-id";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();

    private MigrationObject() {}

    public static ObjectNode toJson(MigrationRecord migration) {
        MigrationCommand command = migration.getCommand();
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", KIND);
        ObjectNode metadata = object.putObject("metadata")
                .put("name", MigrationKeys.name(migration))
                .put("namespace", MigrationKeys.namespace(migration))
                .put("creationTimestamp", time(command.getIssuedAt()));
        metadata.put("resourceVersion", Long.toString(migration.getUpdatedAt().toEpochMilli()));
        metadata.putObject("annotations").put(COMMAND_ID_ANNOTATION, command.getCommandId());
        object.set("spec", spec(command));
        object.putObject("status")
                .put("phase", migration.getPhase().name())
                .put("reason", migration.getReason())
                .put("updatedAt", time(migration.getUpdatedAt()));
        return object;
    }

    /** Reads an object written by {@link #toJson} back into the migration it shows (it shows all of it). */
    public static MigrationRecord fromJson(JsonNode object) {
        JsonNode spec = object.path("spec");
        JsonNode status = object.path("status");
        List<String> candidates = new ArrayList<>();
        spec.path("remainingCandidates").forEach(candidate -> candidates.add(candidate.asText()));
        List<ConsumerGroupOffset> offsets = new ArrayList<>();
        spec.path("consumerGroupOffsets").forEach(o -> offsets.add(ConsumerGroupOffset.newBuilder()
                .setGroup(o.path("group").asText()).setTopic(o.path("topic").asText())
                .setPartition(o.path("partition").asInt()).setOffset(o.path("offset").asLong()).build()));
        MigrationCommand command = MigrationCommand.newBuilder()
                .setCommandId(spec.path("commandId").asText())
                .setIncidentId(spec.path("incidentId").asText())
                .setWorkloadKey(spec.path("workloadKey").asText())
                .setAction(MigrationAction.valueOf(spec.path("action").asText()))
                .setAttempt(spec.path("attempt").asInt())
                .setSourceCluster(spec.path("sourceCluster").asText())
                .setTargetCluster(text(spec.path("targetCluster")))
                .setTargetRoomNote(text(spec.path("targetRoomNote")))
                .setRemainingCandidates(candidates)
                .setStrategy(MigrationStrategy.valueOf(spec.path("strategy").asText()))
                .setCheckpoint(spec.path("checkpoint").isObject() ? checkpoint(spec.path("checkpoint")) : null)
                .setDeltaReplay(spec.path("deltaReplay").isObject() ? deltas(spec.path("deltaReplay")) : null)
                .setConsumerGroupOffsets(offsets)
                .setPreservedState(strings(spec.path("preservedState")))
                .setPurgeMode(PurgeMode.valueOf(spec.path("purgeMode").asText()))
                .setGracePeriodSeconds(spec.path("gracePeriodSeconds").isNumber() ? spec.path("gracePeriodSeconds").asInt() : null)
                .setCheckpointStorage(checkpointStorage(spec.path("checkpointStorage")).entries())
                .setCheckpointStorageJson(checkpointStorage(spec.path("checkpointStorage")).json())
                .setFullStateBytes(spec.path("fullStateBytes").asLong())
                .setIncrementalBytes(spec.path("incrementalBytes").asLong())
                .setIssuedAt(time(spec.path("issuedAt")))
                .build();
        return MigrationRecord.newBuilder()
                .setCommand(command)
                .setPhase(MigrationRecordPhase.valueOf(status.path("phase").asText()))
                .setReason(text(status.path("reason")))
                .setUpdatedAt(time(status.path("updatedAt")))
                .build();
    }

    private static ObjectNode spec(MigrationCommand command) {
        ObjectNode spec = NODES.objectNode()
                .put("commandId", command.getCommandId())
                .put("incidentId", command.getIncidentId())
                .put("workloadKey", command.getWorkloadKey())
                .put("action", command.getAction().name())
                .put("attempt", command.getAttempt())
                .put("sourceCluster", command.getSourceCluster())
                .put("targetCluster", command.getTargetCluster());
        if (command.getTargetRoomNote() != null) {
            // Only a move beyond the target's reported room says why; every other command stays as it was shown.
            spec.put("targetRoomNote", command.getTargetRoomNote());
        }
        ArrayNode candidates = spec.putArray("remainingCandidates");
        command.getRemainingCandidates().forEach(candidates::add);
        spec.put("strategy", command.getStrategy().name());
        spec.set("checkpoint", command.getCheckpoint() == null ? NODES.nullNode() : checkpoint(command.getCheckpoint()));
        spec.set("deltaReplay", command.getDeltaReplay() == null ? NODES.nullNode() : deltas(command.getDeltaReplay()));
        ArrayNode offsets = spec.putArray("consumerGroupOffsets");
        for (ConsumerGroupOffset offset : command.getConsumerGroupOffsets()) {
            offsets.addObject().put("group", offset.getGroup()).put("topic", offset.getTopic())
                    .put("partition", offset.getPartition()).put("offset", offset.getOffset());
        }
        spec.set("preservedState", strings(command.getPreservedState()));
        spec.put("purgeMode", command.getPurgeMode().name());
        spec.put("gracePeriodSeconds", command.getGracePeriodSeconds());
        spec.set("checkpointStorage", checkpointStorage(command));
        return spec.put("fullStateBytes", command.getFullStateBytes())
                .put("incrementalBytes", command.getIncrementalBytes())
                .put("issuedAt", time(command.getIssuedAt()));
    }

    private static ObjectNode checkpoint(Checkpoint checkpoint) {
        return NODES.objectNode()
                .put("id", checkpoint.getId())
                .put("path", checkpoint.getPath())
                .put("stateSizeBytes", checkpoint.getStateSizeBytes())
                .put("completedAt", time(checkpoint.getCompletedAt()))
                .put("deltaPartition", checkpoint.getDeltaPartition())
                .put("deltaOffset", checkpoint.getDeltaOffset());
    }

    private static ObjectNode deltas(DeltaRange range) {
        return NODES.objectNode()
                .put("topic", range.getTopic())
                .put("partition", range.getPartition())
                .put("fromOffsetExclusive", range.getFromOffsetExclusive())
                .put("toOffsetInclusive", range.getToOffsetInclusive())
                .put("bytes", range.getBytes())
                .put("records", range.getRecords());
    }

    /** As the policy wrote it (any nesting) when the command carries that, else the flat map of an older command. */
    private static JsonNode checkpointStorage(MigrationCommand command) {
        if (command.getCheckpointStorageJson() == null) {
            return strings(command.getCheckpointStorage());
        }
        try {
            return JSON.readTree(command.getCheckpointStorageJson());
        } catch (JsonProcessingException e) {
            // fedstream writes this field from a parsed mapping; anything else is shown as the text it is.
            return NODES.textNode(command.getCheckpointStorageJson());
        }
    }

    private static Checkpoint checkpoint(JsonNode node) {
        return Checkpoint.newBuilder()
                .setId(node.path("id").asLong())
                .setPath(node.path("path").asText())
                .setStateSizeBytes(node.path("stateSizeBytes").asLong())
                .setCompletedAt(time(node.path("completedAt")))
                .setDeltaPartition(node.path("deltaPartition").isNumber() ? node.path("deltaPartition").asInt() : null)
                .setDeltaOffset(node.path("deltaOffset").isNumber() ? node.path("deltaOffset").asLong() : null)
                .build();
    }

    private static DeltaRange deltas(JsonNode node) {
        return DeltaRange.newBuilder()
                .setTopic(node.path("topic").asText())
                .setPartition(node.path("partition").asInt())
                .setFromOffsetExclusive(node.path("fromOffsetExclusive").asLong())
                .setToOffsetInclusive(node.path("toOffsetInclusive").asLong())
                .setBytes(node.path("bytes").asLong())
                .setRecords(node.path("records").asLong())
                .build();
    }

    /**
     * The checkpoint storage as {@link #checkpointStorage(MigrationCommand)} showed it: a flat map of strings (an older
     * command, or a mapping that was flat as written) has no verbatim form; a nested one is read as the policy's was.
     */
    private static CheckpointStorage checkpointStorage(JsonNode shown) {
        boolean flat = true;
        for (JsonNode value : shown) {
            flat &= value.isTextual();
        }
        return flat ? new CheckpointStorage(null, strings(shown)) : CheckpointStorage.read(Cursor.root(shown, new Problems()));
    }

    private static ObjectNode strings(Map<String, String> values) {
        ObjectNode node = NODES.objectNode();
        new TreeMap<>(values).forEach(node::put);
        return node;
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> values = new TreeMap<>();
        node.fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        return values;
    }

    private static String time(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant time(JsonNode node) {
        return node.isTextual() ? Instant.parse(node.asText()) : null;
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
