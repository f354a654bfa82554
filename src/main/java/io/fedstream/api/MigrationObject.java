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
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A migration as the API shows it: {@code metadata} names it by command id in its workload's namespace, {@code spec}
 * is the MigrationCommand as issued and {@code status} where its life-cycle is (phase, reason, updatedAt).
 */
public final class MigrationObject {

    public static final String API_VERSION = "fedstream.io/v1alpha1";
    public static final String KIND = "Migration";
    public static final String LIST_KIND = "MigrationList";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();

    private MigrationObject() {}

    public static ObjectNode toJson(MigrationRecord migration) {
        MigrationCommand command = migration.getCommand();
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", KIND);
        object.putObject("metadata")
                .put("name", command.getCommandId())
                .put("namespace", MigrationKeys.namespace(migration))
                .put("creationTimestamp", time(command.getIssuedAt()));
        object.set("spec", spec(command));
        object.putObject("status")
                .put("phase", migration.getPhase().name())
                .put("reason", migration.getReason())
                .put("updatedAt", time(migration.getUpdatedAt()));
        return object;
    }

    public static ObjectNode listJson(List<MigrationRecord> migrations) {
        ObjectNode list = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", LIST_KIND);
        ArrayNode items = list.putArray("items");
        migrations.forEach(migration -> items.add(toJson(migration)));
        return list;
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

    private static ObjectNode strings(Map<String, String> values) {
        ObjectNode node = NODES.objectNode();
        new TreeMap<>(values).forEach(node::put);
        return node;
    }

    private static String time(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
